import pytest

from tests.factories.accounts import DuellistFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_a_player_logs_in_and_sees_eligibility_in_french(new_page, screenshot):
    DuellistFactory(user__username="luna", forum_post_count=12)
    page = new_page()
    page.goto("/club/connexion/")
    page.get_by_label("Nom d’utilisateur").fill("luna")
    page.get_by_label("Mot de passe").fill("estrade-test")
    page.get_by_role("button", name="Se connecter").click()
    page.wait_for_url("**/")
    assert page.locator("html").get_attribute("lang") == "fr"
    assert "il vous en manque 38" in page.locator("main").inner_text()
    screenshot(page, "home-ineligible")


def test_login_page_fits_a_phone(new_page):
    page = new_page(viewport={"width": 375, "height": 740})
    page.goto("/club/connexion/")
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
