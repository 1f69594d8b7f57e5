"""The stage's chips are never cut: at 1280 px (13 zones in a row) and at 390 px, each duellist's name
and the player's own « (vous) » are shown whole, wrapping inside the chip instead of ending in « … »."""
from __future__ import annotations

import pytest

from tests.support.browser import PHONE, sign_in
from tests.support.duels import started_duel

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
DESKTOP = {"width": 1280, "height": 900}
CUT = """() => [...document.querySelectorAll('#live .token-name')].filter(e => e.scrollWidth > e.clientWidth + 1
    || e.scrollHeight > e.clientHeight + 1 || getComputedStyle(e).textOverflow === 'ellipsis'
    && getComputedStyle(e).overflow === 'hidden').map(e => e.textContent.trim())"""


@pytest.mark.parametrize("viewport, name", [(DESKTOP, "1280"), (PHONE, "390")])
def test_the_players_own_chip_shows_its_whole_name(new_page, screenshot, viewport, name):
    duel, _referee, (a, b) = started_duel()
    for participant, forum_name in ((a, "ginny"), (b, "Bartemius-Croupton")):
        participant.duellist.forum_name = forum_name
        participant.duellist.save(update_fields=["forum_name"])
    page = sign_in(new_page, a.duellist.user, viewport=viewport)
    page.goto(f"/club/duels/{duel.pk}/")
    mine = page.locator("#live .token.me .token-name")
    screenshot(page, f"stage-chip-{name}")
    assert " ".join(mine.inner_text().split()) == "ginny (vous)"
    assert page.evaluate(CUT) == []  # no name clipped nor ended with an ellipsis
    chip = page.locator("#live .token.me")
    zone = page.locator("#live .zone.occupied").first
    assert chip.evaluate("e => e.getBoundingClientRect().right") <= zone.evaluate(
        "e => e.getBoundingClientRect().right") + 1  # the chip wraps inside its zone
