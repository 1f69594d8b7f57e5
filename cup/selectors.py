"""Reads of the house cup, in the active club: the houses, the settings, a period's standings (one
statement: each house's sum of the ledger), the ledger's entries with filters."""
from __future__ import annotations

import datetime as dt
import zoneinfo

from django.db.models import IntegerField, OuterRef, Q, QuerySet, Subquery, Sum, Value
from django.db.models.functions import Coalesce
from django.utils import timezone

from clubs.scoping import current_club
from cup import periods
from cup.models import CupSettings, House, LedgerEntry, PeriodKind, Prefect
from cup.periods import Period


def houses() -> QuerySet:
    return House.objects.order_by("position", "pk")


def cup_settings() -> CupSettings:
    """The active club's cup settings (the defaults, unsaved, until its staff change them)."""
    return CupSettings.objects.filter(club=current_club()).first() or CupSettings(club=current_club())


def club_today(now: dt.datetime | None = None) -> dt.date:
    return timezone.localtime(now or timezone.now(), zoneinfo.ZoneInfo(current_club().time_zone)).date()


def current_period(settings: CupSettings | None = None, *, now: dt.datetime | None = None) -> Period:
    """The period the club's cup is about today: its month, its school year, or its chosen dates (until
    they are given, the school year)."""
    settings = settings or cup_settings()
    today = club_today(now)
    if settings.period == PeriodKind.MONTH:
        return periods.month_of(today)
    if settings.period == PeriodKind.CUSTOM and settings.starts_on and settings.ends_on:
        return periods.custom(settings.starts_on, settings.ends_on)
    return periods.school_year_of(today)


def bounds(period: Period) -> tuple[dt.datetime, dt.datetime]:
    """The period's first and end instants: midnights in the club's time zone."""
    zone = zoneinfo.ZoneInfo(current_club().time_zone)
    return (dt.datetime.combine(period.start, dt.time(), zone), dt.datetime.combine(period.end, dt.time(), zone))


def _in_period(period: Period | None, prefix: str = "") -> Q:
    if period is None:
        return Q()
    start, end = bounds(period)
    return Q(**{f"{prefix}occurred_at__gte": start, f"{prefix}occurred_at__lt": end})


def standings(period: Period | None = None) -> list[House]:
    """Every house with `total`: the sum of its entries in `period` (all time without one), best first,
    then in the houses' order. One statement: a sum per house, read from the (house, time, points) index."""
    sums = (LedgerEntry.objects.filter(_in_period(period), house=OuterRef("pk")).order_by()
            .values("house").annotate(total=Sum("points")).values("total"))
    total = Coalesce(Subquery(sums, output_field=IntegerField()), Value(0))
    return list(houses().annotate(total=total).order_by("-total", "position", "pk"))


def entries(*, period: Period | None = None, house: House | None = None, cause: str = "") -> QuerySet:
    """The ledger, newest first, with what each line names."""
    rows = LedgerEntry.objects.filter(_in_period(period)).select_related(
        "house", "duellist", "created_by", "tournament", "reverses__duellist", "reverses__tournament")
    if house is not None:
        rows = rows.filter(house=house)
    if cause:
        rows = rows.filter(cause=cause)
    return rows


def prefect_house_ids(user) -> set[int]:
    """The houses `user` is a prefect of, in the active club."""
    if user is None or not user.is_authenticated:
        return set()
    return set(Prefect.objects.filter(user=user).values_list("house_id", flat=True))
