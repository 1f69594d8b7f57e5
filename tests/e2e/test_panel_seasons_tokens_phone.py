"""The seasons' and API tokens' panel pages at 390 px: nothing scrolls sideways, not even the key shown once."""
from __future__ import annotations

import datetime as dt

import pytest

from rankings.models import Season
from rankings.services.rewards import season_save
from tests.support.browser import PHONE, sign_in
from tests.support.clubs import api_token, club_member
from tests.support.permissions import club_staff

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_seasons_and_tokens_pages_fit_a_390_px_phone(new_page, screenshot):
    season = season_save(season=Season(name="Saison des Trois Sorciers, printemps", slug="trois-sorciers-printemps",
                                       starts_on=dt.date(2026, 3, 1), ends_on=dt.date(2026, 5, 31)))
    api_token(club_member(username="Bartemius-Croupton-Junior"))
    page = sign_in(new_page, club_staff(username="equipe-e2e"), viewport=PHONE)
    for path, name in (("/club/gestion/saisons/", "phone390-seasons"),
                       ("/club/gestion/saisons/nouvelle/", "phone390-season-new"),
                       (f"/club/gestion/saisons/{season.pk}/supprimer/", "phone390-season-delete"),
                       ("/club/gestion/jetons/", "phone390-tokens")):
        page.goto(path)
        screenshot(page, name)
        assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), path
    page.goto("/club/gestion/jetons/")
    page.get_by_role("button", name="Créer le jeton").click()
    page.wait_for_selector("input[readonly]")
    screenshot(page, "phone390-token-created")
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    from accounts.models import ApiToken

    key = page.locator("input[readonly]")
    assert key.input_value() == ApiToken.objects.get(user__username="equipe-e2e").key
    assert key.evaluate("e => e.getBoundingClientRect().right <= innerWidth")
