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
