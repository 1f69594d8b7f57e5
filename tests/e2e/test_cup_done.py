"""The house cup's « done when », end to end on the demo's own data (`manage.py demo`): a finished duel
moves its winner's house up, a prefect awards points with a reason on the points page, the fake forum's
header band shows the new totals after each, and a correction reverses the duel's entry. Chromium, the
forum page at 1280 px, the prefect on a phone (390 px)."""
from __future__ import annotations

import io

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import Client

from accounts.models import User
from cup.models import Cause, LedgerEntry
from forum.views.script import loader_snippet
from tests.cup.support import put
from tests.factories.accounts import DuellistFactory, UserFactory
from tests.forum.fake_forumactif import FakeForum
from tests.support.clubs import club_path
from tests.support.corrections import backfire
from tests.support.duels import bet_for, declare, post, started_duel
from tests.support.forum import forum_configured

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
DEMO_TOTALS = {"Poufsouffle": 20, "Serdaigle": 15, "Gryffondor": 10, "Serpentard": -5}


@pytest.fixture
def forum(settings, live_server, club, monkeypatch):
    call_command("demo", stdout=io.StringIO())
    fake = FakeForum(members=set())
    fake.start()
    settings.SITE_URL = live_server.url
    forum_configured(club, url=fake.url, section=7)
    monkeypatch.setattr("cup.views.widget.MAX_AGE", 0)  # each refresh asks Estrade (the band's own 30 s)
    fake.loader = "window.ESTRADE_COUPE = {refreshMs: 700};" + loader_snippet()
    yield fake
    fake.stop()


def band_shows(page, totals: dict[str, int]) -> None:
    """Wait until the band lists exactly `totals`, in that order (leader first)."""
    expected = [[name, str(total)] for name, total in totals.items()]
    page.wait_for_function("""expected => JSON.stringify(Array.from(
        document.querySelectorAll('#estrade-cup .estrade-cup-house'),
        li => [li.dataset.house, li.querySelector('.estrade-cup-total').textContent])) === JSON.stringify(expected)""",
                           arg=expected, timeout=10_000)


def logged_in(browser, live_server, user, viewport):
    client = Client()
    client.force_login(user)
    context = browser.new_context(base_url=live_server.url, locale="fr-FR", viewport=viewport)
    context.set_default_timeout(10_000)
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME,
                          "value": client.cookies[settings.SESSION_COOKIE_NAME].value, "url": live_server.url}])
    return context


def test_duel_prefect_band_and_correction_on_the_demo(forum, browser, live_server, screenshot):
    reader = browser.new_context(locale="fr-FR", viewport={"width": 1280, "height": 800})
    page = reader.new_page()
    page.goto(f"{forum.url}/")
    band_shows(page, DEMO_TOTALS)  # the demo's finished duel (Gryffondor) and its three awards

    # a duel between Serpentard and Poufsouffle, won by Serpentard's duellist (new players: the factories'
    # names past the demo's joueur1..4)
    UserFactory.reset_sequence(700)
    DuellistFactory.reset_sequence(700)
    duel, referee, (a, b) = started_duel()
    put(a.duellist, "Serpentard")
    put(b.duellist, "Poufsouffle")
    post(duel, a, [{"cast": "coup", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [])
    declaration = declare(duel, referee)
    if duel.status != "finished":
        post(duel, b, [{"nothing": True}])
        declaration = declare(duel, referee)
    assert duel.status == "finished"
    [won] = LedgerEntry.objects.filter(duel=duel, cause=Cause.DUEL)
    assert (won.house.name, won.points, won.duellist_id) == ("Serpentard", 10, a.duellist_id)
    band_shows(page, {"Poufsouffle": 20, "Serdaigle": 15, "Gryffondor": 10, "Serpentard": 5})

    # luna, the demo's prefect of Serdaigle, on her phone: the points page
    prefect = logged_in(browser, live_server, User.objects.get(username="luna"), {"width": 390, "height": 844})
    phone = prefect.new_page()
    phone.goto(club_path("/coupe/points/"))
    phone.locator("#id_house").select_option(label="Serdaigle")
    phone.locator("#id_points").fill("25")
    phone.locator("#id_reason").fill("Patronus réussi en cours de défense")
    phone.get_by_role("button", name="Enregistrer les points").click()
    phone.get_by_text("25 points pour Serdaigle.").wait_for()
    screenshot(phone, "cup-done-prefect-390")
    award = LedgerEntry.objects.get(reason="Patronus réussi en cours de défense")
    assert (award.house.name, award.points, award.created_by.username) == ("Serdaigle", 25, "luna")
    band_shows(page, {"Serdaigle": 40, "Poufsouffle": 20, "Gryffondor": 10, "Serpentard": 5})
    screenshot(page, "cup-done-forum-1280")

    # the referee's correction: the fatal blow backfires, the other side wins
    backfire(declaration, referee, a)
    reversal = LedgerEntry.objects.get(reverses=won)
    assert (reversal.cause, reversal.house.name, reversal.points) == (Cause.CORRECTION, "Serpentard", -10)
    assert LedgerEntry.objects.get(duel=duel, cause=Cause.DUEL, duellist=b.duellist).points == 10
    band_shows(page, {"Serdaigle": 40, "Poufsouffle": 30, "Gryffondor": 10, "Serpentard": -5})
    phone.goto(f"{forum.url}/")
    band_shows(phone, {"Serdaigle": 40, "Poufsouffle": 30, "Gryffondor": 10, "Serpentard": -5})
    screenshot(phone, "cup-done-forum-390")
    reader.close()
    prefect.close()
