"""The tournament page in chromium at 390 and 1280 px: a 4-entrant bracket is readable (its rounds side by
side on a wide screen, scrolling inside their own box on a phone, never the page), the round's duels are
listed, and after a round the winners are marked and the next match filled in. The staff's page fits a phone."""
from __future__ import annotations

import pytest

from tests.support.browser import PHONE, sign_in
from tests.support.permissions import club_staff
from tests.support.tournament_pages import play_round, stored_tournament

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
WIDE = {"width": 1280, "height": 900}


def fits(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= innerWidth")


@pytest.mark.parametrize(("viewport", "name"), [(PHONE, "phone390"), (WIDE, "wide1280")])
def test_a_four_entrant_bracket_is_readable_before_and_after_a_round(new_page, screenshot, viewport, name):
    tournament = stored_tournament(field=4, name="Coupe des Quatre Maisons")
    page = new_page(viewport=viewport)
    page.goto(f"/club/tournois/{tournament.slug}/")
    screenshot(page, f"{name}-tournament")
    assert fits(page)
    rounds = page.locator(".bracket-round")
    assert rounds.count() == 2
    assert page.locator(".tournament-matches tbody tr").count() == 2
    assert page.get_by_text("Sorcier 1 contre Sorcier 4").is_visible()
    first, final = rounds.nth(0).bounding_box(), rounds.nth(1).bounding_box()
    assert final["x"] > first["x"]  # side by side, in the bracket's own scrolling box on a phone
    if viewport is WIDE:
        assert final["x"] + final["width"] <= 1280  # the whole bracket on screen
    play_round(tournament)
    page.reload()
    screenshot(page, f"{name}-tournament-round-2")
    assert fits(page)
    assert page.locator(".bracket-side.won").count() == 2
    final_sides = rounds.nth(1).locator(".bracket-side")
    assert final_sides.nth(0).inner_text().endswith("Sorcier 1") and final_sides.nth(1).inner_text().endswith("Sorcier 2")


def test_the_staff_pages_fit_a_phone(new_page, screenshot):
    stored_tournament(field=4, slug="coupe", name="Coupe des Quatre Maisons")
    page = sign_in(new_page, club_staff(username="equipe-tournoi"), viewport=PHONE)
    for path, name in (("/club/gestion/tournois/", "phone390-tournaments-panel"),
                       ("/club/gestion/tournois/nouveau/", "phone390-tournament-new"),
                       ("/club/gestion/tournois/coupe/", "phone390-tournament-manage"),
                       ("/club/tournois/", "phone390-tournament-list")):
        page.goto(path)
        screenshot(page, name)
        assert fits(page), path


def test_the_demo_tournaments_played_by_the_services_read_well(new_page, screenshot):
    """`manage.py demo` then `tournament_demo --unfinished`: an 8-entrant bracket after its first rounds and
    a Swiss table, both on a phone and a wide screen."""
    import io

    from django.core.management import call_command

    call_command("demo", stdout=io.StringIO())
    call_command("tournament_demo", "--unfinished", stdout=io.StringIO())
    for viewport, name in ((PHONE, "phone390"), (WIDE, "wide1280")):
        page = new_page(viewport=viewport)
        page.goto("/club/tournois/demo-elimination/")
        screenshot(page, f"{name}-demo-elimination")
        assert fits(page)
        assert page.locator(".bracket-round").count() == 3
        assert page.locator(".bracket-side.won").count() >= 4  # the quarter-finals' winners at least
        page.goto("/club/tournois/demo-suisse/")
        screenshot(page, f"{name}-demo-swiss")
        assert fits(page)
        assert page.locator(".tournament-standings tbody tr").count() == 6
