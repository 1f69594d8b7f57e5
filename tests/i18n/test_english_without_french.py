"""English readers get no French: the replay's events and dice, a zone spell's aim, the colon after a
label, the charts' PF/PM (as the stage says), the next step's date, "Duel no." everywhere."""
from __future__ import annotations

import datetime as dt
import re

import pytest
from django.test import Client
from django.urls import reverse

from duels.services import forfeit
from tests.factories.duels import TEST_SPELLS
from tests.support.duels import bet_for, declare, post, started_duel

pytestmark = pytest.mark.django_db
QUAKE = {"slug": "quake", "name": "Secousse", "level": 1, "range": 11, "radius": 0, "type": None,
         "tags": ["ZONE"], "target": "zone", "effect": {"damage": 2}}


def shown(html: str) -> str:
    """The page without its forum copies (BBCode for the French forum, in French by design) and without
    its CSRF tokens (random letters: « FP » may turn up in them)."""
    html = re.sub(r"<textarea[^>]*>.*?</textarea>", "", html, flags=re.S)
    return re.sub(r"[A-Za-z0-9]{32,}", "", html)


def english() -> Client:
    client = Client()
    client.cookies["django_language"] = "en"
    return client


@pytest.fixture
def first_turn_declared(time_machine):
    time_machine.move_to(dt.datetime(2026, 12, 4, 7, 0, tzinfo=dt.UTC), tick=False)
    duel, referee, (a, b) = started_duel(spells=[*TEST_SPELLS, QUAKE])
    post(duel, a, [{"cast": "quake", "zone": 8, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [{"cast": "bolt", "target": a.engine_id, "bet": bet_for(duel, order=2, win=False)}])
    declare(duel, referee)
    return duel, referee, a, b


def test_the_duel_page_in_english_has_no_french_punctuation_or_dates(first_turn_declared):
    duel, _referee, _a, _b = first_turn_declared
    html = shown(english().get(reverse("duels:duel", args=[duel.pk])).content.decode())
    assert "referee: " in html and "referee : " not in html
    assert "on zone 8" in html and "la zone" not in html
    assert "a.m.." not in html and "p.m.." not in html
    assert "FP" not in html and "MP " not in html


def test_the_replay_in_english_tells_events_and_dice_in_english(first_turn_declared):
    duel, _referee, _a, b = first_turn_declared
    forfeit(duel=duel, by=b.duellist.user)
    html = shown(english().get(reverse("rankings:duel", args=[duel.pk])).content.decode())
    for french in ("pari gagné", "pari perdu", "se déplace", " lance ", "la zone", "l'équipe", "L'équipe"):
        assert french not in html, french
    assert "bet won" in html or "bet lost" in html
    assert "Duel no." in html and "duel #" not in html.lower()
