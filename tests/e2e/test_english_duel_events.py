"""In a real browser: with English chosen, a duel page (thread, declarations, the
referee's events, a correction with the referee's decisions) has no French event sentence left. Needs the
merged catalogue (locale/pending/)."""
from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from duels.services.corrections import declaration_correct, latest_published
from tests.support.browser import PASSWORD
from tests.support.duels import bet_for, declare, post, started_duel

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

# Words of the engine's French sentences (and of the declaration around them) that English never uses.
FRENCH = ["se déplace", " lance ", "réussi", "raté", " perd ", "récupère", "esquive", "touche ", " passe.",
          "ne fait rien", "bouclier", "hors de portée", "remporte", "Tour ", "pari ", "dé ", "Après la déclaration",
          "Suite :", "avant le", "Victoire de", "annulé", "protégé", "étourdi", "Déclaration de l'arbitre",
          "Décision de l'arbitre", "Motif", "gagne", "zone 4 à la"]


def test_an_english_duel_page_has_no_french_event_left(new_page):
    duel, referee, (a, b) = started_duel()
    post(duel, a, [{"move": 5}, {"cast": "bolt", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [{"cast": "spark", "target": a.engine_id, "bet": bet_for(duel, order=2, win=False)}])
    declare(duel, referee)
    duel.refresh_from_db()
    if duel.status == "defence":  # the bolt may be dodged: b does nothing
        post(duel, b, [{"nothing": True}], text="")
        declare(duel, referee)
    # The referee corrects the latest declaration with two decisions (the referee's tools).
    declaration_correct(declaration=latest_published(duel), by=referee, reason="Forgotten shield", adjustments=[
        {"target": b.engine_id, "kind": "pf", "delta": 2, "reason": "Forgotten shield"},
        {"target": a.engine_id, "kind": "pos", "zone": 4, "reason": "Misread move"},
    ])

    page = new_page()
    page.goto("/club/connexion/")
    base = page.url.split("/club/connexion/")[0] + "/"
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": base}])
    page.goto("/club/connexion/")
    page.get_by_label(re.compile("Username", re.I)).fill(a.duellist.user.username)
    page.get_by_label(re.compile("Password", re.I)).fill(PASSWORD)
    page.get_by_role("button", name=re.compile("Log in", re.I)).click()
    page.goto(f"/club/duels/{duel.pk}/")
    # Earlier phases are folded and fetched when opened: open them all and wait for their HTML.
    page.evaluate("document.querySelectorAll('details.window').forEach(d => d.open = true)")
    expect(page.locator("details.window[hx-get]")).to_have_count(0)
    # the struck-through version a correction replaced reads in English too
    assert page.locator(".declaration-revision .revision-text").count() == 1
    thread = page.locator(".thread .declaration").all_inner_texts()
    assert thread, "no declaration on the page"
    text = "\n".join(thread)
    assert "moves from zone 4 to zone 5" in text and "casts" in text
    assert "Referee's decision" in text and "gains 2 PF" in text and "to zone 4" in text, text
    assert "Declaration corrected by the referee" in text and "Forgotten shield" in text
    left = [word for word in FRENCH if word in text]
    assert not left, (left, text)

