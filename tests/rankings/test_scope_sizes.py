"""Stored scope sizes (ScopeSize: the table's `count`) and the plain-SQL page read."""
import datetime as dt
from collections import Counter

import pytest
from django.core.management import call_command

from duels.models import DuelKind
from rankings import selectors
from rankings.models import ScopeSize, Season, Standing
from rankings.services.rebuild import standings_rebuild
from rankings.services.rewards import season_delete, season_save
from tests.support.rankings import at, duellists, finished_duel

pytestmark = pytest.mark.django_db


def stored_sizes() -> dict:
    return {(s.season_id, s.kind, s.format, s.year): s.lines for s in ScopeSize.objects.exclude(lines=0)}


def counted_lines() -> dict:
    return dict(Counter(Standing.objects.values_list("season_id", "kind", "format", "year")))


@pytest.fixture
def league():
    people = duellists(6)
    season_save(season=Season(name="Mars", slug="mars", starts_on=dt.date(2026, 3, 1), ends_on=dt.date(2026, 3, 10)))
    finished_duel([people[0]], [people[1]], when=at(1), kind=DuelKind.RP, year=4)
    finished_duel([people[2], people[3]], [people[4], people[5]], when=at(2), winner=None)
    finished_duel([people[0]], [people[2]], when=at(3), year=5)
    finished_duel([people[1]], [people[5]], when=at(20))  # after the season
    return people


def test_every_new_line_is_counted_in_its_scope(league):
    sizes = stored_sizes()
    assert sizes == counted_lines()
    assert sizes[(None, "", "", 0)] == 6
    season = Season.objects.get(slug="mars")
    assert sizes[(season.pk, "", "", 0)] == 6 and sizes[(None, "rp", "1v1", 4)] == 2
    assert len(selectors.RankingTable(selectors.Scope())) == 6
    assert len(selectors.RankingTable(selectors.Scope(kind="rp", year=4))) == 2
    assert len(selectors.RankingTable(selectors.Scope(kind="rp", year=8))) == 0  # no line, no size row
    assert standings_rebuild(fix=False).differences == 0


def test_a_season_saved_or_deleted_keeps_its_sizes(league):
    season = Season.objects.get(slug="mars")
    season.ends_on = dt.date(2026, 3, 31)
    season_save(season=season)  # the duel of 21 March joins the season
    assert stored_sizes() == counted_lines()
    season_delete(season=season)
    assert not ScopeSize.objects.filter(season__isnull=False).exists()
    assert stored_sizes() == counted_lines() and standings_rebuild(fix=False).differences == 0


def test_rebuild_reports_and_fixes_a_wrong_size(league):
    ScopeSize.objects.filter(season__isnull=True, kind="", format="", year=0).update(lines=99)
    ScopeSize.objects.filter(season__isnull=True, kind="rp", format="1v1", year=4).delete()
    ScopeSize.objects.create(season=None, kind="rp", format="2v2", year=1, lines=3)  # a scope without lines
    report = standings_rebuild(fix=False)
    assert sorted(report.sizes, key=str) == sorted([((None, "", "", 0), 99, 6), ((None, "rp", "1v1", 4), 0, 2),
                                                    ((None, "rp", "2v2", 1), 3, 0)], key=str)
    assert report.differences == 3 and not report.missing and not report.extra and not report.changed
    with pytest.raises(SystemExit):
        call_command("rankings_rebuild", "--check")
    standings_rebuild(fix=True)
    assert stored_sizes() == counted_lines() and standings_rebuild(fix=False).differences == 0


def test_rebuild_command_names_a_wrong_size(league, capsys):
    ScopeSize.objects.filter(season__isnull=True, kind="", format="", year=0).update(lines=1)
    call_command("rankings_rebuild")
    out = capsys.readouterr().out
    assert "nombre de lignes faux : saison toutes, type tous, format tous, année toutes : 1 → 6" in out
    assert "1 nombre(s) de lignes faux" in out
    call_command("rankings_rebuild", "--check")
    assert "Aucune différence" in capsys.readouterr().out


def test_rebuild_builds_the_sizes_of_a_table_built_without_them(league):
    ScopeSize.objects.all().delete()
    assert standings_rebuild(fix=True).sizes
    assert stored_sizes() == counted_lines()


@pytest.mark.parametrize("direct_offset", [0, 3, 200])  # from the index alone / direct join, from offset 3 / always
def test_the_plain_sql_page_is_the_documented_order_at_every_offset(monkeypatch, direct_offset):
    monkeypatch.setattr(selectors, "DIRECT_OFFSET", direct_offset)
    people = duellists(9)
    for index, one in enumerate(people):  # ties on points and duels, broken by reached_at then the profile
        finished_duel([one], [people[(index + 3) % 9]], when=at(index % 3), winner=None if index % 4 == 0 else 1)
    season_save(season=Season(name="Mars", slug="mars", starts_on=dt.date(2026, 3, 1), ends_on=dt.date(2026, 3, 2)))
    for scope in (selectors.Scope(), selectors.Scope(season=Season.objects.get()), selectors.Scope(year=3)):
        expected = list(scope.standings().order_by(*selectors.RANKING_ORDER)
                        .values_list("duellist__forum_id", "points", "duels", "reached_at"))
        table = selectors.RankingTable(scope)
        assert len(table) == len(expected)
        for start in range(len(expected) + 1):
            for size in (1, 2, 4):
                page = table[start:start + size]
                assert [(x["forum_id"], x["points"], x["duels"], x["reached_at"]) for x in page] == \
                    expected[start:start + size]
                assert [x["rank"] for x in page] == list(range(start + 1, start + 1 + len(page)))
        assert [x["forum_id"] for x in table[2:]] == [x[0] for x in expected[2:]]
        for start in (0, 4, 8, 20):  # the page and the size in one query give the same
            prefetched = selectors.RankingTable(scope)
            prefetched.prefetch(start, start + 4)
            assert len(prefetched) == len(expected)
            assert prefetched[start:start + 4] == table[start:start + 4]
        assert all(x["reached_at"].utcoffset() == dt.timedelta(0) for x in table[0:50])


def test_season_by_slug_reads_the_whole_season():
    season = season_save(season=Season(name="Mars", slug="mars", starts_on=dt.date(2026, 3, 1),
                                       ends_on=dt.date(2026, 3, 2)))
    found = selectors.season_by_slug("mars")
    assert (found.pk, found.name, found.slug, found.starts_on, found.ends_on) == (
        season.pk, "Mars", "mars", dt.date(2026, 3, 1), dt.date(2026, 3, 2))
    assert not found._state.adding and selectors.season_by_slug("avril") is None
