"""Rebuilding the champions table from the results: recompute, compare with the stored lines, fix.

On PostgreSQL the comparison runs in the database (`standings_sql`); elsewhere the results are folded
here with the counters of `standings` (the same fold the incremental updates use)."""
from __future__ import annotations

from django.db import connection, transaction

from rankings.models import ScopeSize, Season, Standing
from rankings.services.standings import (
    COUNTERS,
    Key,
    RebuildReport,
    ScopeKey,
    _scope_filter,
    _standing,
    sizes_of,
    standings_compute,
    table_revision_bump,
)
from rankings.services.standings_sql import rebuild_in_database


@transaction.atomic
def standings_rebuild(*, season: Season | None = None, fix: bool = True) -> RebuildReport:
    """Recompute the table from the results, compare with the stored lines, and (with `fix`) write
    the differences: create missing lines, delete extra ones, correct changed ones. Stored lines are
    read as plain values (hundreds of thousands of them); model instances only for what changes.
    On PostgreSQL the comparison runs in the database (rankings.services.standings_sql)."""
    if connection.vendor == "postgresql":
        return rebuild_in_database(season=season, fix=fix)
    return rebuild_in_python(season=season, fix=fix)


def rebuild_in_python(*, season: Season | None = None, fix: bool = True) -> RebuildReport:
    """`standings_rebuild` by folding every result here (`standings_compute`), the stored lines locked."""
    expected = standings_compute(season=season)
    stored_rows = Standing.objects.select_for_update()
    if season is not None:
        stored_rows = stored_rows.filter(season=season)
    report = RebuildReport(checked=len(expected))
    seen: set[Key] = set()
    to_delete, to_update = [], []
    columns = ("pk", "season_id", "kind", "format", "year", "duellist_id", *COUNTERS, "reached_at")
    for pk, *key_values, reached_at in stored_rows.values_list(*columns).iterator(chunk_size=10_000):
        key = tuple(key_values[:5])
        have = (*key_values[5:], reached_at)
        tally = expected.get(key)
        if tally is None or key in seen:
            report.extra.append(key)
            to_delete.append(pk)
            continue
        seen.add(key)
        want = tally.as_tuple()
        if have != want:
            report.changed.append((key, have, want))
            standing = _standing(key, tally)
            standing.pk = pk
            to_update.append(standing)
    report.missing = [key for key in expected if key not in seen]
    stored_sizes = ScopeSize.objects.select_for_update()
    if season is not None:
        stored_sizes = stored_sizes.filter(season=season)
    have_sizes = dict.fromkeys(sizes_of(expected), 0)  # stored sizes; scopes without lines may have a 0 row
    size_pks: dict[ScopeKey, list[int]] = {}
    for pk, *scope, lines in stored_sizes.values_list("pk", "season_id", "kind", "format", "year", "lines"):
        scope = tuple(scope)
        have_sizes[scope] = have_sizes.get(scope, 0) + lines
        size_pks.setdefault(scope, []).append(pk)
    want_sizes = sizes_of(expected)
    report.sizes = [(scope, have, want_sizes.get(scope, 0)) for scope, have in have_sizes.items()
                    if have != want_sizes.get(scope, 0)]
    if fix and report.differences:
        for start in range(0, len(to_delete), 5_000):
            Standing.objects.filter(pk__in=to_delete[start:start + 5_000]).delete()
        Standing.objects.bulk_update(to_update, [*COUNTERS, "reached_at"], batch_size=2_000)
        Standing.objects.bulk_create([_standing(key, expected[key]) for key in report.missing], batch_size=2_000)
        for scope, _have, want in report.sizes:
            ScopeSize.objects.filter(pk__in=size_pks.get(scope, ())).delete()
            if want:
                ScopeSize.objects.create(**_scope_filter(scope), lines=want)
        report.fixed = True
        table_revision_bump()
    return report
