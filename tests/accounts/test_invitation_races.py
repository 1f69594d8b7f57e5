"""Races on PostgreSQL row locks (skipped elsewhere): one link, used twice at once, makes one account."""
import pytest
from django.db import connection

from accounts.models import Duellist, Invitation, User
from accounts.services.invitations import InvitationError, invitation_accept, invitation_create
from tests.concurrency import in_club, run_together
from tests.factories.accounts import DuellistFactory

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def postgres_only(settings):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL row locks")


def test_the_same_link_used_twice_at_once_creates_one_account(club):
    member = DuellistFactory(user=None, forum_name="Lavender", forum_id=88)
    issued = invitation_create(duellist=member, created_by=None)
    results = run_together(
        in_club(club, lambda: invitation_accept(token=issued.token, password="Premier-mot-2-passe")),
        in_club(club, lambda: invitation_accept(token=issued.token, password="Second-mot-2-passe")),
    )
    accounts = [r for r in results if isinstance(r, User)]
    refusals = [r for r in results if isinstance(r, InvitationError)]
    assert len(accounts) == 1 and len(refusals) == 1 and refusals[0].code == "used"
    assert User.objects.count() == 1
    assert Duellist.objects.get(pk=member.pk).user == accounts[0]


def test_two_staff_making_links_at_once_leave_one_open(club):
    member = DuellistFactory(user=None, forum_id=89)
    results = run_together(
        in_club(club, lambda: invitation_create(duellist=member, created_by=None)),
        in_club(club, lambda: invitation_create(duellist=member, created_by=None)),
    )
    assert not [r for r in results if isinstance(r, Exception)]
    assert Invitation.objects.filter(used_at__isnull=True, revoked_at__isnull=True).count() == 1
