"""Browser helpers for the chromium tests (tests/e2e/)."""
from __future__ import annotations

from tests.factories.accounts import UserFactory
from tests.support.clubs import make_referee

PASSWORD = "estrade-test"  # every factory-made user's password (tests/factories/accounts.py)
PHONE = {"width": 390, "height": 844}


def sign_in(new_page, user, *, viewport: dict | None = None):
    """A page signed in as `user` through the login form, on the home page."""
    page = new_page(viewport=viewport)
    page.goto("/club/connexion/")
    page.get_by_label("Nom d’utilisateur").fill(user.username)
    page.get_by_label("Mot de passe").fill(PASSWORD)
    page.get_by_role("button", name="Se connecter").click()
    page.wait_for_url("**/")
    return page


def login(new_page, username: str, viewport=None, password: str = PASSWORD):
    """A page signed in as `username` (a factory's password, or the demo's) through the login form."""
    page = new_page(viewport=viewport)
    page.goto("/club/connexion/")
    page.get_by_label("Nom d’utilisateur").fill(username)
    page.get_by_label("Mot de passe").fill(password)
    page.get_by_role("button", name="Se connecter").click()
    page.wait_for_url("**/")
    return page


def referee_user(username="arbitre"):
    user = UserFactory(username=username)
    make_referee(user)
    return user
