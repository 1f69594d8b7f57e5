"""The cup's standings page: the totals are the ledger's sums for the period asked for (month, school
year, chosen dates, all time) with the club's local midnights as boundaries, corrections counted, the
leader marked, a bad period a French message (never a 500), and a query count that does not grow."""
import datetime as dt
import random
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from cup.models import CupSettings, House, LedgerEntry
from tests.cup.public_support import correction, entry_at, local
from tests.support.clubs import club_cache_warmed

pytestmark = pytest.mark.django_db


def totals(page: str) -> dict[str, int]:
    rows = re.findall(r'data-house="([^"]+)">.*?<td class="num points">(-?\d+)</td>', page, re.S)
    return {name: int(total) for name, total in rows}


def get(client, **params) -> str:
    response = client.get(reverse("cup:standings"), params)
    assert response.status_code == 200
    return response.content.decode()


def test_the_totals_are_the_ledger_sums_of_the_month_in_the_clubs_time_zone(client):
    entry_at("Gryffondor", 10, local(2026, 11, 30, 23, 30))  # 22:30 UTC on the 30th: November in Paris
    entry_at("Gryffondor", 7, local(2026, 12, 1, 0, 30))  # 23:30 UTC on November 30th: December in Paris
    entry_at("Serdaigle", 4, local(2026, 11, 1, 0, 0))
    entry_at("Serdaigle", 100, local(2026, 10, 31, 23, 59))
    november = totals(get(client, period="month", month="2026-11"))
    assert november == {"Gryffondor": 10, "Serdaigle": 4, "Poufsouffle": 0, "Serpentard": 0}
    assert totals(get(client, period="month", month="2026-12"))["Gryffondor"] == 7
    assert "novembre 2026" in get(client, period="month", month="2026-11")


def test_school_year_custom_dates_and_all_time(client):
    entry_at("Poufsouffle", 5, local(2025, 8, 31, 23, 59))  # the 2024-2025 school year
    entry_at("Poufsouffle", 6, local(2025, 9, 1, 0, 0))
    entry_at("Serpentard", 9, local(2026, 3, 15, 12))
    page = get(client, period="school_year", year=2025)
    assert "2025-2026" in page and totals(page)["Poufsouffle"] == 6 and totals(page)["Serpentard"] == 9
    page = get(client, period="custom", start="2025-08-31", end="2025-09-01")
    assert totals(page)["Poufsouffle"] == 11 and totals(page)["Serpentard"] == 0
    assert "du 31 août 2025 au 1 septembre 2025" in page.replace("1er", "1")
    assert totals(get(client, period="all"))["Poufsouffle"] == 11


def test_corrections_are_counted_and_random_histories_add_up(client):
    rng = random.Random(37)
    written = []
    for _ in range(60):
        name = rng.choice(["Gryffondor", "Serdaigle", "Poufsouffle", "Serpentard"])
        written.append(entry_at(name, rng.choice([-5, 3, 10, 20]), local(2026, 11, rng.randint(1, 30), rng.randint(0, 23))))
    for entry in rng.sample(written, 15):
        correction(entry)
    shown = totals(get(client, period="month", month="2026-11"))
    expected = {h.name: sum(e.points for e in LedgerEntry.objects.filter(house=h)) for h in House.objects.all()}
    assert shown == expected


def test_the_leader_is_marked_and_nobody_leads_an_even_cup(client):
    page = get(client, period="all")
    assert "cup-leader" not in page and "en tête" not in page
    entry_at("Serdaigle", 3, local(2026, 11, 2, 10))
    page = get(client, period="all")
    assert re.search(r'class="cup-house cup-leader" data-house="Serdaigle"', page)
    assert page.count("cup-house cup-leader") == 1


def test_the_default_is_the_clubs_current_period(client, club):
    CupSettings.objects.create(club=club, period="custom", starts_on=dt.date(2026, 1, 1), ends_on=dt.date(2026, 1, 31))
    entry_at("Gryffondor", 8, local(2026, 1, 31, 23))
    entry_at("Gryffondor", 50, local(2026, 2, 1, 1))
    page = get(client)
    assert totals(page)["Gryffondor"] == 8 and "du 1 janvier 2026 au 31 janvier 2026" in page.replace("1er", "1")


@pytest.mark.parametrize("params", [
    {"period": "semaine"}, {"period": "month", "month": "2026-13"}, {"period": "month", "month": "novembre"},
    {"period": "school_year", "year": "deux mille"}, {"period": "school_year", "year": "99999999999999999999"},
    {"period": "custom", "start": "2026-11-30", "end": "2026-11-01"}, {"period": "custom", "start": "2026-11-01"},
    {"period": "custom", "start": "0001-01-01", "end": "9999-12-31"}, {"period": "custom", "start": "x", "end": "y"},
])
def test_a_bad_period_is_a_french_message_not_an_error(client, params):
    page = get(client, **params)
    assert "Cette période n'existe pas" in page and 'role="alert"' in page
    assert 'class="errorlist"' in page


def test_the_page_is_linked_from_the_site_header(client):
    page = client.get(reverse("rankings:index")).content.decode()
    assert f'href="{reverse("cup:standings")}"' in page and "Coupe des maisons" in page


def count(client, url) -> int:
    club_cache_warmed()
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_the_query_count_does_not_grow_with_entries_or_houses(client):
    url = reverse("cup:standings") + "?period=all"
    entry_at("Gryffondor", 1, local(2026, 11, 2, 10))
    few = count(client, url)
    for n in range(5):
        House.objects.create(name=f"Maison {n}", colour="#123456", position=10 + n)
    for day in range(1, 29):
        for name in ("Gryffondor", "Serdaigle", "Maison 3"):
            entry_at(name, day, local(2026, 10, day, 12))
    assert count(client, url) == few
