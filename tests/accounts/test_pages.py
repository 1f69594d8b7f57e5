import datetime as dt

import pytest
from django.urls import reverse

from tests.factories.accounts import DuellistFactory, UserFactory

pytestmark = pytest.mark.django_db


def test_login_page_is_in_french(client):
    response = client.get(reverse("login"))
    assert response.status_code == 200
    html = response.content.decode()
    assert '<html lang="fr">' in html
    assert "Connexion" in html and "Mot de passe" in html


def test_login_then_home_shows_eligibility(client):
    duellist = DuellistFactory(user__username="luna")
    client.post(reverse("login"), {"username": "luna", "password": "estrade-test"})
    response = client.get(reverse("home"))
    assert "luna, vous pouvez vous inscrire à un duel." in response.content.decode()
    duellist.forum_post_count = 10
    duellist.save()
    html = client.get(reverse("home")).content.decode()
    assert "il vous en manque 40" in html


def test_home_explains_a_recent_account(client):
    duellist = DuellistFactory(forum_joined_on=dt.date.today() - dt.timedelta(days=3))
    client.force_login(duellist.user)
    html = client.get(reverse("home")).content.decode()
    assert "au moins un mois" in html


def test_login_requires_csrf_token():
    from django.test import Client

    UserFactory(username="neville")
    strict = Client(enforce_csrf_checks=True)
    response = strict.post(reverse("login"), {"username": "neville", "password": "estrade-test"})
    assert response.status_code == 403


def test_password_change_needs_login(client):
    response = client.get(reverse("password_change"))
    assert response.status_code == 302 and reverse("login") in response["Location"]


def test_english_is_available(client):
    client.cookies["django_language"] = "en"
    response = client.get(reverse("login"))
    assert '<html lang="en">' in response.content.decode()


def test_admin_pages_load_for_staff(admin_client):
    DuellistFactory()
    for name in ("admin:accounts_user_changelist", "admin:accounts_duellist_changelist",
                 "admin:spells_magictype_changelist", "admin:accounts_duellist_add"):
        assert admin_client.get(reverse(name)).status_code == 200, name


def test_an_english_browser_still_gets_french_until_the_user_switches(client):
    response = client.get(reverse("login"), HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9")
    assert '<html lang="fr">' in response.content.decode()
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert '<html lang="en">' in client.get(reverse("login")).content.decode()
