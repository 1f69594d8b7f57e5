"""The cup's periods as half-open date ranges [start, end): a month, a school year (September to August),
or the club's chosen dates. Pure date arithmetic; the selectors turn them into the club's local midnights."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

SCHOOL_YEAR_STARTS = 9  # September


@dataclass(frozen=True)
class Period:
    start: dt.date  # included
    end: dt.date  # excluded

    def __contains__(self, day: dt.date) -> bool:
        return self.start <= day < self.end


def month_of(day: dt.date) -> Period:
    start = day.replace(day=1)
    end = (start.replace(year=start.year + 1, month=1) if start.month == 12 else start.replace(month=start.month + 1))
    return Period(start, end)


def school_year_of(day: dt.date) -> Period:
    first_year = day.year if day.month >= SCHOOL_YEAR_STARTS else day.year - 1
    return Period(dt.date(first_year, SCHOOL_YEAR_STARTS, 1), dt.date(first_year + 1, SCHOOL_YEAR_STARTS, 1))


def custom(starts_on: dt.date, ends_on: dt.date) -> Period:
    """The club's own dates, both days included."""
    return Period(starts_on, ends_on + dt.timedelta(days=1))
