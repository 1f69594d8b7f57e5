"""Every e-mailed link starts with SITE_URL, whatever Host header the request that caused it carried
(a forged one, e.g. "127.0.0.1:6666", must never reach a member's mailbox)."""
import re

import pytest
from django.urls import reverse

from accounts.models import SignupRequest
from accounts.services.notifications import notification_send
from tests.factories.accounts import DuellistFactory, UserFactory
from tests.support.permissions import staff_with

pytestmark = pytest.mark.django_db
SITE = "https://estrade.example"
FORGED_HOST = "127.0.0.1:6666"


@pytest.fixture(autouse=True)
def site(settings):
    settings.SITE_URL = SITE
    settings.ALLOWED_HOSTS = ["127.0.0.1", "testserver"]  # the forged host passes the host check
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def links(body: str) -> list[str]:
    return re.findall(r"https?://\S+", body)


def test_the_password_reset_link_uses_site_url_not_the_host_header(client, mailoutbox):
    UserFactory(username="cho", email="cho@example.org")
    client.post(reverse("password_reset"), {"email": "cho@example.org"}, HTTP_HOST=FORGED_HOST, secure=True)
    (mail,) = mailoutbox
    (link,) = links(mail.body)
    assert link.startswith(SITE + "/mot-de-passe/nouveau/")
    assert "6666" not in mail.body and "127.0.0.1" not in mail.body + mail.subject
    confirm = client.get(link.removeprefix(SITE), follow=True)
    assert "Enregistrer le mot de passe" in confirm.content.decode()


def test_the_signup_approval_email_uses_site_url(client, mailoutbox, django_capture_on_commit_callbacks):
    staff = staff_with("accounts.decide_signup_requests", username="staff")
    client.force_login(staff)
    member = DuellistFactory(user=None, forum_name="Dean Thomas")
    signup = SignupRequest.objects.create(forum_name="Dean Thomas", email="dean@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("signup_decide", args=[signup.pk]), {"decision": "approve", "duellist": member.pk},
                               HTTP_HOST=FORGED_HOST)
    (mail,) = mailoutbox
    (link,) = links(mail.body)
    assert link.startswith(SITE + "/invitation/") and FORGED_HOST not in mail.body
    assert FORGED_HOST not in response.content.decode()  # the PM shown to the staff has the same link


def test_a_notice_email_carries_an_absolute_link(mailoutbox, django_capture_on_commit_callbacks):
    user = UserFactory(username="luna", email="luna@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        notification_send(user=user, kind="duel", message="À vous de poster.", url="/duels/3/")
    (mail,) = mailoutbox
    assert links(mail.body) == [SITE + "/duels/3/"]
