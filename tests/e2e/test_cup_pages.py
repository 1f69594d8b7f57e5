"""The house cup's public pages in chromium at 390 and 1280 px: the standings (the leader marked, nothing
wider than the screen), each house's history chart drawn (one line per house, its table behind a
summary), the ledger's filters swapping the results, and a bad period answered in French."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.cup.public_support import correction, entry_at, local
from tests.support.browser import PHONE

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
WIDE = {"width": 1280, "height": 900}


def fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= innerWidth")


def history() -> None:
    for day, name, n in ((2, "Gryffondor", 10), (5, "Serdaigle", 20), (9, "Gryffondor", 15), (14, "Serpentard", 30),
                         (20, "Poufsouffle", 5), (24, "Gryffondor", 10), (28, "Serpentard", -12)):
        entry_at(name, n, local(2026, 11, day, 21), reason=f"Points du {day} novembre")
    correction(entry_at("Serdaigle", 8, local(2026, 11, 30, 23, 30), reason="Erreur de maison"), reason="Mauvaise maison")


@pytest.mark.parametrize(("viewport", "name"), [(PHONE, "phone390"), (WIDE, "wide1280")])
def test_the_standings_and_the_chart_read_well(new_page, screenshot, viewport, name):
    history()
    page = new_page(viewport=viewport)
    page.goto("/club/coupe/?period=month&month=2026-11")
    screenshot(page, f"{name}-cup-standings")
    assert fits(page)
    rows = page.locator(".cup-standings tbody tr")
    assert rows.count() == 4
    assert rows.nth(0).get_attribute("data-house") == "Gryffondor" and "en tête" in rows.nth(0).inner_text()
    assert rows.nth(0).locator(".points").inner_text() == "35"
    chart = page.locator("svg.chart-svg")
    assert chart.is_visible() and page.locator("svg.chart-svg g.series").count() == 4
    box = chart.bounding_box()
    assert box["width"] <= viewport["width"] and box["height"] > 150
    page.get_by_text("Les chiffres du graphique").click()
    assert page.locator(".chart-data table tbody tr").count() == 30
    page.locator("#cup-chart-title").scroll_into_view_if_needed()
    screenshot(page, f"{name}-cup-chart")
    assert page.get_by_role("link", name="Coupe des maisons").first.is_visible() or viewport is PHONE


@pytest.mark.parametrize(("viewport", "name"), [(PHONE, "phone390"), (WIDE, "wide1280")])
def test_the_ledger_filters(new_page, screenshot, viewport, name):
    history()
    page = new_page(viewport=viewport)
    page.goto("/club/coupe/journal/?period=month&month=2026-11")
    assert page.locator(".cup-entry").count() == 9
    screenshot(page, f"{name}-cup-ledger-all")
    assert fits(page)
    assert page.get_by_text("Correction : annule « Erreur de maison » — Mauvaise maison").is_visible()
    page.select_option("#id_house", label="Gryffondor")  # HTMX swaps the results
    expect(page.locator(".cup-entry")).to_have_count(3)
    assert "house=" in page.url
    page.select_option("#id_cause", value="correction")
    expect(page.locator(".cup-entry")).to_have_count(0)
    page.select_option("#id_house", label="Serdaigle")
    expect(page.locator(".cup-entry")).to_have_count(1)
    screenshot(page, f"{name}-cup-ledger")
    assert fits(page)


def test_choosing_a_period_and_a_bad_one(new_page, screenshot):
    history()
    page = new_page(viewport=PHONE)
    page.goto("/club/coupe/")
    page.get_by_text("Voir un autre mois, une autre année, d'autres dates").click()
    page.select_option("#id_period", value="all")
    page.get_by_role("button", name="Afficher").click()
    page.wait_for_url("**period=all**")
    assert "depuis toujours" in page.locator("h1").inner_text()
    page.goto("/club/coupe/?period=month&month=2026-13")
    alert = page.locator(".cup-form-error")
    assert alert.is_visible() and "Cette période n'existe pas" in alert.inner_text()
    screenshot(page, "phone390-cup-bad-period")
    assert fits(page)
