"""axe-core finds no violation on the pages where it used to find some: the champions table, the club's
statistics, the adjudication page with a draft, the correction page, and the duel page.

axe-core comes with the `axe-playwright-python` dev dependency (`make install`); without it the test
skips and says so."""
from __future__ import annotations

import pytest

from duels.services import declaration_prepare
from tests.support.browser import sign_in
from tests.support.corrections import finished
from tests.support.duels import bet_for, declare, post, started_duel

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
axe_playwright = pytest.importorskip(
    "axe_playwright_python.sync_playwright",
    reason="axe-playwright-python is not installed (a dev dependency: make install)")
DESKTOP = {"width": 1280, "height": 900}


def violations(page, path: str) -> list[str]:
    page.goto(path)
    response = axe_playwright.Axe().run(page).response
    return [f"{path} {v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
            for v in response["violations"]]


def test_axe_finds_nothing_on_the_pages_it_used_to_flag(new_page):
    finished()  # the champions table and the statistics have a result to show
    duel, referee, (a, b) = started_duel()
    post(duel, a, [{"cast": "bolt", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [])
    declare(duel, referee)  # published, next phase open and empty: the declaration can be corrected
    drafted, drafted_referee, (c, d) = started_duel()
    post(drafted, c, [])
    post(drafted, d, [])
    declaration_prepare(duel=drafted, by=drafted_referee)

    found = []
    visitor = new_page(viewport=DESKTOP)
    for path in ("/club/classement/", "/club/classement/statistiques/"):
        found += violations(visitor, path)
    page = sign_in(new_page, drafted_referee, viewport=DESKTOP)
    found += violations(page, f"/club/duels/{drafted.pk}/arbitrage/")
    page = sign_in(new_page, referee, viewport=DESKTOP)
    found += violations(page, f"/club/duels/{duel.pk}/arbitrage/corriger/")
    page = sign_in(new_page, b.duellist.user, viewport=DESKTOP)
    found += violations(page, f"/club/duels/{duel.pk}/")
    assert found == [], "\n".join(found)
