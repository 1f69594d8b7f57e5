"""A club's staff pages belong to its staff (Membership staff or owner, in the club being served), and so
do the services behind them: a member without the role, Django's staff flag holding every permission but no
membership, and the staff of another club get the site's 403 page and the services refuse; the club's staff
and owner open every page. Superusers keep everything; the staff index lists the pages."""
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
from accounts.services.member_upload import UploadRefused, forum_members_confirm, forum_members_preview
from accounts.services.membership import referee_role_set, signup_request_decide
from clubs.models import Membership
from clubs.roles import membership_join
from forum.models import PmBatch
from forum.services import ForumError, batches
from rankings.services.rewards import rewards_mark_paid
from tests.factories.accounts import DuellistFactory, UserFactory
from tests.support.clubs import make_referee, other_club
from tests.support.forum import forum_configured
from tests.support.permissions import club_staff, staff_with
from tests.support.web import client_for

pytestmark = pytest.mark.django_db
EVERY = [DECIDE_SIGNUP_REQUESTS, GRANT_REFEREE_ROLE, IMPORT_MEMBERS, ISSUE_ACCOUNT_LINKS, PAY_REWARDS,
         "duels.referee_any_duel", "webhooks.view_delivery", "accounts.edit_house_rules"]


def outsiders() -> list:
    """Who is nobody among this club's staff: a member, the platform's staff flag with every permission (no
    membership role), the staff of another club."""
    member = UserFactory()
    membership_join(member)
    return [member, staff_with(*EVERY), club_staff(other_club())]


def owner():
    """The club's owner, without the staff tick: the owner is staff."""
    user = UserFactory()
    membership_join(user)
    Membership.objects.filter(user=user).update(is_owner=True)
    return user


def check_page(url: str, *, post: dict | None = None) -> None:
    """Outsiders: 403 on GET (and POST); the club's staff, its owner and a superuser: the page opens."""
    for user in outsiders():
        client = client_for(user)
        assert client.get(url).status_code == 403, (url, user)
        if post is not None:
            assert client.post(url, post).status_code == 403, (url, user)
    for user in (club_staff(), owner(), UserFactory(is_staff=True, is_superuser=True)):
        assert client_for(user).get(url).status_code == 200, (url, user)


def test_the_sign_up_queue_and_its_decisions_are_the_club_staffs():
    signup = SignupRequest.objects.create(forum_name="Luna")
    member = DuellistFactory(user=None, forum_name="Luna")
    check_page(reverse("signup_queue"))
    decide = reverse("signup_decide", args=[signup.pk])
    for outsider in outsiders():
        assert client_for(outsider).post(decide, {"decision": "approve", "member": "Luna"}).status_code == 403
        with pytest.raises(InvitationError):
            signup_request_decide(signup=signup, actor=outsider, approve=False, base_url="")
    signup.refresh_from_db()
    assert signup.status == SignupRequest.Status.PENDING
    signup_request_decide(signup=signup, actor=club_staff(), approve=True, duellist=member, base_url="")


def test_the_referee_role_page_is_the_club_staffs():
    player = UserFactory()
    check_page(reverse("roles"))
    for outsider in outsiders():
        assert client_for(outsider).post(reverse("role_set", args=[player.pk]), {"referee": "1"}).status_code == 403
        with pytest.raises(InvitationError):
            referee_role_set(actor=outsider, user=player, granted=True)
    assert not player.is_referee
    assert referee_role_set(actor=owner(), user=player, granted=True)


def test_the_member_import_is_the_club_staffs():
    check_page(reverse("members_import"), post={})
    upload = SimpleUploadedFile("m.csv", b"forum_id,forum_name,joined_on,post_count,homework_year\n")
    for outsider in outsiders():
        with pytest.raises(UploadRefused):
            forum_members_preview(upload=upload, by=outsider)
        with pytest.raises(UploadRefused):
            forum_members_confirm(token="x", by=outsider)


def test_the_invitation_pm_page_and_its_batches_are_the_club_staffs(club):
    forum_configured(club, url="https://forum.example")
    DuellistFactory(user=None)
    check_page(reverse("forum:invitations"), post={})
    for outsider in outsiders():
        with pytest.raises(ForumError):
            batches.invitation_batch_create(by=outsider)
    batch = batches.invitation_batch_create(by=club_staff())
    assert batch.kind == PmBatch.Kind.INVITATION
    assert client_for(staff_with(*EVERY)).get(reverse("forum:batch", args=[batch.pk])).status_code == 403
    assert client_for(club_staff()).get(reverse("forum:batch", args=[batch.pk])).status_code == 200


def test_the_rewards_page_is_the_club_staffs():
    check_page(reverse("rankings:rewards"), post={"paid": ["1"]})
    for outsider in outsiders():
        with pytest.raises(PermissionDenied):
            rewards_mark_paid(result_ids=[1], by=outsider)


def test_the_referee_pages_need_the_referee_role_of_the_club():
    url = reverse("duels:referee")
    for outsider in outsiders():
        assert client_for(outsider).get(url).status_code == 403
    assert client_for(club_staff()).get(url).status_code == 200  # the club's staff referee any duel
    assert client_for(owner()).get(url).status_code == 200
    referee = UserFactory()
    make_referee(referee)
    assert client_for(referee).get(url).status_code == 200


def test_the_admin_link_actions_need_issue_account_links_not_the_view_permission():
    """The admin is the platform operator's: there Django's permissions rule (no club is served)."""
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


def test_the_staff_index_leads_the_club_staff_to_the_panel_menu_of_every_staff_page():
    for user in (club_staff(), owner(), UserFactory(is_staff=True, is_superuser=True)):
        page = client_for(user).get(reverse("staff"), follow=True)
        assert page.redirect_chain == [(reverse("clubs:panel"), 302)] and page.status_code == 200
        assert all(f'href="{reverse(name)}"' in page.content.decode() for name, _label, _perm in STAFF_PAGES)
    for outsider in outsiders():
        assert client_for(outsider).get(reverse("staff")).status_code == 403


def test_the_menu_shows_the_panel_link_to_the_club_staff_only():
    link = f'href="{reverse("clubs:panel")}"'
    assert link in client_for(club_staff()).get(reverse("home")).content.decode()
    for outsider in outsiders():
        assert link not in client_for(outsider).get(reverse("home")).content.decode()


def test_no_staff_page_opens_on_the_platform_staff_flag_and_every_permission():
    staff = client_for(staff_with(*EVERY))
    for name, _label, _perm in STAFF_PAGES:
        assert staff.get(reverse(name)).status_code == 403, name
