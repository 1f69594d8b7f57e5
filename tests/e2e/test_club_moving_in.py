"""A forum's staff move in, in a real browser, without the Django admin or a shell: open the club, verify
it against the fake forum, import the member CSV (a file with bad lines first: each listed, nothing
stored; then the good one, previewed, then imported), name a referee, add a spell to the club's
catalogue and a webhook — every step through the control panel's one menu. At 1280 and 390 px."""
import ipaddress
import socket
import time

import pytest

from accounts.models import Duellist
from clubs.models import Club, Membership
from clubs.scoping import activate_club
from spells.models import Spell
from tests.factories.accounts import UserFactory
from tests.forum.fake_forumactif import FakeForum
from tests.support.browser import PHONE, sign_in
from webhooks import addresses
from webhooks.models import Webhook

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
HEADER = "forum_id,forum_name,joined_on,post_count,homework_year,character_name\n"
BAD_CSV = HEADER + "1,Fleur,2024-01-10,300,6,Fleur Delacour\n2,Viktor,demain,250,7,\n3,,2024-02-01,x,9,\n"
GOOD_CSV = HEADER + "1,Fleur,2024-01-10,300,6,Fleur Delacour\n2,Viktor,2024-01-11,250,7,Viktor Krum\n"


@pytest.fixture
def fake_forum():
    fake = FakeForum(members=set())
    fake.start()
    yield fake
    fake.stop()


@pytest.fixture
def public_dns(monkeypatch):
    """Host names resolve to a public address (no network here); the webhook's address check still runs."""
    def resolve(host, port):
        try:
            ipaddress.ip_address(host)
        except ValueError:
            return [(socket.AF_INET, ("93.184.215.14", port))]
        return [(socket.AF_INET, (host, port))]

    monkeypatch.setattr(addresses, "resolve", resolve)


def _menu(page, label: str) -> None:
    page.locator("nav.panel-menu").get_by_role("link", name=label, exact=True).click()
    page.wait_for_load_state()


def _upload(page, text: str) -> None:
    page.set_input_files("input[type=file]", files=[{"name": "membres.csv", "mimeType": "text/csv",
                                                    "buffer": text.encode()}])
    page.get_by_role("button", name="Vérifier le fichier").click()
    page.wait_for_load_state()


@pytest.mark.parametrize("viewport", [None, PHONE], ids=["1280", "390"])
def test_a_forums_staff_move_in_through_the_control_panel(new_page, browser, fake_forum, public_dns, screenshot,
                                                         viewport, live_server, settings):
    settings.SITE_URL = live_server.url
    width = "390" if viewport else "1280"
    owner = UserFactory(username="fondatrice")
    page = sign_in(new_page, owner, viewport=viewport)
    page.goto("/clubs/ouvrir/")
    page.get_by_label("Nom du club").fill("Club de duel de Beauxbâtons")
    page.get_by_label("Identifiant dans les adresses").fill("beauxbatons")
    page.get_by_label("Adresse du forum").fill(fake_forum.url)
    page.get_by_role("button", name="Ouvrir le club").click()
    page.wait_for_url("**/beauxbatons/gestion/")
    club = Club.objects.get(slug="beauxbatons")

    fake_forum.loader = page.get_by_label("La ligne à coller dans le forum").input_value()
    browser.new_context().new_page().goto(fake_forum.url + "/")
    for _ in range(50):
        club.refresh_from_db()
        if club.is_verified:
            break
        time.sleep(0.1)
    assert club.is_verified

    _menu(page, "Importer les membres")
    _upload(page, BAD_CSV)
    assert page.locator("[data-import=refused]").is_visible()
    assert page.locator("tr[data-line='3']").count() == 1 and page.locator("tr[data-line='4']").count() == 3
    with activate_club(club):
        assert not Duellist.objects.exists()
    screenshot(page, f"moving-in-bad-csv-{width}")
    _upload(page, GOOD_CSV)
    assert "2 créé(s)" in page.locator("[data-import=preview]").inner_text()
    page.get_by_role("button", name="Importer ce fichier").click()
    page.wait_for_load_state()
    assert page.locator("[data-import=done]").is_visible()
    with activate_club(club):
        assert sorted(Duellist.objects.values_list("forum_name", flat=True)) == ["Fleur", "Viktor"]

    _menu(page, "Arbitres")
    page.get_by_role("button", name="Nommer fondatrice arbitre").click()
    page.wait_for_load_state()
    assert Membership.objects.get(user=owner, club=club).is_referee

    _menu(page, "Catalogue des sorts")
    page.get_by_role("link", name="Ajouter un sort").click()
    page.get_by_label("Nom (name)").fill("Éclair de Beauxbâtons")
    page.get_by_label("Identifiant (slug)").fill("eclair-beauxbatons")
    page.get_by_label("Incantation").fill("Fulgur")
    page.get_by_label("Description").fill("Un éclair bleu.")
    page.get_by_label("Niveau (level)").fill("2")
    page.get_by_label("Portée (range), en zones").fill("5")
    page.get_by_label("Type de magie (type)").select_option("")  # « Aucun » (the flushed test database has no types)
    page.get_by_label("Cible (target)").select_option("opponent")
    page.get_by_label("Effet (effect), en JSON").fill('{"damage": 2}')
    screenshot(page, f"moving-in-spell-{width}")
    page.get_by_role("button", name="Enregistrer").click()
    page.wait_for_load_state()
    assert page.locator(".errorlist").count() == 0, page.locator(".errorlist").all_inner_texts()
    assert Spell.rows.filter(club=club, slug="eclair-beauxbatons").exists()
    assert not Spell.rows.filter(club=None, slug="eclair-beauxbatons").exists()  # the default stays

    _menu(page, "Webhooks")
    page.get_by_role("link", name="Ajouter un webhook").click()
    page.get_by_label("Nom").fill("Salon #duels")
    page.get_by_label("Adresse").fill("https://discord.com/api/webhooks/123456/un-jeton-secret")
    page.get_by_role("button", name="Enregistrer").click()
    page.wait_for_load_state()
    with activate_club(club):
        assert Webhook.objects.get().name == "Salon #duels"
    _menu(page, "Webhooks")
    assert "un-jeton-secret" not in page.content()  # the list masks the address
    screenshot(page, f"moving-in-webhooks-{width}")

    _menu(page, "Tableau de bord")
    assert [step.get_attribute("data-done") for step in page.locator("[data-done]").all()] == ["oui", "oui", "oui", "non"]
    screenshot(page, f"moving-in-checklist-{width}")
    if viewport:
        assert not page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
        _menu(page, "Journal")  # the last entry of the menu's strip: scrolled into view on a phone
        assert page.locator("nav.panel-menu [aria-current=page]").is_visible()
        box, strip = (page.locator(sel).bounding_box() for sel in ("nav.panel-menu [aria-current=page]", "nav.panel-menu"))
        assert strip["x"] <= box["x"] and box["x"] + box["width"] <= strip["x"] + strip["width"] + 1
