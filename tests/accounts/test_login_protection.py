"""Login protection (django-axes, configured in settings): ten wrong passwords lock the
account+address; the right one is refused until the lock expires; the API's tokens still work."""
import datetime as dt

import pytest
import time_machine
from django.test import Client
from django.urls import reverse

from accounts.login_protection import client_ip
from tests.factories.accounts import UserFactory
from tests.support.clock import THROTTLE_START
from tests.support.clubs import api_token
from tests.support.permissions import club_staff

pytestmark = pytest.mark.django_db


def attempt(client, password, username="hermione", path=None, addr="203.0.113.5"):
    return client.post(path or reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=addr)


def fail_ten_times(client, **kwargs):
    responses = [attempt(client, f"faux-{n}", **kwargs) for n in range(10)]
    return responses


def test_ten_failures_lock_the_account_and_the_right_password_is_refused_until_expiry(settings):
    assert settings.AXES_FAILURE_LIMIT == 10
    UserFactory(username="hermione")
    client = Client()
    with time_machine.travel(THROTTLE_START, tick=False):
        responses = fail_ten_times(client)
        assert all(r.status_code == 200 for r in responses[:9])  # the form again, with its error
        assert responses[9].status_code == 429
        locked = attempt(client, "estrade-test")
        assert locked.status_code == 429
        assert "Connexion bloquée" in locked.content.decode()
        assert "_auth_user_id" not in client.session
    with time_machine.travel(THROTTLE_START + settings.AXES_COOLOFF_TIME - dt.timedelta(seconds=5), tick=False):
        assert attempt(client, "estrade-test").status_code == 429
    with time_machine.travel(THROTTLE_START + settings.AXES_COOLOFF_TIME + dt.timedelta(minutes=1), tick=False):
        response = attempt(client, "estrade-test")
        assert response.status_code == 302
        assert client.session["_auth_user_id"]


def test_nine_failures_do_not_lock():
    UserFactory(username="hermione")
    client = Client()
    for n in range(9):
        attempt(client, f"faux-{n}")
    assert attempt(client, "estrade-test").status_code == 302


def test_the_lock_is_per_account_and_address():
    UserFactory(username="hermione")
    UserFactory(username="harry")
    fail_ten_times(Client())
    assert attempt(Client(), "estrade-test", addr="198.51.100.7").status_code == 302  # same account, other address
    assert attempt(Client(), "estrade-test", username="harry").status_code == 302  # same address, other account


def test_the_admin_login_is_protected_too():
    UserFactory(username="hermione", is_staff=True)
    client = Client()
    admin_login = reverse("admin:login")
    for n in range(10):
        attempt(client, f"faux-{n}", path=admin_login)
    assert attempt(client, "estrade-test", path=admin_login).status_code == 429


def test_api_token_still_works_for_a_locked_account():
    user = club_staff(username="hermione")
    fail_ten_times(Client())
    token = api_token(user)
    response = Client().get(
        reverse("forum-member", kwargs={"forum_id": 1}), HTTP_AUTHORIZATION=f"Token {token}",
        REMOTE_ADDR="203.0.113.5",
    )
    assert response.status_code == 404  # authenticated (a lockout or a 401/403 would differ)
    assert response.json()["code"] == "not_found"


class FakeRequest:
    def __init__(self, remote, forwarded=None):
        self.META = {"REMOTE_ADDR": remote}
        if forwarded is not None:
            self.META["HTTP_X_FORWARDED_FOR"] = forwarded


def test_forwarded_header_ignored_unless_proxies_are_trusted(settings):
    settings.NUM_PROXIES = 0
    assert client_ip(FakeRequest("10.0.0.2", "1.2.3.4")) == "10.0.0.2"


def test_with_one_trusted_proxy_the_address_it_saw_is_used_not_a_forged_one(settings):
    settings.NUM_PROXIES = 1
    # The client sent "X-Forwarded-For: 6.6.6.6"; the proxy appended the address it saw.
    assert client_ip(FakeRequest("10.0.0.2", "6.6.6.6, 203.0.113.9")) == "203.0.113.9"
    assert client_ip(FakeRequest("10.0.0.2")) == "10.0.0.2"


def test_a_forged_header_does_not_escape_the_lock_behind_a_trusted_proxy(settings):
    settings.NUM_PROXIES = 1
    UserFactory(username="hermione")
    client = Client()
    for n in range(10):
        client.post(reverse("login"), {"username": "hermione", "password": f"faux-{n}"},
                    REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR=f"9.9.9.{n}, 203.0.113.9")
    response = client.post(reverse("login"), {"username": "hermione", "password": "estrade-test"},
                           REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="8.8.8.8, 203.0.113.9")
    assert response.status_code == 429
