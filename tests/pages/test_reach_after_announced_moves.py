"""The action form's reach hints agree with the stage: they count the moves already announced by the
duellists who posted earlier in the phase (the declaration resolves those first), not the positions as
the phase opened."""
import re

import pytest
from django.urls import reverse

from tests.factories.duels import TEST_SPELLS
from tests.support.duels import post, started_duel
from tests.support.web import client_for, text

pytestmark = pytest.mark.django_db

JINX = {"slug": "jinx", "name": "Maléfice court", "level": 1, "range": 2, "type": None, "tags": [],
        "target": "opponent", "effect": {"damage": 2}}


def jinx_option(page: str, target: str) -> str:
    options = re.findall(r'<option value="[^"]*" data-pos="(\d+)" data-label="([^"]*)"[^>]*>([^<]*)</option>',
                         page.split('name="target-jinx__0__0"', 1)[1].split("</select>", 1)[0])
    return next(f"{pos}|{shown}" for pos, label, shown in options if label.startswith(target))


def test_the_targets_distance_counts_the_move_announced_before():
    duel, _referee, (a, b) = started_duel(spells=[*TEST_SPELLS, JINX])  # a in zone 4, b in zone 8
    url = reverse("duels:duel", args=[duel.pk])
    before = jinx_option(text(client_for(a.duellist.user).get(url)), b.duellist.forum_name)
    assert before.startswith("8|") and "distance 4" in before and "hors de portée" in before

    post(duel, b, [{"move": 6}])  # b posts first and walks to zone 6
    page = text(client_for(a.duellist.user).get(url))
    assert "déplacements déjà annoncés" in page  # the stage lists the move
    after = jinx_option(page, b.duellist.forum_name)
    assert after.startswith("6|") and "distance 2" in after and "à portée" in after
    assert "data-after-announced" in page


def test_moves_stop_where_the_engine_stops_them():
    duel, _referee, (a, b) = started_duel(spells=[*TEST_SPELLS, JINX])
    post(duel, b, [{"move": 2}])  # blocked by a in zone 4: b stops in zone 5
    after = jinx_option(text(client_for(a.duellist.user).get(reverse("duels:duel", args=[duel.pk]))),
                        b.duellist.forum_name)
    assert after.startswith("5|") and "distance 1" in after
