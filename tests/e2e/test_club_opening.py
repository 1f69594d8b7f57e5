"""A forum's staff open their club in a real browser and verify it against the fake forum
(tests/forum/fake_forumactif.py): the form, the management page with the line to paste, the forum's page
running that line, the club verified and listed. At 1280 and 390 px."""
import time

import pytest

from clubs.models import Club, Membership
from tests.factories.accounts import UserFactory
from tests.forum.fake_forumactif import FakeForum
from tests.support.browser import PHONE, sign_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def fake_forum():
    fake = FakeForum(members=set())
    fake.start()
    yield fake
    fake.stop()


@pytest.mark.parametrize("viewport", [None, PHONE], ids=["1280", "390"])
def test_a_member_opens_a_club_and_verifies_it_from_the_forum(new_page, browser, fake_forum, screenshot, viewport,
                                                             live_server, settings):
    settings.SITE_URL = live_server.url  # where the forum's pages load the bridge from
    owner = UserFactory(username="fondatrice")
    page = sign_in(new_page, owner, viewport=viewport)
    page.goto("/clubs/")
    page.get_by_role("link", name="Ouvrir le club de votre forum").click()
    page.get_by_label("Nom du club").fill("Club de duel de Beauxbâtons")
    page.get_by_label("Identifiant dans les adresses").fill("beauxbatons")
    page.get_by_label("Adresse du forum").fill(fake_forum.url)
    page.get_by_label("Section des duels sur le forum").fill("7")
    screenshot(page, f"club-opening-form-{'390' if viewport else '1280'}")
    page.get_by_role("button", name="Ouvrir le club").click()
    page.wait_for_url("**/beauxbatons/gestion/")
    assert "Forum pas encore vérifié" in page.content()
    club = Club.objects.get(slug="beauxbatons")
    assert Membership.objects.filter(user=owner, club=club, is_owner=True).exists() and not club.is_verified
    snippet = page.get_by_label("La ligne à coller dans le forum").input_value()
    screenshot(page, f"club-opening-unverified-{'390' if viewport else '1280'}")

    fake_forum.loader = snippet  # Forumactif's « JavaScript management » runs the code pasted
    forum_page = browser.new_context().new_page()
    forum_page.goto(fake_forum.url + "/")
    for _ in range(50):
        club.refresh_from_db()
        if club.is_verified:
            break
        time.sleep(0.1)
    assert club.is_verified
    page.reload()
    assert "Forum vérifié" in page.content()
    assert page.locator("[data-done]").first.get_attribute("data-done") == "oui"
    screenshot(page, f"club-opening-verified-{'390' if viewport else '1280'}")
    page.goto("/clubs/")
    assert "Club de duel de Beauxbâtons" in page.content()
