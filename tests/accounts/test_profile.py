"""'Mon profil': forum data read-only, e-mail, language, and per-kind e-mail choices that the
notification sender honours (the in-app notice is always stored)."""
import pytest
from django.core import mail
from django.urls import reverse

from accounts.models import Notification
from accounts.services.notifications import notification_send
from tests.factories.accounts import DuellistFactory, UserFactory

pytestmark = pytest.mark.django_db


def form_data(**overrides):
    data = {"email": "luna@example.org", "language": "fr"}
    data.update({f"email_{kind}": "on" for kind in Notification.Kind.values})
    data.update(overrides)
    return {key: value for key, value in data.items() if value is not None}


def test_profile_shows_forum_data_read_only(client):
    duellist = DuellistFactory(user__username="luna", rp_year=4, homework_year=5, prodigium=True,
                               character_name="Luna Lovegood")
    client.force_login(duellist.user)
    html = client.get(reverse("profile")).content.decode()
    assert "Mon profil" in html and "Luna Lovegood" in html and "Prodigium" in html
    assert 'name="forum_name"' not in html and 'name="rp_year"' not in html


def test_turning_off_a_kind_stops_its_emails_but_not_the_notice(client, django_capture_on_commit_callbacks):
    user = UserFactory(username="luna", email="")
    client.force_login(user)
    response = client.post(reverse("profile"), form_data(email_reminder=None), follow=True)
    assert "Profil enregistré" in response.content.decode()
    user.refresh_from_db()
    assert user.email == "luna@example.org"
    with django_capture_on_commit_callbacks(execute=True):
        notification_send(user=user, kind=Notification.Kind.REMINDER, message="Plus que 24 h.")
        notification_send(user=user, kind=Notification.Kind.DUEL, message="Votre duel commence.")
    assert Notification.objects.filter(user=user).count() == 2
    assert len(mail.outbox) == 1 and "Votre duel commence." in mail.outbox[0].body


def test_the_page_shows_the_saved_choices(client):
    user = UserFactory(username="luna")
    client.force_login(user)
    client.post(reverse("profile"), form_data(email_duel=None))
    html = client.get(reverse("profile")).content.decode()
    assert 'name="email_duel" id="id_email_duel"' in html and 'name="email_duel" id="id_email_duel" checked' not in html
    assert 'name="email_reminder" id="id_email_reminder" checked' in html


def test_choosing_english_switches_the_site(client):
    user = UserFactory(username="luna")
    client.force_login(user)
    client.post(reverse("profile"), form_data(language="en"))
    user.refresh_from_db()
    assert user.language == "en"
    assert '<html lang="en">' in client.get(reverse("profile")).content.decode()


def test_a_bad_address_is_refused_with_a_message(client):
    user = UserFactory(username="luna", email="old@example.org")
    client.force_login(user)
    response = client.post(reverse("profile"), form_data(email="pas-une-adresse"))
    assert response.status_code == 200 and "adresse e-mail valide" in response.content.decode()
    user.refresh_from_db()
    assert user.email == "old@example.org"


def test_profile_needs_login(client):
    assert client.get(reverse("profile")).status_code == 302
