"""Reads of the champions table, the duellists' records and finished duels (pages and API)."""
from __future__ import annotations

import time
from dataclasses import dataclass

from django.db.models import Prefetch, QuerySet

from accounts.models import Duellist
from duels.models import Duel, DuelStatus, Participant
from rankings.models import ALL_FORMATS, ALL_KINDS, ALL_YEARS, Result, Season, Standing

# The documented tie-break (see Standing): points, fewer duels, earlier score reached, older profile.
RANKING_ORDER = ("-points", "duels", "reached_at", "duellist_id")

# One ranking line, read as plain values (no model instances: the table is the hot path).
LINE_COLUMNS = (
    "duellist__forum_id", "duellist__forum_name", "duellist__character_name", "points", "duels", "wins",
    "draws", "losses", "disqualifications", "purse", "chocogrenouilles", "reached_at",
)


@dataclass(frozen=True)
class Scope:
    """Which table: all-time or a season, every kind or one, every format or one, every year or one."""

    season: Season | None = None
    kind: str = ALL_KINDS
    format: str = ALL_FORMATS
    year: int = ALL_YEARS

    def standings(self) -> QuerySet[Standing]:
        return Standing.objects.filter(season=self.season, kind=self.kind, format=self.format, year=self.year)


def line_dict(values: tuple, *, rank: int) -> dict:
    """A ranking line as the API and templates show it (win rate as a fraction 0..1, 3 decimals)."""
    line = dict(zip(LINE_COLUMNS, values, strict=True))
    duels, wins = line["duels"], line["wins"]
    return {
        "rank": rank,
        "forum_id": line["duellist__forum_id"],
        "forum_name": line["duellist__forum_name"],
        "character_name": line["duellist__character_name"],
        "points": line["points"],
        "duels": duels,
        "wins": wins,
        "draws": line["draws"],
        "losses": line["losses"],
        "disqualifications": line["disqualifications"],
        "win_rate": round(wins / duels, 3) if duels else 0.0,
        "purse": line["purse"],
        "chocogrenouilles": line["chocogrenouilles"],
        "reached_at": line["reached_at"],  # UTC
    }


class RankingTable:
    """The table of a scope in ranking order, for a paginator: `count()`, and a slice gives the line
    dicts (with their rank) in one query. The slice is taken on the index alone (a subquery of
    duellist ids), then only those lines are joined to their duellists: a deep page does not join
    every line before it (PostgreSQL would hash-join and sort the whole scope)."""

    def __init__(self, scope: Scope):
        self.scope = scope

    def count(self) -> int:
        return self.scope.standings().count()

    def __getitem__(self, item: slice) -> list[dict]:
        start, stop = item.start or 0, item.stop
        ranked = self.scope.standings().order_by(*RANKING_ORDER)
        page_ids = ranked.values("duellist_id")[start:stop]
        rows = ranked.filter(duellist_id__in=page_ids).values_list(*LINE_COLUMNS)
        return [line_dict(values, rank=start + index + 1) for index, values in enumerate(rows)]


def ranking_page(scope: Scope, *, offset: int, limit: int) -> list[dict]:
    return RankingTable(scope)[offset:offset + limit]


def seasons() -> QuerySet[Season]:
    return Season.objects.order_by("-starts_on", "pk")


def season_by_slug(slug: str) -> Season | None:
    return Season.objects.filter(slug=slug).first()


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
    from duels.services import wand_rest_remaining

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
_revision = {"token": None, "read_at": 0.0}


def forget_table_revision() -> None:
    _revision["token"] = None


def table_revision() -> str:
    """The champions table's revision token: the API's cache key. One primary-key read (raw SQL, no
    ORM compile) at most once a second per process."""
    from django.db import connection

    from rankings.models import TableRevision

    now = time.monotonic()
    token = _revision["token"]
    if token is not None and now - _revision["read_at"] < REVISION_TRUSTED_SECONDS:
        return token
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT token FROM {TableRevision._meta.db_table} WHERE id = 1")  # noqa: S608 - constant
        row = cursor.fetchone()
    token = row[0] if row else ""
    _revision.update(token=token, read_at=now)
    return token
