"""Sign-up requests: a member asks, staff match the request to a synced member and approve."""
import re

import pytest
from django.urls import reverse

from accounts.models import Invitation, SignupRequest
from accounts.services.invitations import InvitationError
from accounts.services.membership import signup_request_decide
from tests.factories.accounts import DuellistFactory, UserFactory
from tests.support.clubs import club_path
from tests.support.permissions import club_staff

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client):
    client.force_login(club_staff(username="dumbledore"))
    return client


def test_member_sends_a_request(client):
    response = client.post(reverse("signup_request"), {"forum_name": "Dean Thomas", "email": ""})
    assert "Merci Dean Thomas" in response.content.decode()
    assert SignupRequest.objects.get().status == SignupRequest.Status.PENDING
    client.post(reverse("signup_request"), {"forum_name": "dean thomas ", "email": "dean@example.org"})
    again = SignupRequest.objects.get()  # asking twice: still one line in the queue, with the address
    assert again.email == "dean@example.org"


def test_queue_preselects_the_synced_member_with_that_name(staff_client):
    member = DuellistFactory(user=None, forum_name="Dean Thomas")
    SignupRequest.objects.create(forum_name="dean thomas")
    html = staff_client.get(reverse("signup_queue")).content.decode()
    assert f'name="member" id="member-{SignupRequest.objects.get().pk}" maxlength="100" value="{member.forum_name}"' in html


def test_approval_creates_the_invitation_emails_it_and_shows_the_pm(
    staff_client, mailoutbox, django_capture_on_commit_callbacks
):
    member = DuellistFactory(user=None, forum_name="Dean Thomas")
    signup = SignupRequest.objects.create(forum_name="Dean Thomas", email="dean@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        response = staff_client.post(reverse("signup_decide", args=[signup.pk]),
                                     {"decision": "approve", "member": member.forum_name})
    html = response.content.decode()
    assert "Voici ton lien pour activer ton compte Estrade" in html
    signup.refresh_from_db()
    assert signup.status == SignupRequest.Status.APPROVED and signup.duellist == member
    assert Invitation.objects.filter(duellist=member).count() == 1
    assert len(mailoutbox) == 1 and mailoutbox[0].to == ["dean@example.org"]
    link = re.search(r"http://localhost:8000(" + re.escape(club_path("/invitation/")) + r"\S+/)",
                     mailoutbox[0].body).group(1)
    assert "[url=" not in mailoutbox[0].body
    page = staff_client.get(link)
    assert page.status_code == 200 and "Activer mon compte" in page.content.decode()


def test_approval_without_a_member_is_refused_with_a_message(staff_client):
    signup = SignupRequest.objects.create(forum_name="Inconnu")
    response = staff_client.post(reverse("signup_decide", args=[signup.pk]), {"decision": "approve"}, follow=True)
    assert "Choisissez le membre synchronisé" in response.content.decode()
    signup.refresh_from_db()
    assert signup.status == SignupRequest.Status.PENDING


def test_rejection_and_no_second_decision(staff_client):
    staff = club_staff(username="snape")
    signup = SignupRequest.objects.create(forum_name="Troll")
    staff_client.post(reverse("signup_decide", args=[signup.pk]), {"decision": "reject"})
    signup.refresh_from_db()
    assert signup.status == SignupRequest.Status.REJECTED
    with pytest.raises(InvitationError):
        signup_request_decide(signup=signup, actor=staff, approve=True,
                              duellist=DuellistFactory(user=None), base_url="http://x")


def test_queue_is_staff_only(client):
    client.force_login(UserFactory(username="crabbe"))
    assert client.get(reverse("signup_queue")).status_code == 403
    signup = SignupRequest.objects.create(forum_name="Goyle")
    client.post(reverse("signup_decide", args=[signup.pk]), {"decision": "reject"})
    signup.refresh_from_db()
    assert signup.status == SignupRequest.Status.PENDING
