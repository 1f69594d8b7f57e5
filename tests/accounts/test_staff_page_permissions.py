"""Each staff page requires its own permission (accounts/permissions.py), and so does the service behind it:
a staff member holding every permission but that one gets the site's 403 page and the service refuses;
holding it opens the page. Superusers keep everything; the staff index lists only the pages its reader
may open."""
import pytest
from django.core.exceptions import PermissionDenied
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from accounts.models import Invitation, SignupRequest
from accounts.permissions import (
    DECIDE_SIGNUP_REQUESTS,
    GRANT_REFEREE_ROLE,
    IMPORT_MEMBERS,
    ISSUE_ACCOUNT_LINKS,
    PAY_REWARDS,
    STAFF_PAGES,
)
from accounts.services.invitations import InvitationError, invitation_create
from accounts.services.member_upload import UploadRefused, forum_members_upload
from accounts.services.membership import referee_role_set, signup_request_decide
from forum.models import PmBatch
from forum.services import ForumError, batches
from rankings.services.rewards import rewards_mark_paid
from tests.factories.accounts import DuellistFactory, UserFactory
from tests.support.clubs import make_referee
from tests.support.forum import forum_configured
from tests.support.permissions import staff_with
from tests.support.web import client_for

pytestmark = pytest.mark.django_db
EVERY = [DECIDE_SIGNUP_REQUESTS, GRANT_REFEREE_ROLE, IMPORT_MEMBERS, ISSUE_ACCOUNT_LINKS, PAY_REWARDS,
         "duels.referee_any_duel", "webhooks.view_delivery"]


def all_but(perm: str):
    return staff_with(*[p for p in EVERY if p != perm])


def check_page(perm: str, url: str, *, post: dict | None = None) -> None:
    """Without `perm` (every other one held): 403 on GET (and POST); with it alone: the page opens."""
    without = client_for(all_but(perm))
    assert without.get(url).status_code == 403, url
    if post is not None:
        assert without.post(url, post).status_code == 403, url
    assert client_for(staff_with(perm)).get(url).status_code == 200, url
    assert client_for(UserFactory(is_staff=True, is_superuser=True)).get(url).status_code == 200, url


def test_the_sign_up_queue_and_its_decisions_need_decide_signup_requests():
    signup = SignupRequest.objects.create(forum_name="Luna")
    member = DuellistFactory(user=None, forum_name="Luna")
    check_page(DECIDE_SIGNUP_REQUESTS, reverse("signup_queue"))
    without = client_for(all_but(DECIDE_SIGNUP_REQUESTS))
    decide = reverse("signup_decide", args=[signup.pk])
    assert without.post(decide, {"decision": "approve", "member": "Luna"}).status_code == 403
    with pytest.raises(InvitationError):
        signup_request_decide(signup=signup, actor=all_but(DECIDE_SIGNUP_REQUESTS), approve=False, base_url="")
    signup.refresh_from_db()
    assert signup.status == SignupRequest.Status.PENDING
    signup_request_decide(signup=signup, actor=staff_with(DECIDE_SIGNUP_REQUESTS), approve=True, duellist=member,
                          base_url="")


def test_the_referee_role_page_needs_grant_referee_role():
    player = UserFactory()
    check_page(GRANT_REFEREE_ROLE, reverse("roles"))
    response = client_for(staff_with("webhooks.view_delivery")).post(reverse("role_set", args=[player.pk]),
                                                                      {"referee": "1"})
    assert response.status_code == 403
    with pytest.raises(InvitationError):
        referee_role_set(actor=all_but(GRANT_REFEREE_ROLE), user=player, granted=True)
    assert not player.is_referee
    assert referee_role_set(actor=staff_with(GRANT_REFEREE_ROLE), user=player, granted=True)


def test_the_member_import_needs_import_members():
    check_page(IMPORT_MEMBERS, reverse("members_import"), post={})
    upload = SimpleUploadedFile("m.csv", b"forum_id,forum_name,joined_on,post_count,homework_year\n")
    with pytest.raises(UploadRefused):
        forum_members_upload(upload=upload, by=all_but(IMPORT_MEMBERS))


def test_the_invitation_pm_page_and_its_batches_need_issue_account_links(club):
    forum_configured(club, url="https://forum.example")
    DuellistFactory(user=None)
    check_page(ISSUE_ACCOUNT_LINKS, reverse("forum:invitations"), post={})
    with pytest.raises(ForumError):
        batches.invitation_batch_create(by=all_but(ISSUE_ACCOUNT_LINKS))
    batch = batches.invitation_batch_create(by=staff_with(ISSUE_ACCOUNT_LINKS))
    assert batch.kind == PmBatch.Kind.INVITATION
    assert client_for(all_but(ISSUE_ACCOUNT_LINKS)).get(reverse("forum:batch", args=[batch.pk])).status_code == 403
    assert client_for(staff_with(ISSUE_ACCOUNT_LINKS)).get(reverse("forum:batch", args=[batch.pk])).status_code == 200


def test_the_rewards_page_needs_pay_rewards():
    check_page(PAY_REWARDS, reverse("rankings:rewards"), post={"paid": ["1"]})
    with pytest.raises(PermissionDenied):
        rewards_mark_paid(result_ids=[1], by=all_but(PAY_REWARDS))


def test_the_referee_pages_need_the_referee_role():
    url = reverse("duels:referee")
    bare = client_for(staff_with(*[p for p in EVERY if p != "duels.referee_any_duel"]))
    assert bare.get(url).status_code == 403
    assert client_for(staff_with("duels.referee_any_duel")).get(url).status_code == 200
    referee = UserFactory()
    make_referee(referee)
    assert client_for(referee).get(url).status_code == 200


def test_the_admin_link_actions_need_issue_account_links_not_the_view_permission():
    member = DuellistFactory(user=None)
    viewer = staff_with("accounts.view_duellist", "accounts.view_invitation")
    changelist = reverse("admin:accounts_duellist_changelist")
    client = client_for(viewer)
    page = client.get(changelist).content.decode()
    assert "make_invitations" not in page and "make_reset_links" not in page
    client.post(changelist, {"action": "make_invitations", "_selected_action": [member.pk]})
    assert not Invitation.objects.filter(duellist=member).exists()
    issued = invitation_create(duellist=member, created_by=UserFactory(is_staff=True, is_superuser=True))
    client.post(reverse("admin:accounts_invitation_changelist"),
                {"action": "revoke", "_selected_action": [issued.invitation.pk]})
    assert Invitation.objects.get(pk=issued.invitation.pk).revoked_at is None
    allowed = client_for(staff_with("accounts.view_duellist", "accounts.view_invitation", ISSUE_ACCOUNT_LINKS))
    assert "make_invitations" in allowed.get(changelist).content.decode()
    allowed.post(reverse("admin:accounts_invitation_changelist"),
                 {"action": "revoke", "_selected_action": [issued.invitation.pk]})
    assert Invitation.objects.get(pk=issued.invitation.pk).revoked_at is not None


def test_the_staff_index_lists_only_the_pages_its_reader_may_open():
    nothing = client_for(UserFactory(is_staff=True)).get(reverse("staff"))
    assert nothing.status_code == 200
    page = nothing.content.decode()
    assert not any(f'href="{reverse(name)}"' in page for name, _label, _perm in STAFF_PAGES)
    assert "Aucune page de l'équipe ne vous est ouverte" in page
    one = client_for(staff_with(PAY_REWARDS)).get(reverse("staff")).content.decode()
    assert f'href="{reverse("rankings:rewards")}"' in one and f'href="{reverse("roles")}"' not in one
    every = client_for(UserFactory(is_staff=True, is_superuser=True)).get(reverse("staff")).content.decode()
    assert all(f'href="{reverse(name)}"' in every for name, _label, _perm in STAFF_PAGES)
    assert client_for(UserFactory()).get(reverse("staff")).status_code == 403


def test_no_staff_page_opens_on_the_staff_flag_alone():
    staff = client_for(UserFactory(is_staff=True))
    for name, _label, _perm in STAFF_PAGES:
        assert staff.get(reverse(name)).status_code == 403, name
