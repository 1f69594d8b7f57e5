"""One account serves every club: a member signed in (they play in one club) who opens another club's
activation link takes that character as theirs — no second account, no new password. A member already
playing someone in that club, a used link or a password link are refused, and nothing changes."""
import pytest

from accounts.models import Duellist, Invitation
from accounts.services.invitations import invitation_create
from clubs.models import Membership
from clubs.scoping import activate_club
from tests.factories.duels import DuellistFactory
from tests.support.clubs import other_club
from tests.support.web import client_for

pytestmark = pytest.mark.django_db


def _link_in(club, **duellist):
    with activate_club(club):
        member = DuellistFactory(user=None, **duellist)
        return member, invitation_create(duellist=member, created_by=None)


def test_a_signed_in_member_plays_the_invited_character_with_their_account(club):
    player = DuellistFactory(forum_name="Elwyn").user  # plays in the home club
    ilvermorny = other_club()
    member, issued = _link_in(ilvermorny, forum_name="Ezra")
    client = client_for(player)
    page = client.get(f"/ilvermorny/invitation/{issued.token}/").content.decode()
    assert "data-link-account" in page and "Jouer « Ezra » avec ce compte" in page
    assert 'name="password1"' not in page  # no second account offered to a signed-in member
    response = client.post(f"/ilvermorny/invitation/{issued.token}/", {"link": "1"}, follow=True)
    assert "« Ezra » est maintenant votre personnage dans le club Ilvermorny." in response.content.decode()
    with activate_club(ilvermorny):
        assert Duellist.objects.get(pk=member.pk).user == player
        assert Invitation.objects.get(pk=issued.invitation.pk).used_at is not None
    assert Membership.objects.filter(user=player, club=ilvermorny).exists()
    assert Duellist.objects.get(forum_name="Elwyn").user == player  # the home club's character stays


def test_a_member_who_already_plays_in_that_club_is_refused(club):
    player = DuellistFactory(forum_name="Elwyn").user
    member, issued = _link_in(club, forum_name="Second")
    response = client_for(player).post(f"/club/invitation/{issued.token}/", {"link": "1"})
    assert response.status_code == 410 and "Votre compte joue déjà « Elwyn » dans ce club" in response.content.decode()
    member.refresh_from_db()
    assert member.user is None and Invitation.objects.get(pk=issued.invitation.pk).used_at is None


def test_a_used_link_links_nothing(club):
    first, second = DuellistFactory().user, DuellistFactory().user
    member, issued = _link_in(other_club(), forum_name="Ezra")
    assert client_for(first).post(f"/ilvermorny/invitation/{issued.token}/", {"link": "1"}).status_code == 302
    response = client_for(second).post(f"/ilvermorny/invitation/{issued.token}/", {"link": "1"})
    assert response.status_code == 410 and "Ce lien a déjà servi" in response.content.decode()
    with activate_club(other_club()):
        assert Duellist.objects.get(pk=member.pk).user == first


def test_a_password_link_does_not_link_a_character(club):
    owner_of_link = DuellistFactory(forum_name="Luna")
    issued = invitation_create(duellist=owner_of_link, created_by=None, purpose=Invitation.Purpose.PASSWORD_RESET)
    stranger = DuellistFactory().user
    client = client_for(stranger)
    assert "data-link-account" not in client.get(f"/club/invitation/{issued.token}/").content.decode()
    response = client.post(f"/club/invitation/{issued.token}/", {"link": "1"})
    assert response.status_code == 410
    owner_of_link.refresh_from_db()
    assert owner_of_link.user != stranger
