"""The cup's API: the standings of a period (month, school year, custom dates, all time; the club's
current cup without one), the ledger with filters (house by id or name, cause, period), paginated; bad
filters a 400 with a code and French messages; the club the URL's; the schema valid; query counts flat."""
import pytest
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from cup.models import Cause, House
from tests.cup.public_support import correction, entry_at, local
from tests.cup.support import house
from tests.factories.accounts import DuellistFactory, UserFactory
from tests.support.clubs import club_cache_warmed

pytestmark = pytest.mark.django_db
CUP, LEDGER = "/api/v1/cup/", "/api/v1/cup/ledger/"


def totals(body) -> dict[str, int]:
    return {h["name"]: h["total"] for h in body["houses"]}


def test_the_standings_by_period(client):
    entry_at("Gryffondor", 10, local(2026, 11, 30, 23, 30))
    entry_at("Gryffondor", 7, local(2026, 12, 1, 0, 30))
    entry_at("Serdaigle", 4, local(2025, 9, 1, 0, 0))
    body = client.get(CUP, {"period": "month", "month": "2026-11"}).json()
    assert body["period"] == {"kind": "month", "label": "novembre 2026", "start": "2026-11-01", "end": "2026-11-30"}
    assert totals(body) == {"Gryffondor": 10, "Serdaigle": 0, "Poufsouffle": 0, "Serpentard": 0}
    first = body["houses"][0]
    assert first["name"] == "Gryffondor" and first["rank"] == 1 and first["leader"] and first["colour"] == "#ae0001"
    assert body["houses"][1]["rank"] == 2 and not body["houses"][1]["leader"]
    school = client.get(CUP, {"period": "school_year", "year": 2025}).json()
    assert school["period"]["label"] == "2025-2026" and totals(school)["Serdaigle"] == 4
    assert totals(client.get(CUP, {"period": "custom", "start": "2026-11-30", "end": "2026-12-01"}).json())[
        "Gryffondor"] == 17
    everything = client.get(CUP, {"period": "all"}).json()
    assert everything["period"]["start"] is None and totals(everything)["Gryffondor"] == 17
    assert client.get(CUP).json()["period"]["kind"] == "school_year"  # the club's default cup


@pytest.mark.parametrize("params, field", [
    ({"period": "week"}, "period"), ({"period": "month", "month": "2026-13"}, "month"),
    ({"period": "school_year", "year": "x"}, "year"), ({"period": "custom", "start": "2026-01-02"}, "end"),
    ({"period": "custom", "start": "2026-02-01", "end": "2026-01-01"}, "end"),
    ({"period": "custom", "start": "1066-10-14", "end": "2026-01-01"}, "start"),
])
def test_bad_periods_are_400_with_a_code_and_french_messages(client, params, field):
    for url in (CUP, LEDGER):
        response = client.get(url, params)
        assert response.status_code == 400, url
        body = response.json()
        assert body["code"] == "invalid" and body["message"] == "Données invalides." and field in body["errors"]


def test_bad_ledger_filters(client):
    for params, field in (({"house": "Hufflepuff"}, "house"), ({"house": "424242"}, "house"), ({"cause": "x"}, "cause")):
        response = client.get(LEDGER, params)
        assert response.status_code == 400 and field in response.json()["errors"], params
    assert client.get(LEDGER, {"page": "999"}).json()["code"] == "not_found"


def test_the_ledger_with_filters_and_words(client):
    harry = DuellistFactory(forum_name="Harry")
    duel_entry = entry_at("Gryffondor", 10, local(2026, 11, 2, 12), cause=Cause.DUEL, duellist=harry, outcome="win")
    correction(duel_entry)
    entry_at("Serdaigle", 5, local(2026, 11, 3, 12), reason="Devoir brillant", by=UserFactory(username="flitwick"))
    body = client.get(LEDGER, {"period": "month", "month": "2026-11"}).json()
    assert body["count"] == 3
    newest = body["results"][0]
    assert newest["house"]["name"] == "Serdaigle" and newest["description"] == "Devoir brillant"
    assert newest["by"] == "flitwick" and newest["points"] == 5 and newest["cause"] == "manual"
    by_name = client.get(LEDGER, {"period": "all", "house": "gryffondor"}).json()
    by_id = client.get(LEDGER, {"period": "all", "house": house("Gryffondor").pk}).json()
    assert by_name == by_id and by_name["count"] == 2
    reversal = client.get(LEDGER, {"period": "all", "cause": "correction"}).json()["results"]
    assert len(reversal) == 1 and reversal[0]["reverses"] == duel_entry.pk and reversal[0]["points"] == -10
    assert reversal[0]["description"] == "Correction : annule « Duel supprimé : victoire de Harry »"
    assert reversal[0]["duellist"] == "Harry" and reversal[0]["by"] == "automatique"


def test_the_ledger_is_paginated(client):
    for n in range(60):
        entry_at("Poufsouffle", n + 1, local(2026, 10, 1 + n % 28, 12))
    first = client.get(LEDGER, {"period": "all"}).json()
    assert first["count"] == 60 and len(first["results"]) == 50 and first["next"]
    assert len(client.get(LEDGER, {"period": "all", "page": 2}).json()["results"]) == 10


def test_the_schema_lists_the_cup_and_validates(tmp_path):
    import yaml

    out = tmp_path / "schema.yml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(out))
    paths = yaml.safe_load(out.read_text())["paths"]
    ledger = paths["/api/v1/cup/ledger/"]["get"]
    assert {p["name"] for p in ledger["parameters"]} >= {"period", "month", "year", "start", "end", "house", "cause",
                                                         "page", "page_size"}
    assert {p["name"] for p in paths["/api/v1/cup/"]["get"]["parameters"]} >= {"period", "month", "year"}


def count(client, url) -> int:
    club_cache_warmed()
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_query_counts_do_not_grow(client):
    first = entry_at("Gryffondor", 1, local(2026, 11, 2, 10), by=UserFactory(username="a"))
    correction(first)
    few = (count(client, CUP + "?period=all"), count(client, LEDGER + "?period=all&house=Gryffondor"))
    for n in range(4):
        House.objects.create(name=f"Maison {n}", colour="#123456", position=10 + n)
    for day in range(1, 29):
        entry = entry_at("Gryffondor", day, local(2026, 10, day, 12), by=UserFactory(username=f"p{day}"),
                       cause=Cause.DUEL, duellist=DuellistFactory(), outcome="win")
        if day % 4 == 0:
            correction(entry)
    assert (count(client, CUP + "?period=all"), count(client, LEDGER + "?period=all&house=Gryffondor")) == few


@pytest.mark.parametrize("name", ["period", "month", "year", "start", "end", "house", "cause", "page", "page_size"])
def test_nul_bytes_and_huge_values_are_never_a_server_error(client, name):
    for value in ("\x00", "a\x00b", "9" * 40, "-1", "2026-02-30", "\u00e9" * 300):
        for url in (CUP, LEDGER, "/club/coupe/", "/club/coupe/journal/", "/club/coupe/embed/", "/club/coupe/classement.png"):
            response = client.get(url, {name: value, "period": "custom" if name in ("start", "end") else "all"}
                                  if name != "period" else {name: value})
            assert response.status_code < 500, (url, name, value)
