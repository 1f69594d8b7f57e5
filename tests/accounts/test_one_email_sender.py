"""Every e-mail the site sends goes through `accounts.services.emails.email_send`: the notices' (with the
member's choices), the sign-up invitation and the forgotten-password link."""
import pytest
from django.urls import reverse

from accounts.models import Notification, SignupRequest
from accounts.services import emails
from accounts.services.notifications import notification_send
from tests.factories.accounts import DuellistFactory, UserFactory
from tests.support.permissions import club_staff

pytestmark = pytest.mark.django_db


@pytest.fixture
def sent(monkeypatch):
    """What reached `email_send`, and whether it sent (the real function runs)."""
    calls = []
    real = emails.email_send

    def recording(**kwargs):
        calls.append((kwargs, real(**kwargs)))
        return calls[-1][1]

    monkeypatch.setattr(emails, "email_send", recording)
    import accounts.forms
    import accounts.services.membership

    monkeypatch.setattr(accounts.forms, "email_send", recording)
    monkeypatch.setattr(accounts.services.membership, "email_send", recording)
    return calls


def test_the_forgotten_password_link_goes_through_the_one_sender(client, mailoutbox, sent):
    UserFactory(username="cho", email="cho@example.org")
    client.post(reverse("password_reset"), {"email": "cho@example.org"})
    [(call, was_sent)] = sent
    assert call["address"] == "cho@example.org" and was_sent
    assert len(mailoutbox) == 1 and "Nouveau mot de passe" in mailoutbox[0].subject


def test_the_invitation_goes_through_the_one_sender(client, mailoutbox, sent, django_capture_on_commit_callbacks):
    client.force_login(club_staff(username="staff"))
    member = DuellistFactory(user=None, forum_name="Dean Thomas")
    signup = SignupRequest.objects.create(forum_name="Dean Thomas", email="dean@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("signup_decide", args=[signup.pk]), {"decision": "approve", "member": member.forum_name})
    [(call, was_sent)] = sent
    assert call["address"] == "dean@example.org" and was_sent and mailoutbox[0].to == ["dean@example.org"]


def test_a_notice_goes_through_the_one_sender_which_asks_the_member(sent, mailoutbox, django_capture_on_commit_callbacks):
    member = UserFactory(username="luna", email="luna@example.org")
    member.email_preferences.create(kind=Notification.Kind.REMINDER, send_email=False)
    with django_capture_on_commit_callbacks(execute=True):
        notification_send(user=member, kind=Notification.Kind.REMINDER, message="Plus que 24 h.")
        notification_send(user=member, kind=Notification.Kind.DUEL, message="Votre duel commence.")
    assert [(call["kind"], was_sent) for call, was_sent in sent] == [("reminder", False), ("duel", True)]
    assert [m.body for m in mailoutbox] == ["Votre duel commence."]
