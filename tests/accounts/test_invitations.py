"""Invitation links: create, open, use, reuse refused, expiry (clock pinned), revoke, replace."""
import datetime as dt
import html
import io

import pytest
import time_machine
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from accounts.models import Duellist, Invitation, User
from accounts.services.invitations import (
    InvitationError,
    invitation_accept,
    invitation_create,
    invitation_pm_bbcode,
    invitation_revoke,
)
from audit.models import AuditLog
from clubs.scoping import activate_club
from tests.factories.accounts import DuellistFactory, UserFactory
from tests.support.clubs import club_path, other_club

pytestmark = pytest.mark.django_db
NOW = dt.datetime(2026, 3, 2, 12, 0, tzinfo=dt.UTC)
GOOD_PASSWORD = "Patronus-cerf-42"


@pytest.fixture
def member():
    return DuellistFactory(user=None, forum_name="Luna Lovegood", forum_id=77)


@pytest.fixture
def staff_user():
    return UserFactory(username="mcgonagall", is_staff=True)


def test_accepting_creates_the_account_linked_to_the_member(member, staff_user):
    issued = invitation_create(duellist=member, created_by=staff_user)
    user = invitation_accept(token=issued.token, password=GOOD_PASSWORD, email="luna@example.org")
    member.refresh_from_db()
    assert member.user == user
    assert user.username == "Luna Lovegood" and user.email == "luna@example.org"
    assert user.check_password(GOOD_PASSWORD)
    assert AuditLog.objects.filter(action="account.invitation", actor=staff_user).exists()


def test_only_the_digest_of_the_token_is_stored(member, staff_user):
    issued = invitation_create(duellist=member, created_by=staff_user)
    stored = Invitation.objects.get()
    assert issued.token not in stored.token_digest and len(stored.token_digest) == 64


def test_a_used_link_cannot_be_used_again(member, staff_user):
    issued = invitation_create(duellist=member, created_by=staff_user)
    invitation_accept(token=issued.token, password=GOOD_PASSWORD)
    with pytest.raises(InvitationError) as refused:
        invitation_accept(token=issued.token, password="Autre-mot-2-passe")
    assert refused.value.code == "used"
    assert User.objects.count() == 2  # staff + the member, once


def test_link_expires_after_fourteen_days(member, staff_user):
    with time_machine.travel(NOW, tick=False):
        issued = invitation_create(duellist=member, created_by=staff_user)
    with time_machine.travel(NOW + dt.timedelta(days=14, seconds=-1), tick=False):
        assert Invitation.objects.get().state(timezone.now()) == "pending"
    with time_machine.travel(NOW + dt.timedelta(days=14), tick=False):
        with pytest.raises(InvitationError) as refused:
            invitation_accept(token=issued.token, password=GOOD_PASSWORD)
    assert refused.value.code == "expired"
    assert "expiré" in refused.value.message and "staff" in refused.value.message
    member.refresh_from_db()
    assert member.user is None


def test_link_still_works_the_day_before_it_expires(member, staff_user):
    with time_machine.travel(NOW, tick=False):
        issued = invitation_create(duellist=member, created_by=staff_user)
    with time_machine.travel(NOW + dt.timedelta(days=13, hours=23), tick=False):
        assert invitation_accept(token=issued.token, password=GOOD_PASSWORD).username == "Luna Lovegood"


def test_a_revoked_link_is_refused(member, staff_user):
    issued = invitation_create(duellist=member, created_by=staff_user)
    assert invitation_revoke(invitation=issued.invitation, actor=staff_user) is True
    assert invitation_revoke(invitation=issued.invitation, actor=staff_user) is False
    with pytest.raises(InvitationError) as refused:
        invitation_accept(token=issued.token, password=GOOD_PASSWORD)
    assert refused.value.code == "revoked"


def test_a_new_link_replaces_the_old_one(member, staff_user):
    first = invitation_create(duellist=member, created_by=staff_user)
    second = invitation_create(duellist=member, created_by=staff_user)
    with pytest.raises(InvitationError) as refused:
        invitation_accept(token=first.token, password=GOOD_PASSWORD)
    assert refused.value.code == "revoked"
    assert invitation_accept(token=second.token, password=GOOD_PASSWORD)


def test_a_weak_password_is_refused_and_the_link_stays_usable(member, staff_user):
    issued = invitation_create(duellist=member, created_by=staff_user)
    with pytest.raises(ValidationError):
        invitation_accept(token=issued.token, password="123")
    assert User.objects.count() == 1
    assert invitation_accept(token=issued.token, password=GOOD_PASSWORD)


def test_username_is_made_unique(staff_user):
    UserFactory(username="Neville")
    member = DuellistFactory(user=None, forum_name="neville", forum_id=5)
    issued = invitation_create(duellist=member, created_by=staff_user)
    assert invitation_accept(token=issued.token, password=GOOD_PASSWORD).username == "neville2"


def test_a_member_with_an_account_gets_no_activation_link(staff_user):
    member = DuellistFactory(user__username="ginny")
    with pytest.raises(InvitationError) as refused:
        invitation_create(duellist=member, created_by=staff_user)
    assert refused.value.code == "has_account"


def test_staff_reset_link_sets_a_new_password_for_a_member_without_email(staff_user):
    member = DuellistFactory(user__username="ron")
    issued = invitation_create(duellist=member, created_by=staff_user, purpose=Invitation.Purpose.PASSWORD_RESET)
    user = invitation_accept(token=issued.token, password=GOOD_PASSWORD)
    assert user == member.user and user.check_password(GOOD_PASSWORD)
    assert User.objects.count() == 2


def test_the_private_message_is_french_bbcode_with_the_link(member, staff_user):
    issued = invitation_create(duellist=member, created_by=staff_user)
    pm = invitation_pm_bbcode(issued=issued, base_url="https://estrade.example")
    url = f"https://estrade.example{club_path('/invitation/')}{issued.token}/"
    assert "Voici ton lien pour activer ton compte Estrade" in pm
    assert f"[url={url}]{url}[/url]" in pm
    assert "[b]Luna Lovegood[/b]" in pm


# ---- the page


def test_page_creates_the_account_and_logs_the_member_in(client, member, staff_user):
    issued = invitation_create(duellist=member, created_by=staff_user)
    url = reverse("invitation_accept", kwargs={"token": issued.token})
    page = client.get(url)
    assert page.status_code == 200 and "Bonjour Luna Lovegood" in page.content.decode()
    response = client.post(url, {"password1": GOOD_PASSWORD, "password2": GOOD_PASSWORD, "email": ""}, follow=True)
    assert "Votre compte est prêt" in response.content.decode()
    assert response.context["user"].username == "Luna Lovegood"


def test_page_shows_password_validator_messages_in_french(client, member, staff_user):
    issued = invitation_create(duellist=member, created_by=staff_user)
    url = reverse("invitation_accept", kwargs={"token": issued.token})
    response = client.post(url, {"password1": "12345678", "password2": "12345678"})
    page = response.content.decode()
    assert response.status_code == 200
    assert "entièrement numérique" in page or "trop courant" in page
    mismatch = client.post(url, {"password1": GOOD_PASSWORD, "password2": GOOD_PASSWORD + "x"})
    assert "ne correspondent pas" in mismatch.content.decode()


@pytest.mark.parametrize("state, words", [
    ("used", "déjà servi"), ("revoked", "remplacé ou annulé"), ("expired", "expiré"), ("missing", "n'existe pas"),
])
def test_page_explains_an_unusable_link_in_french(client, member, staff_user, state, words):
    issued = invitation_create(duellist=member, created_by=staff_user)
    token = issued.token
    if state == "used":
        invitation_accept(token=token, password=GOOD_PASSWORD)
    elif state == "revoked":
        invitation_revoke(invitation=issued.invitation, actor=staff_user)
    elif state == "expired":
        Invitation.objects.update(expires_at=timezone.now() - dt.timedelta(seconds=1))
    else:
        token = "not-a-token"
    response = client.get(reverse("invitation_accept", kwargs={"token": token}))
    assert response.status_code == 410
    assert words in html.unescape(response.content.decode())


# ---- the command and the admin action


def test_command_prints_a_pm_for_each_pending_member(capsys, staff_user):
    DuellistFactory(user=None, forum_name="Hannah", forum_id=11)
    DuellistFactory(user=None, forum_name="Ernie", forum_id=12)
    DuellistFactory(user__username="Susan", forum_id=13)
    call_command("invitations", "--all-pending", "--base-url", "https://estrade.example")
    out = capsys.readouterr().out
    assert out.count("Voici ton lien pour activer ton compte Estrade") == 2
    assert "Hannah" in out and "Ernie" in out and "Susan" not in out
    call_command("invitations", "--all-pending")  # the open links are not replaced
    assert Invitation.objects.count() == 2


def test_command_by_forum_id_names_unknown_members(capsys, member):
    call_command("invitations", "77", "999")
    captured = capsys.readouterr()
    assert "Luna Lovegood" in captured.out and "999" in captured.err


def test_admin_action_shows_the_pms(client, member, staff_user):
    staff_user.is_superuser = True
    staff_user.save()
    client.force_login(staff_user)
    response = client.post(reverse("admin:accounts_duellist_changelist"), {
        "action": "make_invitations", "_selected_action": [member.pk],
    })
    assert response.status_code == 200
    assert "Voici ton lien pour activer ton compte Estrade" in response.content.decode()
    assert Invitation.objects.filter(duellist=member, created_by=staff_user).count() == 1


def test_the_site_admin_makes_and_revokes_a_link_in_the_members_own_club(client, staff_user, tmp_path):
    """The site's admin lists every club's members: a link made there leads into the member's club, and
    its audit entry is that club's."""
    ilvermorny = other_club()
    csv = tmp_path / "membres.csv"
    csv.write_text("forum_id,forum_name,joined_on,post_count,homework_year\n77,Seraphina,2025-01-10,40,3\n")
    call_command("import_forum_members", str(csv), "--club", ilvermorny.slug, stdout=io.StringIO())
    with activate_club(ilvermorny):
        member = Duellist.objects.get()
    staff_user.is_superuser = True
    staff_user.save()
    client.force_login(staff_user)
    response = client.post(reverse("admin:accounts_duellist_changelist"), {
        "action": "make_invitations", "_selected_action": [member.pk],
    })
    assert "/ilvermorny/invitation/" in response.content.decode()
    with activate_club(ilvermorny):
        invitation = Invitation.objects.get(duellist=member)
    client.post(reverse("admin:accounts_invitation_changelist"), {
        "action": "revoke", "_selected_action": [invitation.pk],
    })
    with activate_club(ilvermorny):
        invitation.refresh_from_db()
        assert invitation.revoked_at is not None
        assert [entry.data["event"] for entry in AuditLog.objects.order_by("pk")] == ["created", "revoked"]
    assert not AuditLog.objects.exists()  # nothing in the home club
