"""The champions table's stored aggregates (Standing rows): kept up to date and recomputable.

`standings_apply` runs in the transaction that records a duel's results (`results_record`);
`standings_rebuild` recomputes every line from the Result rows with the same fold (`Tally.add`), so
after normal play the two agree exactly, and reports (and fixes) what differs.

Scopes: see `Standing`. Each result counts in 8 lines per scope family (kind or all × format or all ×
year or all), once all-time and once per season containing the day its duel finished.
"""
from __future__ import annotations

import datetime as dt
import uuid
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field, fields

from django.db import connection, transaction
from django.db.models import F, Q
from django.utils import timezone

from clubs.scoping import current_club
from common.after_commit import after_commit
from rankings.models import (
    ALL_FORMATS,
    ALL_KINDS,
    ALL_YEARS,
    Outcome,
    Result,
    ScopeSize,
    Season,
    Standing,
    TableRevision,
)
from rankings.selectors import forget_table_revision

Key = tuple[int | None, str, str, int, int]  # (season_id, kind, format, year, duellist_id)
ScopeKey = tuple[int | None, str, str, int]  # (season_id, kind, format, year): one table

COUNTERS = ("points", "duels", "wins", "draws", "losses", "disqualifications", "purse", "chocogrenouilles")
OUTCOME_COUNTER = {
    Outcome.WIN: "wins", Outcome.DRAW: "draws", Outcome.LOSS: "losses", Outcome.DISQUALIFIED: "disqualifications",
}


@dataclass(slots=True)
class Tally:
    points: int = 0
    duels: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    disqualifications: int = 0
    purse: int = 0
    chocogrenouilles: int = 0
    reached_at: dt.datetime | None = None

    def add(self, *, outcome: str, points: int, purse: int, chocogrenouille: bool, at: dt.datetime) -> None:
        """Count one result. `reached_at` is when the current score was reached: the last win when the
        duellist has points, else their first duel; independent of the order results are added in."""
        if self.reached_at is None:
            self.reached_at = at
        elif points:
            self.reached_at = max(self.reached_at, at) if self.points else at
        elif not self.points:
            self.reached_at = min(self.reached_at, at)
        self.points += points
        self.duels += 1
        counter = OUTCOME_COUNTER[outcome]
        setattr(self, counter, getattr(self, counter) + 1)
        self.purse += purse
        self.chocogrenouilles += int(chocogrenouille)

    def as_tuple(self) -> tuple:
        return tuple(getattr(self, f.name) for f in fields(self))

    @classmethod
    def of(cls, standing: Standing) -> Tally:
        return cls(**{f.name: getattr(standing, f.name) for f in fields(cls)})


def scope_keys(*, season_ids: Iterable[int | None], kind: str, format: str, year: int, duellist_id: int) -> list[Key]:
    return [
        (season_id, k, f, y, duellist_id)
        for season_id in season_ids
        for k in (ALL_KINDS, kind)
        for f in (ALL_FORMATS, format)
        for y in (ALL_YEARS, year)
    ]


class SeasonCalendar:
    """Which seasons contain a day (loaded once; a rebuild asks for hundreds of thousands of days)."""

    def __init__(self, seasons: Iterable[Season] | None = None):
        self.ranges = [(s.pk, s.starts_on, s.ends_on) for s in (Season.objects.all() if seasons is None else seasons)]
        self._memo: dict[dt.date, tuple[int, ...]] = {}

    def season_ids(self, at: dt.datetime) -> tuple[int, ...]:
        day = timezone.localdate(at)
        found = self._memo.get(day)
        if found is None:
            found = self._memo[day] = tuple(pk for pk, start, end in self.ranges if start <= day <= end)
        return found


def table_revision_bump(*, club_id: int | None = None) -> None:
    """A new token for the club's table (the active club's unless named: a duellist saved in the
    site's admin names theirs): every cached page of that table (API) is stale from the commit on.
    This process forgets the token it trusted now and after the commit (see `selectors.table_revision`)."""
    club_id = club_id or current_club().pk
    token = uuid.uuid4().hex
    revisions = TableRevision._base_manager  # the named club's row, whichever club is active (if any)
    if not revisions.filter(club_id=club_id).update(token=token):
        revisions.update_or_create(club_id=club_id, defaults={"token": token})
    forget_table_revision(club_id)
    after_commit(lambda: forget_table_revision(club_id))


def _key(standing: Standing) -> Key:
    return (standing.season_id, standing.kind, standing.format, standing.year, standing.duellist_id)


@transaction.atomic
def standings_apply(*, results: list[Result], kind: str, format: str) -> None:
    """Add one duel's new results to the stored table. A duellist plays one duel at a time, so two
    duels never update the same lines concurrently; the rows read are locked all the same."""
    if not results:
        return
    calendar = SeasonCalendar(Season.objects.filter(
        starts_on__lte=max(timezone.localdate(r.recorded_at) for r in results),
        ends_on__gte=min(timezone.localdate(r.recorded_at) for r in results),
    ))
    wanted: dict[Key, list[Result]] = {}
    for result in results:
        seasons = (None, *calendar.season_ids(result.recorded_at))
        for key in scope_keys(season_ids=seasons, kind=kind, format=format, year=result.year,
                              duellist_id=result.duellist_id):
            wanted.setdefault(key, []).append(result)
    season_ids = {key[0] for key in wanted if key[0] is not None}
    existing = {
        _key(s): s
        for s in Standing.objects.select_for_update()
        .filter(duellist_id__in={r.duellist_id for r in results}, kind__in={ALL_KINDS, kind},
                format__in={ALL_FORMATS, format}, year__in={ALL_YEARS, *(r.year for r in results)})
        .filter(Q(season__isnull=True) | Q(season_id__in=season_ids))
    }
    to_update, to_create = [], []
    for key, key_results in wanted.items():
        standing = existing.get(key)
        tally = Tally.of(standing) if standing else Tally()
        for r in key_results:
            tally.add(outcome=r.outcome, points=r.champion_points, purse=r.purse,
                      chocogrenouille=r.chocogrenouille, at=r.recorded_at)
        if standing is None:
            to_create.append(_standing(key, tally))
        else:
            _copy(tally, standing)
            to_update.append(standing)
    lines_update(to_update)
    if to_create:
        Standing.objects.bulk_create(to_create)
        sizes_add(Counter(_key(s)[:4] for s in to_create))
    table_revision_bump()


def lines_update(lines: list[Standing]) -> None:
    """Store these lines' counters. On PostgreSQL one `UPDATE … FROM (VALUES …)`: a duel's few dozen
    lines without building one CASE per column and line (bulk_update) elsewhere."""
    if not lines:
        return
    if connection.vendor != "postgresql":
        Standing.objects.bulk_update(lines, [*COUNTERS, "reached_at"])
        return
    names = ["id", *COUNTERS, "reached_at"]
    values = ", ".join(["(" + ", ".join(["%s"] * (len(names) - 1)) + ", %s::timestamptz)"] * len(lines))
    assignments = ", ".join(f"{name} = v.{name}" for name in names[1:])
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE rankings_standing s SET {assignments} FROM (VALUES {values}) AS v({', '.join(names)}) "
            "WHERE s.id = v.id AND s.club_id = %s",  # raw SQL: only the active club's lines, as the ORM would
            [*(getattr(line, "pk" if name == "id" else name) for line in lines for name in names), current_club().pk],
        )


def _scope_filter(scope: ScopeKey) -> dict:
    season_id, kind, format, year = scope
    return {"season_id": season_id, "kind": kind, "format": format, "year": year}


def sizes_add(added: Counter[ScopeKey]) -> None:
    """Count new lines in their scopes' sizes (ScopeSize), atomically: two duels finishing at once may
    add lines to the same scope. A missing size row is created at 0 first (a concurrent creation is
    ignored), then incremented in the database; always in the same order, so that two transactions
    lock the rows they share in the same order (no deadlock)."""
    scopes = sorted(added, key=lambda scope: (scope[0] is not None, scope[0] or 0, *scope[1:]))
    ScopeSize.objects.bulk_create([ScopeSize(**_scope_filter(scope)) for scope in scopes], ignore_conflicts=True)
    for scope in scopes:
        ScopeSize.objects.filter(**_scope_filter(scope)).update(lines=F("lines") + added[scope])


def _standing(key: Key, tally: Tally) -> Standing:
    season_id, kind, format, year, duellist_id = key
    standing = Standing(season_id=season_id, kind=kind, format=format, year=year, duellist_id=duellist_id)
    _copy(tally, standing)
    return standing


def _copy(tally: Tally, standing: Standing) -> None:
    for f in fields(Tally):
        setattr(standing, f.name, getattr(tally, f.name))


def standings_compute(*, season: Season | None = None) -> dict[Key, Tally]:
    """Every line of the table recomputed from the Result rows (only one season's lines if given)."""
    calendar = SeasonCalendar([season] if season else None)
    results = Result.objects.order_by("recorded_at", "pk")
    if season is not None:
        tz = timezone.get_current_timezone()
        start = dt.datetime.combine(season.starts_on, dt.time.min, tzinfo=tz)
        end = dt.datetime.combine(season.ends_on + dt.timedelta(days=1), dt.time.min, tzinfo=tz)
        results = results.filter(recorded_at__gte=start, recorded_at__lt=end)
    rows = results.values_list(
        "duellist_id", "duel__kind", "duel__format", "year", "outcome", "champion_points", "purse",
        "chocogrenouille", "recorded_at",
    )
    tallies: dict[Key, Tally] = {}
    for duellist_id, kind, format, year, outcome, points, purse, choco, at in rows.iterator(chunk_size=10_000):
        seasons = calendar.season_ids(at) if season else (None, *calendar.season_ids(at))
        for key in scope_keys(season_ids=seasons, kind=kind, format=format, year=year, duellist_id=duellist_id):
            tally = tallies.get(key)
            if tally is None:
                tally = tallies[key] = Tally()
            tally.add(outcome=outcome, points=points, purse=purse, chocogrenouille=choco, at=at)
    return tallies


def sizes_of(lines: Iterable[Key]) -> Counter[ScopeKey]:
    """How many lines each scope has."""
    return Counter(key[:4] for key in lines)


@dataclass
class RebuildReport:
    missing: list[Key] = field(default_factory=list)  # lines the results call for, not stored
    extra: list[Key] = field(default_factory=list)  # stored lines no result calls for
    changed: list[tuple[Key, tuple, tuple]] = field(default_factory=list)  # (key, stored, expected)
    sizes: list[tuple[ScopeKey, int, int]] = field(default_factory=list)  # (scope, stored, expected lines)
    checked: int = 0
    fixed: bool = False

    @property
    def differences(self) -> int:
        return len(self.missing) + len(self.extra) + len(self.changed) + len(self.sizes)
