"""Each house's history on the standings page: an SVG drawn on the server (no inline script), one line per
house in its colour, cumulative points per day (a month) or week (a school year) whose last value is the
house's total, the same figures in a table, and a y axis that goes below zero when a house does."""
import re
from unittest import mock

import pytest
from django.urls import reverse

from cup.pages import history
from cup.selectors import standings
from tests.cup.public_support import correction, entry_at, local

pytestmark = pytest.mark.django_db


def page(client, **params) -> str:
    response = client.get(reverse("cup:standings"), params)
    assert response.status_code == 200
    return response.content.decode()


def chart_of(period):
    return history.history_chart(period, standings(period), title="t")


def test_a_month_is_drawn_day_by_day_and_ends_on_the_totals(client):
    from cup import periods

    entry_at("Gryffondor", 10, local(2026, 11, 2, 12))
    entry_at("Gryffondor", 5, local(2026, 11, 30, 23, 30))  # the month's last local hour
    entry = entry_at("Serpentard", -3, local(2026, 11, 10, 9))
    correction(entry)
    entry_at("Serdaigle", 4, local(2026, 11, 20, 12))
    chart = chart_of(periods.month_of(local(2026, 11, 1).date()))
    assert len(chart["table"]["rows"]) == 30 and chart["x_title"] == "jour"
    last = {s.label.split(" ", 1)[1]: s.values[-1] for s in chart["series"]}
    assert last == {h.name: h.total for h in standings(periods.month_of(local(2026, 11, 1).date()))}
    assert last["Gryffondor"] == 15
    gryffondor = next(s for s in chart["series"] if "Gryffondor" in s.label)
    assert gryffondor.values[0] == 0 and gryffondor.values[1] == 10 and gryffondor.values[28] == 10
    assert gryffondor.colour == "#ae0001"


def test_a_school_year_is_drawn_week_by_week(client):
    from cup import periods

    entry_at("Poufsouffle", 8, local(2025, 9, 1, 0, 0))
    entry_at("Poufsouffle", 2, local(2026, 8, 31, 23, 59))
    chart = chart_of(periods.school_year_of(local(2025, 10, 1).date()))
    assert chart["x_title"] == "semaine (jusqu'au)" and 52 <= len(chart["table"]["rows"]) <= 53
    values = next(s for s in chart["series"] if "Poufsouffle" in s.label).values
    assert values[0] == 8 and values[-1] == 10


def test_a_house_below_zero_moves_the_axis_down(client):
    entry_at("Serpentard", -35, local(2026, 11, 2, 12))
    entry_at("Gryffondor", 20, local(2026, 11, 3, 12))
    with mock.patch("cup.selectors.club_today", return_value=local(2026, 11, 30).date()):
        html = page(client, period="month", month="2026-11")
    ticks = [int(t) for t in re.findall(r'<text class="tick"[^>]*dominant-baseline="middle">(-?\d+)</text>', html)]
    assert min(ticks) <= -35 and max(ticks) >= 20 and 0 in ticks


def test_the_chart_is_svg_with_its_table_and_no_inline_script(client):
    entry_at("Serdaigle", 6, local(2026, 11, 2, 12))
    html = page(client, period="month", month="2026-11")
    assert '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 260" role="img"' in html
    assert html.count('<g class="series"') == 4 and 'stroke="#222f5b"' in html
    assert "Les chiffres du graphique" in html and "<table" in html
    assert not re.search(r"<script(?![^>]*\bsrc=)", html) and not re.search(r"\son[a-z]+=", html)
    assert not re.search(r'\sstyle="', html.split("<textarea")[0])  # CSP: no style attribute before the snippets


def test_nothing_to_draw_before_the_period_or_without_entries(client):
    assert "Rien à tracer" in page(client, period="month", month="2099-01")
    assert "Rien à tracer" in page(client, period="all")
    entry_at("Gryffondor", 1, local(2020, 1, 5, 12))
    chart = chart_of(None)
    assert chart["x_title"] == "mois" and chart["series"][0].values[-1] == 1
