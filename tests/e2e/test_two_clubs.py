"""The demo's two clubs in a real browser: one account signs in once and plays in both clubs under two
characters, switching club from the header's menu; the first club's referee, who is not a member of the
second, gets no referee page of it, and a duel of one club is no duel under the other's address."""
import io

import pytest
from django.core.management import call_command

from accounts.models import Duellist
from clubs.models import Club
from clubs.scoping import activate_club
from duels.models import Duel
from tests.support.browser import PHONE, login

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
WIDTHS = {"1280": {"width": 1280, "height": 900}, "390": PHONE}
DEMO_PASSWORD = "estrade-demo"  # duels/management/commands/demo.py


def sign_in_demo(new_page, username: str, viewport: dict):
    return login(new_page, username, viewport, password=DEMO_PASSWORD)


def header_violations(page) -> list[str]:
    """axe-core on the site header (the club menu open), when axe-playwright-python is installed."""
    try:
        from axe_playwright_python.sync_playwright import Axe
    except ImportError:
        return []
    found = Axe().run(page, context=".site-header").response["violations"]
    return [f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}" for v in found]


def duel_of(username: str) -> Duel:
    return Duel.objects.get(participants__duellist=Duellist.objects.get(user__username=username))


@pytest.fixture
def demo():
    call_command("demo", stdout=io.StringIO())
    second = Club.objects.get(slug="ilvermorny")
    with activate_club(second):
        away = duel_of("voyageur")
    return {"home": duel_of("voyageur"), "away": away}


@pytest.mark.parametrize("width", WIDTHS)
def test_a_member_of_both_clubs_plays_in_each_under_its_character(new_page, screenshot, demo, width):
    page = sign_in_demo(new_page, "voyageur", WIDTHS[width])
    page.get_by_role("link", name="Mes duels").click()
    assert "contre ernie" in page.locator("main").inner_text()
    page.get_by_role("link", name=f"Duel n°{demo['home'].pk}").click()
    page.wait_for_url(f"**/club/duels/{demo['home'].pk}/")
    main = page.locator("main").inner_text()
    assert "Elwyn Carrow" in main and "Ezra Thornquist" not in main and "À vous de poster" in main
    screenshot(page, f"two-clubs-{width}-poudlard-duel")

    page.locator(".club-menu summary").click()
    screenshot(page, f"two-clubs-{width}-club-menu")
    assert header_violations(page) == []
    page.locator(".club-menu").get_by_role("link", name="Ilvermorny").click()
    page.wait_for_url("**/ilvermorny/")  # the same session: no second sign-in
    page.get_by_role("link", name="Mes duels").click()
    main = page.locator("main").inner_text()
    assert "contre tina" in main and "ernie" not in main
    page.get_by_role("link", name=f"Duel n°{demo['away'].pk}").click()
    page.wait_for_url(f"**/ilvermorny/duels/{demo['away'].pk}/")
    main = page.locator("main").inner_text()
    assert "Ezra Thornquist" in main and "Elwyn Carrow" not in main
    assert "À vous de poster" in main  # Ezra defends
    screenshot(page, f"two-clubs-{width}-ilvermorny-duel")


@pytest.mark.parametrize("width", WIDTHS)
def test_the_first_clubs_referee_gets_nothing_of_the_second_clubs_refereeing(new_page, screenshot, demo, width):
    page = sign_in_demo(new_page, "arbitre", WIDTHS[width])
    away = demo["away"].pk
    for path in (f"/ilvermorny/duels/{away}/arbitrage/", "/ilvermorny/duels/arbitrage/",
                 f"/ilvermorny/duels/{away}/journal/"):
        response = page.goto(path)
        assert response.status == 403, path
        assert "Ezra Thornquist" not in page.content() and "tina" not in page.content(), path
    assert page.get_by_role("link", name="Arbitrage").count() == 0  # not a referee here
    screenshot(page, f"two-clubs-{width}-referee-refused")
    response = page.goto(f"/club/duels/{away}/")  # its number under the first club's address
    assert response.status == 404
    assert "Ezra Thornquist" not in page.content()
