"""Wording seen by new users: plurals, labels and sentences that say what they mean."""
import re

import pytest
from django.urls import reverse
from django.utils import translation

from duels.pages.declaration_summary import next_line
from duels.services.errors import DuelError
from tests.factories.accounts import UserFactory
from tests.support.duels import post, started_duel
from tests.support.web import client_for, text


def test_two_defenders_defend_in_the_plural():
    outcome = {"status": "running", "defence_follows": True, "expected_posters": ["g", "c"]}
    names = {"g": "ginny", "c": "cho"}
    assert "ginny, cho se défendent." in next_line(outcome, names, turn=1)
    assert "ginny se défend." in next_line({**outcome, "expected_posters": ["g"]}, names, turn=1)
    with translation.override("en"):
        assert "ginny, cho defend." in next_line(outcome, names, turn=1)


def test_refusals_name_the_higher_level_attempt_as_the_form_does():
    for code in ("spell-level", "modulation-level"):
        message = DuelError(code).message
        assert "survol" not in message and "tentative de niveau supérieur" in message
    with translation.override("en"):
        assert "higher-level attempt" in DuelError("spell-level").message


@pytest.mark.django_db
def test_the_referee_queue_names_teams_as_the_duel_page_does():
    duel, referee, (a1, a2, b1, b2) = started_duel(format="2v2", years=(3, 3, 3, 3))
    for p in (a1, a2, b1, b2):
        post(duel, p, [])  # every post in: the declaration is due
    teams = f"{a1.duellist.forum_name} &amp; {a2.duellist.forum_name}"
    opponents = f"{b1.duellist.forum_name} &amp; {b2.duellist.forum_name}"
    queue = text(client_for(referee).get(reverse("duels:referee")))
    duel_page = text(client_for(referee).get(reverse("duels:duel", args=[duel.pk])))
    adjudicate = text(client_for(referee).get(reverse("duels:adjudicate", args=[duel.pk])))
    for page in (queue, duel_page, adjudicate):
        assert re.search(rf">{re.escape(teams)}</span>\s*contre\s*<span[^>]*>{re.escape(opponents)}<", page)


@pytest.mark.django_db
def test_the_referee_is_sent_to_adjudicate_not_told_they_spectate():
    duel, referee, _participants = started_duel()
    page = text(client_for(referee).get(reverse("duels:duel", args=[duel.pk])))
    acts = page.split('id="agir"', 1)[1]
    assert "en spectateur" not in acts and "data-referee-link" in acts
    assert f'href="{reverse("duels:adjudicate", args=[duel.pk])}"' in acts.split("data-referee-link", 1)[1][:300]
    visitor = text(client_for(UserFactory(username="curieux")).get(reverse("duels:duel", args=[duel.pk])))
    assert "en spectateur" in visitor and "data-referee-link" not in visitor
