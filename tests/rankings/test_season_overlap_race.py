"""Two staff members saving overlapping seasons at the same instant: one season is stored, the other is
refused as overlapping (the club's row is locked while a season is checked and saved; PostgreSQL row locks)."""
import datetime as dt

import pytest
from django.core.exceptions import ValidationError
from django.db import connection

from audit.models import AuditLog
from rankings.models import Season
from rankings.services.seasons import season_create
from tests.concurrency import in_club, run_together
from tests.support.permissions import club_staff

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def postgres_only():
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL row locks (set DATABASE_URL=postgres://…)")


@pytest.mark.parametrize("round_", range(3))
def test_overlapping_seasons_saved_at_once_store_one(club, round_):
    first, second = club_staff(), club_staff()

    def create(by, name, starts_on, ends_on):
        return in_club(club, lambda: season_create(by=by, name=name, slug=name.lower(), starts_on=starts_on,
                                                   ends_on=ends_on))

    results = run_together(create(first, "Printemps", dt.date(2026, 3, 1), dt.date(2026, 5, 31)),
                           create(second, "Avril", dt.date(2026, 4, 1), dt.date(2026, 4, 30)))
    refused = [r for r in results if isinstance(r, ValidationError)]
    assert len(refused) == 1 and "Chevauche la saison" in str(refused[0]), results
    assert Season.objects.count() == 1 and AuditLog.objects.filter(action="season.create").count() == 1
