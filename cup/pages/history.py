"""Each house's points over a period, cumulative, by day (up to two months), week (up to a year and a
bit) or month: one statement (the period's sums per house and local day), then the chart's geometry for
templates/rankings/_chart.html (an SVG drawn on the server, its figures again as a table). Totals may go
below zero (points taken away): the y axis then starts under it."""
from __future__ import annotations

import datetime as dt
import math
import zoneinfo

from django.db.models import Sum
from django.db.models.functions import TruncDate
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from clubs.scoping import current_club
from common.charts import Series
from cup import selectors
from cup.models import LedgerEntry
from cup.periods import Period

WIDTH, HEIGHT = 480, 260  # narrower than the other charts: its labels stay readable on a 390 px phone
LEFT, RIGHT, TOP, BOTTOM = 46, 10, 12, 40
MAX_X_LABELS = 6
DAILY_UP_TO = 62  # days
WEEKLY_UP_TO = 380


def _steps(start: dt.date, last: dt.date) -> tuple[str, list[dt.date]]:
    """The x positions: the last day each point counts up to."""
    days = (last - start).days + 1
    if days <= DAILY_UP_TO:
        return "day", [start + dt.timedelta(days=i) for i in range(days)]
    if days <= WEEKLY_UP_TO:
        ends = [start + dt.timedelta(days=i) for i in range(6, days, 7)]
        return "week", ends if ends and ends[-1] == last else [*ends, last]
    ends, month = [], start.replace(day=1)
    while month <= last:
        following = (month.replace(year=month.year + 1, month=1) if month.month == 12
                     else month.replace(month=month.month + 1))
        ends.append(min(following - dt.timedelta(days=1), last))
        month = following
    return "month", ends


def _label(step: str, day: dt.date) -> str:
    return date_format(day, "b Y") if step == "month" else date_format(day, "j b")  # « 3 nov »


def _nice_step(span: float) -> int:
    raw = max(span / 5, 1)
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if raw <= factor * power:
            return int(factor * power)
    return int(10 * power)


def _geometry(labels: list[str], series: list[Series], title: str, x_title: str) -> dict:
    values = [v for s in series for v in s.values]
    lo, hi = min([0, *values]), max([0, *values])
    step = _nice_step(hi - lo or 5)
    bottom = math.floor(lo / step) * step
    top = max(math.ceil(hi / step) * step, bottom + step)
    inner_w, inner_h, n = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM, len(labels)

    def x_of(i: int) -> float:
        return round(LEFT + (inner_w * i / (n - 1) if n > 1 else inner_w / 2), 1)

    def y_of(value: float) -> float:
        return round(TOP + inner_h * (top - value) / (top - bottom), 1)

    for s in series:
        s.dots = [(x_of(i), y_of(v), v) for i, v in enumerate(s.values)]
        s.points = " ".join(f"{x},{y}" for x, y, _v in s.dots)
    every = max(1, math.ceil(n / MAX_X_LABELS))
    return {
        "kind": "line", "title": title, "width": WIDTH, "height": HEIGHT, "left": LEFT, "right": WIDTH - RIGHT,
        "top": TOP, "bottom": HEIGHT - BOTTOM, "series": series, "x_title": x_title,
        "y_ticks": [{"value": v, "y": y_of(v)} for v in range(bottom, top + 1, step)],
        "x_ticks": [{"label": label, "x": x_of(i)} for i, label in enumerate(labels)
                    if i % every == 0 and (n - 1 - i >= every / 2 or i == n - 1)],
        "table": {"head": [x_title, *[s.label for s in series]],
                  "rows": [[label, *[s.values[i] for s in series]] for i, label in enumerate(labels)]},
    }


def history_chart(period: Period | None, houses, *, title: str) -> dict | None:
    """The chart of `houses` (the standings' rows) over `period` (all time: from the first entry), up to
    today; None before the period starts or when nothing was ever written (all time)."""
    zone = zoneinfo.ZoneInfo(current_club().time_zone)
    today = selectors.club_today()
    rows = LedgerEntry.objects.all()
    if period is not None:
        start_at, end_at = selectors.bounds(period)
        rows = rows.filter(occurred_at__gte=start_at, occurred_at__lt=end_at)
    daily = list(rows.annotate(day=TruncDate("occurred_at", tzinfo=zone)).values("house_id", "day")
                 .annotate(points=Sum("points")).order_by("day"))
    if period is None:
        first = min((row["day"] for row in daily), default=None)
        if first is None:
            return None
        start, last = first, max(today, daily[-1]["day"])
    else:
        latest = max(today, daily[-1]["day"]) if daily else today  # an entry dated ahead still shows
        start, last = period.start, min(period.end - dt.timedelta(days=1), latest)
        if last < start:
            return None
    step, ends = _steps(start, last)
    series = []
    for house in houses:
        points = sorted((row["day"], row["points"]) for row in daily if row["house_id"] == house.pk)
        values, total, index = [], 0, 0
        for end in ends:
            while index < len(points) and points[index][0] <= end:
                total += points[index][1]
                index += 1
            values.append(total)
        series.append(Series(label=f"{house.crest} {house.name}".strip(), values=values, colour=house.colour,
                             key=f"house-{house.pk}"))
    x_title = {"day": _("jour"), "week": _("semaine (jusqu'au)"), "month": _("mois")}[step]
    return _geometry([_label(step, end) for end in ends], series, title, x_title)
