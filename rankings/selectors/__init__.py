"""Reads of the champions table, the duellists' records and finished duels (pages and API)."""
from __future__ import annotations

import datetime as dt
import time
from dataclasses import dataclass

from django.db import connection
from django.db.models import Prefetch, QuerySet

from accounts.models import Duellist
from clubs.scoping import current_club
from duels.models import Duel, DuelStatus, Participant
from duels.selectors.wand_rest import wand_rest_remaining
from rankings.models import (
    ALL_FORMATS,
    ALL_KINDS,
    ALL_YEARS,
    Result,
    ScopeSize,
    Season,
    Standing,
    TableRevision,
)

# The documented tie-break (see Standing): points, fewer duels, earlier score reached, older profile.
RANKING_ORDER = ("-points", "duels", "reached_at", "duellist_id")


@dataclass(frozen=True)
class Scope:
    """Which table: all-time or a season, every kind or one, every format or one, every year or one."""

    season: Season | None = None
    kind: str = ALL_KINDS
    format: str = ALL_FORMATS
    year: int = ALL_YEARS
    # A season named by its slug only (the API's hot path): the page's statement finds it itself, so
    # the lookup is not a query of its own. `season` wins when both are given.
    season_slug: str | None = None

    def standings(self) -> QuerySet[Standing]:
        season = self.season if self.season is not None or self.season_slug is None else (
            Season.objects.filter(slug=self.season_slug).values("pk")[:1])
        return Standing.objects.filter(season=season, kind=self.kind, format=self.format, year=self.year)


def line_dict(values: tuple, *, rank: int) -> dict:
    """A ranking line as the API and templates show it (win rate as a fraction 0..1, 3 decimals).
    `values`: a row of `_page_sql` (plain values, no model instances: the table is the hot path)."""
    (forum_id, forum_name, character_name, points, duels, wins, draws, losses, disqualifications, purse,
     chocogrenouilles, reached_at) = values
    if isinstance(reached_at, str):  # a backend without a datetime converter
        reached_at = dt.datetime.fromisoformat(reached_at)
    if reached_at.tzinfo is None:  # read in UTC without an offset (see `_page_sql`)
        reached_at = reached_at.replace(tzinfo=dt.UTC)
    return {
        "rank": rank,
        "forum_id": forum_id,
        "forum_name": forum_name,
        "character_name": character_name,
        "points": points,
        "duels": duels,
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "disqualifications": disqualifications,
        "win_rate": round(wins / duels, 3) if duels else 0.0,
        "purse": purse,
        "chocogrenouilles": chocogrenouilles,
        "reached_at": reached_at,  # UTC
    }


def _scope_sql(alias: str, scope: Scope) -> tuple[str, list]:
    """The WHERE clause that picks one scope's rows of the active club. `season_id IS NULL` is spelt out
    for the all-time tables: it is the condition of their partial index (`standing_alltime_order_idx`,
    which leads with the club)."""
    q = connection.ops.quote_name
    club_id = current_club().pk  # raw SQL: the scoped managers do not filter it
    params = [club_id, scope.kind, scope.format, scope.year]
    if scope.season is not None:
        season, params = f"{alias}.season_id = %s", [scope.season.pk, *params]
    elif scope.season_slug is not None:  # the season's (club, slug) unique index, inside the same statement
        seasons = q(Season._meta.db_table)
        season = (f"{alias}.season_id = (SELECT {seasons}.id FROM {seasons} WHERE {seasons}.club_id = %s "
                  f"AND {seasons}.slug = %s)")
        params = [club_id, scope.season_slug, *params]
    else:
        season = f"{alias}.season_id IS NULL"
    sql = (f"{season} AND {alias}.club_id = %s AND {alias}.{q('kind')} = %s AND {alias}.{q('format')} = %s "
           f"AND {alias}.{q('year')} = %s")
    return sql, params


# Up to this offset a page is read by walking the ranking index and joining each line to its
# duellist as it comes (fastest for the first pages); deeper, the slice is taken on the index alone
# first (see `_page_sql`).
DIRECT_OFFSET = 200


def _page_sql(scope: Scope, *, offset: int, with_size: bool = False) -> tuple[str, list]:
    """The lines of a page, LIMIT and OFFSET left as the last two parameters; `with_size`: the
    scope's stored size (ScopeSize) as a first column, so a page and its count are one query.

    A first page walks the ranking index in order, joining lines to their duellists as it goes.
    Deeper, the slice is taken on the index alone (a subquery of duellist ids), then only those lines
    are joined, so a deep page does not join every line before it (PostgreSQL would hash-join and
    sort the whole scope). Plain SQL: this is the hot path, and compiling the equivalent queryset cost
    more than running it."""
    q = connection.ops.quote_name
    standing, duellist = q(Standing._meta.db_table), q(Duellist._meta.db_table)
    outer, params = _scope_sql("s", scope)
    order = "{0}.points DESC, {0}.duels ASC, {0}.reached_at ASC, {0}.duellist_id ASC"
    size = ""
    if with_size:
        where, size_params = _scope_sql("z", scope)
        size = f"(SELECT z.lines FROM {q(ScopeSize._meta.db_table)} z WHERE {where}), "
        params = [*size_params, *params]
    # PostgreSQL: read as a UTC timestamp without time zone (made aware by `line_dict`): psycopg's own
    # loader, rather than the per-value Python one Django installs for timestamptz (a tenth of the read).
    reached_at = "s.reached_at AT TIME ZONE 'UTC'" if connection.vendor == "postgresql" else "s.reached_at"
    sql = (
        f"SELECT {size}d.forum_id, d.forum_name, d.character_name, s.points, s.duels, s.wins, s.draws, "
        f"s.losses, s.disqualifications, s.purse, s.chocogrenouilles, {reached_at} "
        f"FROM {standing} s INNER JOIN {duellist} d ON d.id = s.duellist_id WHERE {outer} "
    )
    if offset < DIRECT_OFFSET:
        return f"{sql}ORDER BY {order.format('s')} LIMIT %s OFFSET %s", params
    inner, inner_params = _scope_sql("i", scope)
    sql += (
        f"AND s.duellist_id IN (SELECT i.duellist_id FROM {standing} i WHERE {inner} "
        f"ORDER BY {order.format('i')} LIMIT %s OFFSET %s) ORDER BY {order.format('s')}"
    )
    return sql, [*params, *inner_params]


class RankingTable:
    """The table of a scope in ranking order, for a paginator: `len()` (the stored size of the scope,
    ScopeSize: one indexed read; a `len` rather than a `count()` method, which Django's paginator
    would inspect on every request), and a slice gives the line dicts (with their rank) in one query
    (see `_page_sql`). `prefetch(start, stop)`, when the page wanted is known beforehand, reads the
    size and those lines in a single query; `len()` and that slice then use them."""

    def __init__(self, scope: Scope):
        self.scope = scope
        self._size: int | None = None
        self._prefetched: tuple[int, int, list[dict]] | None = None

    def prefetch(self, start: int, stop: int) -> None:
        rows = self._read(start, stop, with_size=True)
        if rows:  # else (an empty table, a page past the end) the size is read on its own if needed
            self._size = rows[0][0]
        self._prefetched = (start, stop, [line_dict(row[1:], rank=start + i + 1) for i, row in enumerate(rows)])

    def season_unknown(self) -> bool:
        """True when the scope names a season by a slug no season has. Costs a query only when the
        prefetched page found no line (an empty scope, a page past the end, or no such season)."""
        if self.scope.season_slug is None or self.scope.season is not None:
            return False
        if self._prefetched is not None and self._prefetched[2]:
            return False
        return season_by_slug(self.scope.season_slug) is None

    def __len__(self) -> int:
        if self._size is not None:
            return self._size
        where, params = _scope_sql("z", self.scope)
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT z.lines FROM {connection.ops.quote_name(ScopeSize._meta.db_table)} z "  # noqa: S608
                           f"WHERE {where}", params)
            row = cursor.fetchone()
        self._size = row[0] if row else 0
        return self._size

    def __getitem__(self, item: slice) -> list[dict]:
        start = item.start or 0
        if item.stop is not None and item.stop <= start:
            return []
        if self._prefetched is not None:
            first, last, lines = self._prefetched
            if start == first and item.stop is not None and item.stop <= last:
                return lines[:item.stop - start]
        return [line_dict(row, rank=start + i + 1) for i, row in enumerate(self._read(start, item.stop))]

    def _read(self, start: int, stop: int | None, *, with_size: bool = False) -> list[tuple]:
        sql, params = _page_sql(self.scope, offset=start, with_size=with_size)
        with connection.cursor() as cursor:
            cursor.execute(sql, [*params, 2**62 if stop is None else stop - start, start])
            return cursor.fetchall()


def ranking_page(scope: Scope, *, offset: int, limit: int) -> list[dict]:
    return RankingTable(scope)[offset:offset + limit]


def seasons() -> QuerySet[Season]:
    return Season.objects.order_by("-starts_on", "pk")


def season_by_slug(slug: str) -> Season | None:
    """The active club's season of a slug: one read of the (club, slug) unique index (plain SQL: on the
    API's hot path)."""
    names = [f.attname for f in Season._meta.concrete_fields]
    q = connection.ops.quote_name
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {', '.join(map(q, names))} FROM {q(Season._meta.db_table)} "  # noqa: S608
                       f"WHERE {q('club_id')} = %s AND {q('slug')} = %s", [current_club().pk, slug])
        row = cursor.fetchone()
    return Season.from_db(connection.alias, names, row) if row else None


def duellist_get(*, forum_id: int) -> Duellist | None:
    return Duellist.objects.filter(forum_id=forum_id).first()


def duellist_records(duellist: Duellist) -> list[Standing]:
    """The duellist's all-time lines over every year: overall first, then per kind and format."""
    return list(
        Standing.objects.filter(duellist=duellist, season__isnull=True, year=ALL_YEARS).order_by("kind", "format")
    )


def duellist_recent_results(duellist: Duellist, *, limit: int = 10) -> list[Result]:
    """Their last results, newest first, each with its duel and every participant (for the opponents)."""
    return list(
        Result.objects.filter(duellist=duellist)
        .select_related("duel")
        .defer("duel__spells", "duel__state", "duel__seed")
        .prefetch_related(
            Prefetch("duel__participants", queryset=Participant.objects.select_related("duellist").order_by("team", "pk"))
        )
        .order_by("-recorded_at", "-pk")[:limit]
    )


def duel_finished_get(*, pk: int) -> Duel | None:
    return (
        Duel.objects.filter(pk=pk, status=DuelStatus.FINISHED)
        .prefetch_related(
            Prefetch("participants", queryset=Participant.objects.select_related("duellist", "result").order_by("team", "pk"))
        )
        .first()
    )


def duellists(*, search: str = "") -> QuerySet[Duellist]:
    found = Duellist.objects.order_by("forum_name", "pk")
    if search:
        found = found.filter(forum_name__icontains=search)
    return found


def duellist_profile(*, forum_id: int, recent: int = 10) -> Duellist | None:
    """A duellist with what their page shows attached: `records` (all-time lines per kind and format,
    overall first), `overall` (list of at most that one line), `recent_duels`, `wand_rest_remaining`."""
    duellist = duellist_get(forum_id=forum_id)
    if duellist is None:
        return None
    duellist.records = duellist_records(duellist)
    duellist.overall = [r for r in duellist.records if not r.kind and not r.format]
    duellist.recent_duels = duellist_recent_results(duellist, limit=recent)
    duellist.wand_rest_remaining = wand_rest_remaining(duellist=duellist)
    return duellist


# The revision read is trusted for this long in a process: a change made by another process shows
# within a second (clients may cache a page for a minute anyway: Cache-Control max-age=60); a change
# made in this process forgets it at once (`forget_table_revision`, called by `table_revision_bump`).
REVISION_TRUSTED_SECONDS = 1.0
_revisions: dict[int, tuple[str, float]] = {}  # club id -> (token, read at)


def forget_table_revision(club_id: int | None = None) -> None:
    """Forget the token trusted for a club (every club's when none is named)."""
    if club_id is None:
        _revisions.clear()
    else:
        _revisions.pop(club_id, None)


def table_revision() -> str:
    """The active club's champions table revision token: the API's cache key. One indexed read (raw
    SQL, no ORM compile) at most once a second per process and club."""
    club_id = current_club().pk
    now = time.monotonic()
    token, read_at = _revisions.get(club_id, (None, 0.0))
    if token is not None and now - read_at < REVISION_TRUSTED_SECONDS:
        return token
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT token FROM {TableRevision._meta.db_table} WHERE club_id = %s", [club_id])  # noqa: S608
        row = cursor.fetchone()
    token = row[0] if row else ""
    _revisions[club_id] = (token, now)
    return token
