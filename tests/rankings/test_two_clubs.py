"""Two clubs play on one installation: the champions table, its rebuild (in the database on PostgreSQL),
its revision and the API's lists and cached pages are each club's own. The table's hot path is raw SQL,
which the scoped managers do not filter: every statement must name the club itself.

Both clubs use the same forum ids and a season of the same slug, so a statement that forgot its club
would find the other club's rows under the very same names. Club B counts its days in New York's time."""
import datetime as dt

import pytest
from django.core.cache import cache
from django.db import connection
from rest_framework.test import APIClient

from clubs.scoping import activate_club
from duels.models import Duel
from rankings import selectors
from rankings.models import ScopeSize, Season, Standing, TableRevision
from rankings.selectors import RankingTable, Scope, forget_table_revision
from rankings.services import standings_sql
from rankings.services.rebuild import standings_rebuild
from rankings.services.standings import table_revision_bump
from tests.factories.accounts import DuellistFactory
from tests.support.clubs import club_cache_warmed, other_club
from tests.support.rankings import at, finished_duel

pytestmark = pytest.mark.django_db

FORUM_IDS = (500, 501, 502)
# 03:00 UTC on 1 March: still 28 February in New York (club B), already 1 March in Paris (club A).
NEW_YORK_EVE = dt.datetime(2026, 3, 1, 3, 0, tzinfo=dt.UTC)


def play_in_club(club, prefix: str, *, winner: int) -> dict:
    """Three duellists (the same forum ids in both clubs), a March season, two finished duels and one
    fought when the day differs between Paris and New York."""
    with activate_club(club):
        one, two, three = (DuellistFactory(user=None, forum_id=forum_id, forum_name=f"{prefix} {index}")
                           for index, forum_id in enumerate(FORUM_IDS))
        Season.objects.create(name="Mars", slug="mars", starts_on=dt.date(2026, 3, 1), ends_on=dt.date(2026, 3, 31))
        duels = [finished_duel([one], [two], when=at(1)), finished_duel([three], [one], winner=winner, when=at(2))]
        duels.append(finished_duel([two], [three], when=NEW_YORK_EVE))
        return {"names": {one.forum_name, two.forum_name, three.forum_name}, "duels": {d.pk for d in duels}}


@pytest.fixture
def clubs(club):
    forget_table_revision()  # a token trusted from another test's club of the same id
    b = other_club()
    b.time_zone = "America/New_York"
    b.save()
    a_played, b_played = play_in_club(club, "Beauxbâtons", winner=1), play_in_club(b, "Ilvermorny", winner=2)
    yield {"a": club, "b": b, "a_played": a_played, "b_played": b_played}
    forget_table_revision()


def names(lines) -> set[str]:
    return {line["forum_name"] for line in lines}


def test_each_club_reads_its_own_table_sizes_and_season(clubs):
    for key in ("a", "b"):
        with activate_club(clubs[key]):
            table = RankingTable(Scope())
            assert names(table[0:50]) == clubs[f"{key}_played"]["names"] and len(table) == 3
            mars = selectors.season_by_slug("mars")
            assert mars.club_id == clubs[key].pk
            assert len(RankingTable(Scope(season_slug="mars"))) == len(RankingTable(Scope(season=mars))) == 3
    with activate_club(clubs["b"]):  # New York's 28 February: the third duel is not in B's March
        assert sum(line["duels"] for line in RankingTable(Scope(season_slug="mars"))[0:50]) == 2 * 2
    with activate_club(clubs["a"]):  # Paris's 1 March: it is in A's
        assert sum(line["duels"] for line in RankingTable(Scope(season_slug="mars"))[0:50]) == 3 * 2


def test_each_club_has_its_own_table_revision(clubs):
    with activate_club(clubs["a"]):
        a_token = selectors.table_revision()
    with activate_club(clubs["b"]):
        b_token = selectors.table_revision()
        table_revision_bump()
        assert selectors.table_revision() not in ("", b_token)
    with activate_club(clubs["a"]):
        assert selectors.table_revision() == a_token != ""
        assert TableRevision.objects.count() == 1


@pytest.mark.parametrize("small_fix", [standings_sql.SMALL_FIX, 0])  # 0: the locked rewrite, on PostgreSQL
def test_a_rebuild_compares_and_fixes_one_club_only(clubs, monkeypatch, small_fix):
    monkeypatch.setattr(standings_sql, "SMALL_FIX", small_fix)
    for key in ("a", "b"):  # results recorded in each club's time zone, rebuilt in the same one
        with activate_club(clubs[key]):
            assert standings_rebuild(fix=False).differences == 0
    with activate_club(clubs["b"]):
        lines = list(Standing.objects.order_by("pk"))
        lines[0].delete()
        Standing.objects.filter(pk=lines[1].pk).update(points=40)
        b_before = sorted(Standing.objects.values_list("pk", "points", "duels"))
        b_sizes = sorted(ScopeSize.objects.values_list("pk", "lines"))
    with activate_club(clubs["a"]):
        Standing.objects.filter(pk=Standing.objects.order_by("pk").first().pk).update(points=30)
        a_report = standings_rebuild(fix=True)
        assert (a_report.differences, a_report.fixed) == (1, True)
        assert standings_rebuild(fix=False).differences == 0
    with activate_club(clubs["b"]):
        assert sorted(Standing.objects.values_list("pk", "points", "duels")) == b_before  # untouched by A's
        assert sorted(ScopeSize.objects.values_list("pk", "lines")) == b_sizes
        b_report = standings_rebuild(fix=True)
        assert len(b_report.missing) == len(b_report.changed) == 1 and b_report.fixed
        assert standings_rebuild(fix=False).differences == 0
        assert names(RankingTable(Scope())[0:50]) == clubs["b_played"]["names"]
    with activate_club(clubs["a"]):
        assert standings_rebuild(fix=False).differences == 0
        assert names(RankingTable(Scope())[0:50]) == clubs["a_played"]["names"]


def test_the_api_lists_and_cached_pages_never_mix_clubs(clubs):
    api = APIClient()
    home, other = "/api/v1/", "/api/v1/clubs/ilvermorny/"
    a_names, b_names = clubs["a_played"]["names"], clubs["b_played"]["names"]
    for _twice in range(2):  # the second time from the cache
        a_page, b_page = api.get(f"{home}rankings/"), api.get(f"{other}rankings/")
        assert names(a_page.json()["results"]) == a_names and names(b_page.json()["results"]) == b_names
        assert a_page["ETag"] != b_page["ETag"]
        assert names(api.get(f"{other}rankings/?season=mars").json()["results"]) == b_names
        assert names(api.get(f"{home}rankings/?season=mars").json()["results"]) == a_names
        for suffix in ("rankings.bbcode", "rankings.html?season=mars"):
            b_text = api.get(f"{other}{suffix}").content.decode()
            assert all(name in b_text for name in b_names) and not any(name in b_text for name in a_names)
    assert names(api.get(f"{other}duellists/").json()["results"]) == b_names
    assert api.get(f"{other}duellists/{FORUM_IDS[0]}/").json()["forum_name"] == "Ilvermorny 0"
    assert api.get(f"{home}duellists/{FORUM_IDS[0]}/").json()["forum_name"] == "Beauxbâtons 0"
    assert {d["id"] for d in api.get(f"{other}duels/").json()["results"]} == clubs["b_played"]["duels"]
    assert {d["id"] for d in api.get(f"{home}duels/").json()["results"]} == clubs["a_played"]["duels"]
    [season] = api.get(f"{other}seasons/").json()["results"]
    assert season["slug"] == "mars"
    with activate_club(clubs["b"]):
        assert Duel.objects.count() == 3


def test_the_champions_table_page_is_the_clubs(clubs, client):
    page = client.get("/ilvermorny/classement/").content.decode()
    assert all(name in page for name in clubs["b_played"]["names"])
    assert not any(name in page for name in clubs["a_played"]["names"])
    assert 'href="/ilvermorny/classement/duellistes/500/"' in page


def test_a_club_is_looked_up_once_then_read_from_the_cache(clubs, django_assert_num_queries):
    api = APIClient()
    cache.clear()
    with django_assert_num_queries(3):  # the club (cold cache), the revision, the page with its size
        assert api.get("/api/v1/clubs/ilvermorny/rankings/").status_code == 200
    forget_table_revision()
    with django_assert_num_queries(2):  # warm: the revision and the page only
        assert api.get("/api/v1/clubs/ilvermorny/rankings/?page_size=3").status_code == 200
    club_cache_warmed()
    forget_table_revision()
    with django_assert_num_queries(2):  # the home club too (the forum scripts' /api/v1/)
        assert api.get("/api/v1/rankings/?page_size=3").status_code == 200


def test_the_rebuild_in_the_database_names_the_club_in_every_statement(clubs):
    if connection.vendor != "postgresql":
        pytest.skip("the comparison in the database is PostgreSQL SQL (set DATABASE_URL=postgres://…)")
    with activate_club(clubs["b"]):
        missing, extra, changed = standings_sql.standings_differences()
        assert (missing, extra, changed) == ({}, {}, [])
        stored = standings_sql.stored_sizes_by_scope()
        assert sum(stored.values()) == Standing.objects.count()
