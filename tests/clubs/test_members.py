"""One account, several clubs: a member of two forums signs in once and has a character in each."""
import pytest
from django.db import IntegrityError, transaction

from accounts.models import Duellist
from clubs.scoping import activate_club
from tests.factories.accounts import DuellistFactory, UserFactory
from tests.support.clubs import other_club

pytestmark = pytest.mark.django_db


def test_a_member_has_one_character_in_each_club(club):
    user = UserFactory(username="voyageur")
    harry = DuellistFactory(user=user, forum_name="Harry", forum_id=7)
    with activate_club(other_club()):
        john = DuellistFactory(user=user, forum_name="John", forum_id=7)  # the same forum id: another forum
        assert list(Duellist.objects.filter(user=user)) == [john]
        assert user.duellists.get() == john
    assert list(Duellist.objects.filter(user=user)) == [harry]
    with pytest.raises(IntegrityError), transaction.atomic():
        DuellistFactory(user=user, forum_name="Harry bis")  # never two characters in one club


def test_a_forum_name_is_unique_within_its_club_only(club):
    DuellistFactory(user=None, forum_name="Luna", forum_id=1)
    with activate_club(other_club()):
        DuellistFactory(user=None, forum_name="Luna", forum_id=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        DuellistFactory(user=None, forum_name="Luna", forum_id=2)


def test_a_referee_of_one_club_is_nobody_in_another(client, club):
    from clubs.roles import referee_role_store
    from duels.permissions import referee_candidates

    referee = UserFactory(username="arbitre-poudlard")
    referee_role_store(referee, True)
    client.force_login(referee)
    assert client.get("/club/duels/arbitrage/").status_code == 200
    ilvermorny = other_club()
    assert client.get("/ilvermorny/duels/arbitrage/").status_code == 403
    with activate_club(ilvermorny):
        assert referee not in referee_candidates()
        fresh = type(referee).objects.get(pk=referee.pk)
        assert not fresh.is_referee
    assert referee in referee_candidates()


def test_accepting_an_invitation_makes_the_member_a_member_of_that_club(club):
    from accounts.services.invitations import invitation_accept, invitation_create
    from clubs.models import Membership

    with activate_club(other_club()) as ilvermorny:
        member = DuellistFactory(user=None, forum_name="Nouveau")
        issued = invitation_create(duellist=member, created_by=None)
        user = invitation_accept(token=issued.token, password="un-mot-de-passe-solide-42")
    assert Membership.objects.filter(user=user, club=ilvermorny).exists()
    assert not Membership.objects.filter(user=user, club=club).exists()
