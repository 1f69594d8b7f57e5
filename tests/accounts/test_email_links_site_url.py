"""Every e-mailed link starts with SITE_URL, whatever Host header the request that caused it carried
(a forged one, e.g. "127.0.0.1:6666", must never reach a member's mailbox)."""
import re

import pytest
from django.urls import reverse

from accounts.models import SignupRequest
from accounts.services.notifications import notification_send
from tests.factories.accounts import DuellistFactory, UserFactory
from tests.support.clubs import api_token, club_path
from tests.support.permissions import club_staff

pytestmark = pytest.mark.django_db
SITE = "https://estrade.example"
FORGED_HOST = "127.0.0.1:6666"


@pytest.fixture(autouse=True)
def site(settings):
    settings.SITE_URL = SITE
    settings.ALLOWED_HOSTS = ["127.0.0.1", "testserver"]  # the forged host passes the host check


def links(body: str) -> list[str]:
    return re.findall(r"https?://\S+", body)


def test_the_password_reset_link_uses_site_url_not_the_host_header(client, mailoutbox):
    UserFactory(username="cho", email="cho@example.org")
    client.post(reverse("password_reset"), {"email": "cho@example.org"}, HTTP_HOST=FORGED_HOST, secure=True)
    (mail,) = mailoutbox
    (link,) = links(mail.body)
    assert link.startswith(SITE + club_path("/mot-de-passe/nouveau/"))
    assert "6666" not in mail.body and "127.0.0.1" not in mail.body + mail.subject
    confirm = client.get(link.removeprefix(SITE), follow=True)
    assert "Enregistrer le mot de passe" in confirm.content.decode()


def test_the_signup_approval_email_uses_site_url(client, mailoutbox, django_capture_on_commit_callbacks):
    staff = club_staff(username="staff")
    client.force_login(staff)
    member = DuellistFactory(user=None, forum_name="Dean Thomas")
    signup = SignupRequest.objects.create(forum_name="Dean Thomas", email="dean@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("signup_decide", args=[signup.pk]), {"decision": "approve", "member": member.forum_name},
                               HTTP_HOST=FORGED_HOST)
    (mail,) = mailoutbox
    (link,) = links(mail.body)
    assert link.startswith(SITE + club_path("/invitation/")) and FORGED_HOST not in mail.body
    assert FORGED_HOST not in response.content.decode()  # the PM shown to the staff has the same link


def test_a_notice_email_carries_an_absolute_link(mailoutbox, django_capture_on_commit_callbacks):
    user = UserFactory(username="luna", email="luna@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        notification_send(user=user, kind="duel", message="À vous de poster.", url="/duels/3/")
    (mail,) = mailoutbox
    assert links(mail.body) == [SITE + "/duels/3/"]


def test_the_api_invitation_link_uses_site_url_not_the_host_header():
    from rest_framework.test import APIClient

    DuellistFactory(user=None, forum_name="Seamus", forum_id=42)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {api_token(club_staff())}")
    response = api.post(reverse("forum-member-invitation", kwargs={"forum_id": 42}), {}, format="json",
                        HTTP_HOST=FORGED_HOST)
    assert response.status_code == 201
    body = response.json()
    assert body["url"].startswith(SITE + club_path("/invitation/"))
    assert FORGED_HOST not in body["url"] + body["pm_bbcode"]
    assert f"[url={body['url']}]" in body["pm_bbcode"]


def test_the_admin_invitation_action_uses_site_url_not_the_host_header(client):
    member = DuellistFactory(user=None, forum_name="Luna Lovegood", forum_id=77)
    client.force_login(UserFactory(username="mcgonagall", is_staff=True, is_superuser=True))
    for action in ("make_invitations", "make_reset_links"):
        if action == "make_reset_links":
            member = DuellistFactory(user__username="Neville", forum_id=78)
        response = client.post(reverse("admin:accounts_duellist_changelist"),
                               {"action": action, "_selected_action": [member.pk]}, HTTP_HOST=FORGED_HOST)
        html = response.content.decode()
        assert response.status_code == 200
        assert f"[url={SITE}{club_path('/invitation/')}" in html, action
        assert FORGED_HOST not in html
