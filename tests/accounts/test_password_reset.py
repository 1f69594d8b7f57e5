"""Forgotten password: Django's reset views with French pages and e-mail (locmem backend in tests)."""
import datetime as dt
import re

import pytest
import time_machine
from django.urls import reverse

from tests.factories.accounts import UserFactory
from tests.support.clock import THROTTLE_START
from tests.support.clubs import club_path

pytestmark = pytest.mark.django_db
NEW_PASSWORD = "Nimbus-2000-balai"


def test_reset_email_link_sets_a_new_password(client, mailoutbox):
    user = UserFactory(username="cho", email="cho@example.org")
    page = client.get(reverse("password_reset"))
    assert "Mot de passe oublié" in page.content.decode()
    response = client.post(reverse("password_reset"), {"email": "cho@example.org"}, follow=True)
    assert "Lien envoyé" in response.content.decode()
    assert len(mailoutbox) == 1
    mail = mailoutbox[0]
    assert mail.to == ["cho@example.org"] and "Nouveau mot de passe" in mail.subject
    assert "Bonjour cho" in mail.body
    link = re.search(r"http://localhost:8000(" + re.escape(club_path("/mot-de-passe/nouveau/")) + r"\S+/)", mail.body).group(1)
    form_page = client.get(link, follow=True)  # Django swaps the token for a session key, then shows the form
    assert form_page.status_code == 200 and "Enregistrer le mot de passe" in form_page.content.decode()
    done = client.post(form_page.redirect_chain[-1][0], {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD},
                       follow=True)
    assert "Mot de passe enregistré" in done.content.decode()
    user.refresh_from_db()
    assert user.check_password(NEW_PASSWORD)
    reused = client.get(link, follow=True)
    assert "plus valable" in reused.content.decode()


def test_unknown_address_sends_nothing_and_says_the_same(client, mailoutbox):
    response = client.post(reverse("password_reset"), {"email": "personne@example.org"}, follow=True)
    assert "Lien envoyé" in response.content.decode()
    assert mailoutbox == []


def test_login_page_links_to_reset_and_signup_request(client):
    html = client.get(reverse("login")).content.decode()
    assert reverse("password_reset") in html and reverse("signup_request") in html


def test_fifteen_requests_in_a_row_send_only_the_allowed_number(client, mailoutbox, settings):
    """15 requests for one mailbox in 2 s: PASSWORD_RESETS_PER_HOUR e-mails, every answer the same page."""
    assert settings.PASSWORD_RESETS_PER_HOUR == 5
    UserFactory(username="cho", email="cho@example.org")
    with time_machine.travel(THROTTLE_START, tick=False):
        pages = [client.post(reverse("password_reset"), {"email": "cho@example.org"}, follow=True,
                             REMOTE_ADDR=f"203.0.113.{n}") for n in range(15)]
    assert len(mailoutbox) == 5
    assert {page.status_code for page in pages} == {200}
    assert all("Lien envoyé" in page.content.decode() for page in pages)
    with time_machine.travel(THROTTLE_START + dt.timedelta(hours=1, minutes=1), tick=False):
        client.post(reverse("password_reset"), {"email": "cho@example.org"})
    assert len(mailoutbox) == 6  # the next hour, one more


def test_one_client_address_cannot_ask_for_many_mailboxes(client, mailoutbox, settings):
    settings.PASSWORD_RESETS_PER_HOUR = 3
    for n in range(6):
        UserFactory(username=f"membre{n}", email=f"m{n}@example.org")
    with time_machine.travel(THROTTLE_START, tick=False):
        for n in range(6):
            page = client.post(reverse("password_reset"), {"email": f"M{n}@example.org"}, follow=True,
                               REMOTE_ADDR="203.0.113.7", HTTP_X_FORWARDED_FOR=f"10.0.0.{n}")
            assert "Lien envoyé" in page.content.decode()
        assert len(mailoutbox) == 3
        client.post(reverse("password_reset"), {"email": "m5@example.org"}, REMOTE_ADDR="198.51.100.2")
    assert len(mailoutbox) == 4  # another address
