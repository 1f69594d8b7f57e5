"""The cup's periods: a month, a school year from September, the club's own dates (both included), and
their bounds at midnight in the club's time zone."""
import datetime as dt

import pytest
import time_machine

from cup import periods
from cup.models import CupSettings, LedgerEntry, PeriodKind
from cup.selectors import bounds, current_period, standings
from tests.cup.support import house


def test_a_month_and_december():
    assert periods.month_of(dt.date(2026, 2, 14)) == periods.Period(dt.date(2026, 2, 1), dt.date(2026, 3, 1))
    assert periods.month_of(dt.date(2026, 12, 31)) == periods.Period(dt.date(2026, 12, 1), dt.date(2027, 1, 1))


def test_the_school_year_starts_in_september():
    assert periods.school_year_of(dt.date(2026, 8, 31)).start == dt.date(2025, 9, 1)
    assert periods.school_year_of(dt.date(2026, 9, 1)) == periods.Period(dt.date(2026, 9, 1), dt.date(2027, 9, 1))


def test_custom_dates_include_their_last_day():
    period = periods.custom(dt.date(2026, 1, 5), dt.date(2026, 1, 10))
    assert dt.date(2026, 1, 10) in period and dt.date(2026, 1, 11) not in period


@pytest.mark.django_db
@time_machine.travel(dt.datetime(2026, 11, 30, 23, 30, tzinfo=dt.UTC), tick=False)
def test_the_period_is_the_clubs_local_one(club):
    # 23:30 UTC on 30 November is already 1 December in Paris: the club's month is December.
    CupSettings.objects.create(club=club, period=PeriodKind.MONTH)
    period = current_period()
    assert period.start == dt.date(2026, 12, 1)
    start, _end = bounds(period)
    assert start == dt.datetime(2026, 11, 30, 23, 0, tzinfo=dt.UTC)


@pytest.mark.django_db
def test_a_period_counts_the_entries_that_occurred_in_it():
    paris_midnight = dt.datetime(2026, 11, 30, 23, 0, tzinfo=dt.UTC)  # 1 December, 00:00 in Paris
    for moment, points in ((paris_midnight - dt.timedelta(seconds=1), 3), (paris_midnight, 5)):
        LedgerEntry(house=house("Serdaigle"), points=points, reason="x", cause="manual", occurred_at=moment).save()
    november = {h.name: h.total for h in standings(periods.month_of(dt.date(2026, 11, 1)))}
    december = {h.name: h.total for h in standings(periods.month_of(dt.date(2026, 12, 1)))}
    assert (november["Serdaigle"], december["Serdaigle"], {h.name: h.total for h in standings()}["Serdaigle"]) == (3, 5, 8)
