"""The champions table recomputed inside PostgreSQL: only the lines that differ come back.

The same fold as `Tally.add`, as aggregates: the counters are sums and counts; `reached_at` is the
last result with points when the line has points, else the first result. Every scope in one pass
(`GROUP BY season, duellist, CUBE(kind, format, year)`, the all-time rows and each season's), joined
with the stored lines on their key. Raw SQL is not filtered by the scoped managers: every statement
names the active club's `club_id` itself. `standings_rebuild` uses it on PostgreSQL instead of folding
every result in Python; the tests check both give the same report.
"""
from __future__ import annotations

from collections import Counter

from django.db import connection
from django.utils import timezone

from clubs.scoping import current_club
from rankings.models import ScopeSize, Season
from rankings.services.standings import (
    COUNTERS,
    Key,
    RebuildReport,
    ScopeKey,
    Tally,
    _scope_filter,
    table_revision_bump,
)
from rankings.services.standings_refresh import standings_refresh

SMALL_FIX = 2_000  # lines: recomputed one by one under their row locks; beyond, the table is locked

_EXPECTED = """
WITH r AS (
    SELECT res.duellist_id, d.kind, d.format, res.year, res.outcome, res.champion_points AS points,
           res.purse, res.chocogrenouille, res.recorded_at, (res.recorded_at AT TIME ZONE %(tz)s)::date AS day
    FROM rankings_result res JOIN duels_duel d ON d.id = res.duel_id WHERE res.club_id = %(club)s
), scoped AS (
    {all_time}
    SELECT s.id AS season_id, r.* FROM r JOIN rankings_season s ON r.day BETWEEN s.starts_on AND s.ends_on
    WHERE s.club_id = %(club)s {season_filter}
)
SELECT season_id, duellist_id,
       CASE WHEN GROUPING(kind) = 1 THEN '' ELSE kind END AS kind,
       CASE WHEN GROUPING(format) = 1 THEN '' ELSE format END AS format,
       CASE WHEN GROUPING(year) = 1 THEN 0 ELSE year END AS year,
       sum(points) AS points, count(*) AS duels,
       count(*) FILTER (WHERE outcome = 'win') AS wins, count(*) FILTER (WHERE outcome = 'draw') AS draws,
       count(*) FILTER (WHERE outcome = 'loss') AS losses,
       count(*) FILTER (WHERE outcome = 'disqualified') AS disqualifications,
       sum(purse) AS purse, count(*) FILTER (WHERE chocogrenouille) AS chocogrenouilles,
       CASE WHEN sum(points) > 0 THEN max(recorded_at) FILTER (WHERE points > 0) ELSE min(recorded_at) END
           AS reached_at
FROM scoped GROUP BY season_id, duellist_id, CUBE(kind, format, year)
"""

_DIFFERENCES = """
WITH e AS ({expected}), s AS (SELECT * FROM rankings_standing WHERE club_id = %(club)s {stored_filter})
SELECT s.id, e.season_id, e.kind, e.format, e.year, e.duellist_id,
       {expected_columns},
       s.season_id, s.kind, s.format, s.year, s.duellist_id,
       {stored_columns}
FROM e FULL OUTER JOIN s
  ON COALESCE(s.season_id, 0) = COALESCE(e.season_id, 0) AND s.duellist_id = e.duellist_id
 AND s.kind = e.kind AND s.format = e.format AND s.year = e.year
WHERE s.id IS NULL OR e.duellist_id IS NULL
   OR ({stored_tuple}) IS DISTINCT FROM ({expected_tuple})
"""

FIELDS = (*COUNTERS, "reached_at")


def standings_differences(*, season: Season | None = None):
    """(missing {key: tally}, extra {key: pk}, changed [(key, stored, expected tally, pk)])."""
    sql = _DIFFERENCES.format(
        expected=_expected_sql(season),
        stored_filter="AND season_id = %(season)s" if season else "",
        expected_columns=", ".join(f"e.{f}" for f in FIELDS),
        stored_columns=", ".join(f"s.{f}" for f in FIELDS),
        stored_tuple=", ".join(f"s.{f}" for f in FIELDS),
        expected_tuple=", ".join(f"e.{f}" for f in FIELDS),
    )
    params = _params(season)
    missing: dict[Key, Tally] = {}
    extra: dict[Key, int] = {}
    changed: list[tuple[Key, tuple, Tally, int]] = []
    width = len(FIELDS)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        for row in cursor.fetchall():
            pk, want_key, want, have_key, have = row[0], row[1:6], row[6:6 + width], row[6 + width:11 + width], \
                row[11 + width:]
            if pk is None:
                missing[tuple(want_key)] = Tally(*want)
            elif want_key[4] is None:
                extra[tuple(have_key)] = pk
            else:
                changed.append((tuple(have_key), tuple(have), Tally(*want), pk))
    return missing, extra, changed


def stored_sizes_by_scope(*, season: Season | None = None) -> dict[ScopeKey, int]:
    """How many lines each scope of the active club stores now (one grouped read)."""
    where = "AND season_id = %s" if season else ""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT season_id, kind, format, year, count(*) FROM rankings_standing "  # noqa: S608
                       f"WHERE club_id = %s {where} GROUP BY season_id, kind, format, year",
                       [current_club().pk, *([season.pk] if season else [])])
        return {tuple(row[:4]): row[4] for row in cursor.fetchall()}


def rebuild_in_database(*, season: Season | None = None, fix: bool = True) -> RebuildReport:
    """`standings_rebuild` on PostgreSQL (inside its transaction): compare in the database, then fix
    what differs. A few lines: recomputed under their own row locks (`standings_refresh`), so duels
    finishing meanwhile wait only if they share those lines. Many: the table is locked against
    writes (readers go on), emptied and written again in one statement."""
    missing, extra, changed = standings_differences(season=season)
    report = _report(season, missing, extra, changed)
    if not (fix and report.differences):
        return report
    keys = {*missing, *extra, *(key for key, *_rest in changed)}
    if len(keys) <= SMALL_FIX:
        standings_refresh(keys=keys)
    else:
        _rewrite(season)
    _sizes_set(season)
    report.fixed = True
    table_revision_bump()
    return report


def _rewrite(season: Season | None) -> None:
    """The club's table (or one season's part) emptied and written again from its results in one
    INSERT … SELECT, the tables locked against writes meanwhile (every club's: a lock cannot take one
    club's rows only; readers go on until the commit)."""
    params = _params(season)
    columns = ("season_id", "duellist_id", "kind", "format", "year", *FIELDS)
    with connection.cursor() as cursor:
        cursor.execute("LOCK TABLE rankings_standing, rankings_scopesize IN EXCLUSIVE MODE")
        cursor.execute("DELETE FROM rankings_standing WHERE club_id = %(club)s"
                       + (" AND season_id = %(season)s" if season else ""), params)
        cursor.execute(f"INSERT INTO rankings_standing (club_id, {', '.join(columns)}) "
                       f"SELECT %(club)s, {', '.join(columns)} FROM ({_expected_sql(season)}) expected", params)


def _params(season: Season | None) -> dict:
    """The active club (raw SQL: the scoped managers do not filter it), its time zone (the days of its
    seasons, as `SeasonCalendar` reads them) and the season."""
    return {"club": current_club().pk, "tz": timezone.get_current_timezone_name(),
            "season": season.pk if season else None}


def _expected_sql(season: Season | None) -> str:
    return _EXPECTED.format(
        all_time="" if season else "SELECT NULL::bigint AS season_id, r.* FROM r UNION ALL",
        season_filter="AND s.id = %(season)s" if season else "",
    )


def _report(season, missing, extra, changed) -> RebuildReport:
    want_sizes = Counter(stored_sizes_by_scope(season=season))
    for key in missing:
        want_sizes[key[:4]] += 1
    for key in extra:
        want_sizes[key[:4]] -= 1
    report = RebuildReport(missing=list(missing), extra=list(extra),
                           changed=[(key, have, tally.as_tuple()) for key, have, tally, _pk in changed],
                           checked=sum(want_sizes.values()))
    have_sizes = {scope: sum(rows.values()) for scope, rows in _stored_size_rows(season).items()}
    report.sizes = [(scope, have_sizes.get(scope, 0), want_sizes.get(scope, 0))
                    for scope in {*want_sizes, *have_sizes} if have_sizes.get(scope, 0) != want_sizes.get(scope, 0)]
    return report


def _stored_size_rows(season) -> dict[ScopeKey, dict[int, int]]:
    rows = ScopeSize.objects.filter(season=season) if season else ScopeSize.objects.all()
    found: dict[ScopeKey, dict[int, int]] = {}
    for pk, *scope, lines in rows.values_list("pk", "season_id", "kind", "format", "year", "lines"):
        found.setdefault(tuple(scope), {})[pk] = lines
    return found


def _sizes_set(season) -> None:
    """Every scope's size set to the lines it now stores (after a fix)."""
    actual = stored_sizes_by_scope(season=season)
    stored = _stored_size_rows(season)
    for scope in set(actual) | set(stored):
        rows = stored.get(scope, {})
        if sum(rows.values()) == actual.get(scope, 0) and len(rows) <= 1:
            continue
        ScopeSize.objects.filter(pk__in=list(rows)).delete()
        if actual.get(scope):
            ScopeSize.objects.create(**_scope_filter(scope), lines=actual[scope])
