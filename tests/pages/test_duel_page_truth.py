"""The stage shows the moves already announced in the phase; a declaration
(on the page and in its forum copy) says what each die decided and then what happened, where everyone
stands, the winners by name and what comes next."""
import html
import re

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories.duels import TEST_SPELLS
from tests.support.duels import bet_for, declare, post, started_duel
from tests.support.web import client_for, text

pytestmark = pytest.mark.django_db
SPELLS = [*TEST_SPELLS, {"slug": "jab", "name": "Petit coup", "incantation": "Pungo", "level": 1, "range": 3,
                         "type": None, "tags": [], "target": "opponent", "effect": {"damage": 2}}]


def page_of(user, duel) -> str:
    return html.unescape(text(client_for(user).get(reverse("duels:duel", args=[duel.pk]))))


def test_the_stage_shows_the_moves_already_announced():
    duel, _referee, (a, b) = started_duel(spells=SPELLS)
    post(duel, a, [{"move": 6}])
    page = page_of(b.duellist.user, duel)
    assert f"{a.duellist.forum_name} → zone 6" in page and "annoncé : " not in page


def test_the_page_names_who_is_still_expected_and_by_when():
    duel, _referee, (a, b) = started_duel(spells=SPELLS)
    waiting = re.compile(r'<div class="waiting">(.*?)</div>', re.S)
    both = waiting.search(page_of(a.duellist.user, duel)).group(1)
    assert a.duellist.forum_name in both and b.duellist.forum_name in both
    post(duel, a, [{"move": 6}])
    page = page_of(b.duellist.user, duel)
    left = waiting.search(page).group(1)
    assert b.duellist.forum_name in left and a.duellist.forum_name not in left
    deadline = duel.windows.get(state="open").slots.get(participant=b).deadline
    assert f"avant le <time datetime=\"{timezone.localtime(deadline).isoformat()}\">" in left
    assert "À vous de poster" in page


def test_a_won_bet_that_misses_on_range_is_not_called_a_success():
    duel, referee, (a, b) = started_duel(spells=SPELLS)  # 4 and 8: distance 4, range 3
    post(duel, a, [{"cast": "jab", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [])
    declare(duel, referee)
    page = page_of(a.duellist.user, duel)
    assert "pari gagné, mais le sort manque : hors de portée" in page
    rolls = page.split('<ul class="rolls">')[1].split("</ul>")[0]
    assert "réussi" not in rolls
    assert "Pungo — Petit coup" in page  # the incantation with the name, in the thread


def test_the_forum_copy_ends_with_the_standings_the_winner_by_name_and_what_is_next():
    duel, referee, (a, b) = started_duel(spells=SPELLS)
    post(duel, a, [])
    post(duel, b, [{"move": 7}])
    declare(duel, referee)
    page = page_of(a.duellist.user, duel)
    copy = page.split('class="bbcode-text"')[-1].split("</textarea>")[0]
    assert "[u]Après la déclaration[/u]" in copy
    assert f"{b.duellist.forum_name} : 15/16 PF" in copy and "zone 7" in copy
    assert "Suite : tour 2, phase d'action — chacun poste avant le" in copy

    post(duel, a, [{"cast": "coup", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [])
    declare(duel, referee)
    post(duel, b, [{"nothing": True}], text="")
    declare(duel, referee)
    page = page_of(a.duellist.user, duel)
    assert f"Victoire de {a.duellist.forum_name} !" in page and "l'équipe 1" not in page
    copy = page.split('class="bbcode-text"')[-1].split("</textarea>")[0]
    assert f"Victoire de {a.duellist.forum_name} !" in copy and "Le duel est terminé." in copy
    assert "hors combat" in copy
