"""Prefects and staff awarding points at the same instant (PostgreSQL, real threads): every award is an
entry, the totals are their sum, each is in the audit log; two cancellations of one award at once reverse
it once (the reversal is unique per entry)."""
import pytest
from django.db import connection

from audit.models import AuditAction, AuditLog
from cup.models import Cause, House, LedgerEntry, Prefect
from cup.selectors import standings
from cup.services.awards import award_cancel, points_award
from cup.services.common import CupRefused
from tests.concurrency import in_club, run_together
from tests.support.clubs import club_member
from tests.support.permissions import club_staff

pytestmark = pytest.mark.django_db(transaction=True)
THREADS = 8


@pytest.fixture(autouse=True)
def postgres_only():
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL: real concurrent transactions (set DATABASE_URL=postgres://…)")


def test_concurrent_awards_lose_nothing(club):
    houses = list(House.objects.order_by("position"))
    prefects = []
    for index, house in enumerate(houses):
        user = club_member(username=f"prefet{index}")
        Prefect.objects.create(user=user, house=house)
        prefects.append((user, house))
    staff = club_staff(username="intendant")
    calls, expected = [], {house.name: 0 for house in houses}
    for index in range(THREADS):
        by, house = prefects[index % len(prefects)] if index % 2 else (staff, houses[0])
        points = (index + 1) * (-1 if index % 3 == 0 else 1)
        expected[house.name] += points
        calls.append(in_club(club, lambda by=by, house=house, points=points: points_award(
            by=by, house=house, points=points, reason=f"Course {points}")))
    results = run_together(*calls)
    assert all(isinstance(result, LedgerEntry) for result in results), results
    assert LedgerEntry.objects.filter(cause=Cause.MANUAL).count() == THREADS
    assert {house.name: house.total for house in standings()} == expected
    assert AuditLog.objects.filter(action=AuditAction.CUP_POINTS).count() == THREADS


def test_one_award_cancelled_twice_at_once_is_reversed_once(club):
    staff, other = club_staff(username="intendant"), club_staff(username="intendante")
    entry = points_award(by=staff, house=House.objects.get(name="Serpentard"), points=30, reason="Erreur")
    results = run_together(*(in_club(club, lambda by=by: award_cancel(
        by=by, entry=LedgerEntry.objects.select_related("house").get(pk=entry.pk), reason="Doublon"))
        for by in (staff, other)))
    refused = [result for result in results if isinstance(result, CupRefused)]
    assert len(refused) == 1 and refused[0].code == "already-cancelled", results
    assert LedgerEntry.objects.filter(reverses=entry).count() == 1
    assert {house.name: house.total for house in standings()}["Serpentard"] == 0
    assert AuditLog.objects.filter(action=AuditAction.CUP_POINTS).count() == 2
