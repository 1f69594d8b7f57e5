"""The referee's decisions (adjusted_* events) carry a message id + params
like the other events, so an English page shows them in English. Needs the merged catalogue."""
from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from duels.engine import events
from duels.pages.event_text import event_text
from duels.services.corrections import declaration_correct
from tests.support.duels import bet_for, declare, post, started_duel

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("event", "english"), [
    (events.adjusted_points("A", "pf", 16, 13, "Insult"), "Referee's decision: A loses 3 PF (16 → 13). Reason: Insult"),
    (events.adjusted_points("A", "pm", 4, 6, "Potion"), "Referee's decision: A gains 2 PM (4 → 6). Reason: Potion"),
    (events.adjusted_position("A", 4, 0, "Fell"), "Referee's decision: A goes from zone 4 off the stage. "
                                                  "Reason: Fell"),
    (events.adjusted_status("A", "stun", "Wrong roll"), "Referee's decision: A is no longer stunned. "
                                                        "Reason: Wrong roll"),
])
def test_each_referee_decision_reads_in_english(event, english):
    with translation.override("en"):
        assert event_text(event.to_dict()) == english
    with translation.override("fr"):
        assert event_text(event.to_dict()) == event.text  # the French sentence the declaration stores


def corrected_duel():
    duel, referee, (a, b) = started_duel()
    post(duel, a, [{"cast": "bolt", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [{"cast": "spark", "target": a.engine_id, "bet": bet_for(duel, order=2, win=False)}])
    declaration = declare(duel, referee)
    declaration_correct(declaration=declaration, by=referee, reason="Forgotten shield", adjustments=[
        {"target": b.engine_id, "kind": "pf", "delta": 3, "reason": "Forgotten shield"},
        {"target": a.engine_id, "kind": "pos", "zone": 6, "reason": "Misread move"},
    ])
    return duel, a, b


def english_duel_page(duel, user) -> str:
    client = Client()
    client.cookies["django_language"] = "en"
    client.force_login(user)
    return client.get(reverse("duels:duel", args=[duel.pk])).content.decode()


def test_an_english_duel_page_shows_the_referee_decisions_of_a_correction_in_english():
    duel, a, b = corrected_duel()
    page = english_duel_page(duel, a.duellist.user)
    html = re.sub(r"<textarea.*?</textarea>", "", page, flags=re.S)  # the copy for the French forum stays French
    assert page.count("<textarea") > html.count("<textarea")
    assert f"Referee&#x27;s decision: {b.engine_id} gains 3 PF" in html
    assert f"Referee&#x27;s decision: {a.engine_id} goes from zone" in html and "to zone 6" in html
    assert "Décision de l&#x27;arbitre" not in html and "Motif :" not in html


def test_the_replaced_version_of_a_corrected_declaration_reads_in_english():
    duel, a, _b = corrected_duel()
    page = english_duel_page(duel, a.duellist.user)
    replaced = re.findall(r'<del class="revision-text">(.*?)</del>', page, flags=re.S)
    assert replaced
    french = [word for word in (" lance ", " perd ", "touche ", "ne fait rien", "réussi", "raté") if word in replaced[0]]
    assert not french, replaced[0]
