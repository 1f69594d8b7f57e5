"""Points by hand: staff for every house, prefects for theirs (or every house when the club lets them),
always with a reason, in the audit log; refusals in French with nothing stored; a cancelled award is
reversed once."""
import pytest

from audit.models import AuditLog
from cup.models import CupSettings, LedgerEntry, Prefect
from cup.services.awards import award_cancel, points_award
from cup.services.common import CupRefused
from tests.cup.support import house
from tests.factories.duels import UserFactory
from tests.support.tournament_play import staff_member

pytestmark = pytest.mark.django_db


def prefect_of(name: str):
    from clubs.models import Membership
    from clubs.scoping import current_club

    user = UserFactory()
    Membership.objects.get_or_create(user=user, club=current_club())
    Prefect.objects.create(user=user, house=house(name))
    return user


def refused(**kwargs) -> CupRefused:
    before = LedgerEntry.objects.count()
    with pytest.raises(CupRefused) as caught:
        points_award(**kwargs)
    assert LedgerEntry.objects.count() == before
    return caught.value


def test_staff_award_any_house_with_a_reason_in_the_audit_log():
    staff = staff_member()
    entry = points_award(by=staff, house=house("Serpentard"), points=-5, reason="Bavardage en cours")
    assert (entry.points, entry.reason, entry.created_by) == (-5, "Bavardage en cours", staff)
    log = AuditLog.objects.get(action="cup.points")
    assert log.actor == staff and log.data["points"] == -5 and log.reason == "Bavardage en cours"


def test_a_prefect_is_refused_outside_their_house_when_the_club_says_so(club):
    prefect = prefect_of("Poufsouffle")
    points_award(by=prefect, house=house("Poufsouffle"), points=3, reason="Devoir rendu")
    error = refused(by=prefect, house=house("Gryffondor"), points=3, reason="Devoir rendu")
    assert error.code == "not-allowed" and "Gryffondor" in str(error.message)
    CupSettings.objects.create(club=club, prefects_own_house_only=False)
    points_award(by=prefect, house=house("Gryffondor"), points=3, reason="Aide en duel")
    assert LedgerEntry.objects.filter(created_by=prefect).count() == 2


def test_a_member_who_is_neither_staff_nor_prefect_is_refused():
    assert refused(by=UserFactory(), house=house("Serdaigle"), points=1, reason="x").code == "not-allowed"


@pytest.mark.parametrize(("points", "reason", "code"), [
    (0, "Motif", "points-invalid"), (1001, "Motif", "points-invalid"), (-1001, "Motif", "points-invalid"),
    ("5", "Motif", "points-invalid"), (True, "Motif", "points-invalid"), (5, "   ", "reason-missing"),
    (5, "x" * 201, "reason-too-long"),
])
def test_bad_awards_are_refused_in_french_and_store_nothing(points, reason, code):
    error = refused(by=staff_member(), house=house("Serdaigle"), points=points, reason=reason)
    assert error.code == code


def test_a_cancelled_award_is_reversed_once():
    staff = staff_member()
    entry = points_award(by=staff, house=house("Gryffondor"), points=20, reason="Quidditch")
    reversal = award_cancel(by=staff, entry=entry, reason="Mauvaise maison")
    assert (reversal.points, reversal.reverses_id, reversal.occurred_at) == (-20, entry.pk, entry.occurred_at)
    with pytest.raises(CupRefused) as caught:
        award_cancel(by=staff, entry=entry, reason="Encore")
    assert caught.value.code == "already-cancelled"
    assert LedgerEntry.objects.filter(reverses=entry).count() == 1
