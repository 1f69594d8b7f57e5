"""Recomputing only some lines of the champions table: those a corrected (or late) result touches.

A correction that changes a finished duel's outcome replaces its results. Each result counts in the
lines of its duellist's scopes (`scope_keys`: 8 per all-time or season family); only those lines can
change, so only they are recomputed, from their duellists' results (a few hundred rows at most), and
only they are locked. The fold is the one `standings_rebuild` uses (`Tally.add`), so the lines equal
what a full recompute gives (`manage.py rankings_rebuild --check` proves it).
"""
from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterable
from functools import reduce
from operator import or_

from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from rankings.models import Result, ScopeSize, Season, Standing
from rankings.services.standings import (
    Key,
    ScopeKey,
    SeasonCalendar,
    Tally,
    _copy,
    _scope_filter,
    _standing,
    lines_update,
    scope_keys,
    sizes_add,
    table_revision_bump,
)

ResultPlace = tuple[int, int, dt.datetime]  # (duellist_id, year fought at, recorded_at)


def result_places(results: Iterable[Result]) -> list[ResultPlace]:
    return [(r.duellist_id, r.year, r.recorded_at) for r in results]


def lines_of(places: Iterable[ResultPlace], *, kind: str, format: str) -> set[Key]:
    """Every line these results (of one duel's kind and format) count in."""
    places = list(places)
    if not places:
        return set()
    days = [timezone.localdate(at) for _d, _y, at in places]
    calendar = SeasonCalendar(Season.objects.filter(starts_on__lte=max(days), ends_on__gte=min(days)))
    keys: set[Key] = set()
    for duellist_id, year, at in places:
        keys.update(scope_keys(season_ids=(None, *calendar.season_ids(at)), kind=kind, format=format, year=year,
                               duellist_id=duellist_id))
    return keys


def _exactly(keys: Iterable[Key]) -> Q:
    return reduce(or_, (Q(season_id=s, kind=k, format=f, year=y, duellist_id=d) if s is not None
                        else Q(season__isnull=True, kind=k, format=f, year=y, duellist_id=d)
                        for s, k, f, y, d in keys))


@transaction.atomic
def standings_refresh(*, keys: set[Key]) -> int:
    """Recompute these lines from the results and store them (create, correct or delete); lock only
    them, in primary-key order. Returns how many lines changed."""
    if not keys:
        return 0
    stored = {(s.season_id, s.kind, s.format, s.year, s.duellist_id): s
              for s in Standing.objects.select_for_update().filter(_exactly(keys)).order_by("pk")}
    expected = _recompute(keys)
    to_update, to_create, to_delete = [], [], []
    for key in keys:
        line, tally = stored.get(key), expected.get(key)
        if tally is None:
            if line is not None:
                to_delete.append(line)
        elif line is None:
            to_create.append(_standing(key, tally))
        elif Tally.of(line).as_tuple() != tally.as_tuple():
            _copy(tally, line)
            to_update.append(line)
    lines_update(to_update)
    if to_create:
        Standing.objects.bulk_create(to_create)
        sizes_add(Counter(key[:4] for key in (_key_of(s) for s in to_create)))
    if to_delete:
        Standing.objects.filter(pk__in=[line.pk for line in to_delete]).delete()
        _sizes_remove(Counter(_key_of(line)[:4] for line in to_delete))
    changed = len(to_update) + len(to_create) + len(to_delete)
    if changed:
        table_revision_bump()
    return changed


def _recompute(keys: set[Key]) -> dict[Key, Tally]:
    """The wanted lines folded from their duellists' results (read after the lines were locked)."""
    season_ids = {key[0] for key in keys if key[0] is not None}
    calendar = SeasonCalendar(Season.objects.filter(pk__in=season_ids))
    rows = Result.objects.filter(duellist_id__in={key[4] for key in keys}).values_list(
        "duellist_id", "duel__kind", "duel__format", "year", "outcome", "champion_points", "purse",
        "chocogrenouille", "recorded_at",
    )
    tallies: dict[Key, Tally] = {}
    for duellist_id, kind, format, year, outcome, points, purse, choco, at in rows:
        for key in scope_keys(season_ids=(None, *calendar.season_ids(at)), kind=kind, format=format, year=year,
                              duellist_id=duellist_id):
            if key in keys:
                tally = tallies.get(key)
                if tally is None:
                    tally = tallies[key] = Tally()
                tally.add(outcome=outcome, points=points, purse=purse, chocogrenouille=choco, at=at)
    return tallies


def _key_of(line: Standing) -> Key:
    return (line.season_id, line.kind, line.format, line.year, line.duellist_id)


def _sizes_remove(removed: Counter[ScopeKey]) -> None:
    """Lines deleted from their scopes' sizes, in the same order `sizes_add` locks them."""
    for scope in sorted(removed, key=lambda scope: (scope[0] is not None, scope[0] or 0, *scope[1:])):
        ScopeSize.objects.filter(**_scope_filter(scope)).update(lines=F("lines") - removed[scope])


def results_withdraw(*, duel) -> list[ResultPlace]:
    """A correction changed the duel's result: its results are removed, and where they counted is
    returned for `results_corrected` (the caller's transaction records the corrected ones first)."""
    old = Result.objects.filter(duel=duel)
    places = result_places(old)
    old.delete()
    return places


def results_corrected(*, duel, withdrawn: list[ResultPlace]) -> int:
    """Once the corrected results are recorded: recompute, in place, every line the withdrawn and the new
    results count in. Returns how many lines changed."""
    now_counted = result_places(Result.objects.filter(duel=duel))
    return standings_refresh(keys=lines_of([*withdrawn, *now_counted], kind=duel.kind, format=duel.format))
