"""Benchmark: the deadline sweep per overdue window, against a one-row write transaction, on a throwaway database.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/estrade_dev python tests/bench/bench_sweep.py
    BENCH_OPEN=10000 BENCH_OVERDUE=1000 python tests/bench/bench_sweep.py

Runs with DEBUG=0. Creates a fresh database (`test_<name>` next to the one of DATABASE_URL, or a
temporary SQLite file), plays one 1v1 duel through the services up to "a has posted, b is expected"
(the real 52-spell catalog), then clones it in bulk: BENCH_OPEN running duels (5,000 by default), each
with its open action window, of which BENCH_OVERDUE (1,000) are past b's deadline. Measures:

- the floor: a one-row write transaction (BEGIN; UPDATE one duel row; COMMIT), median of 200;
- one sweep (`window_expire_overdue`, its after-commit notices included) expiring the overdue windows:
  wall time and statements, per window, and the ratio per window to the floor.

Goals: ≤ 3× the floor per overdue window, ≤ 5 statements per window amortised. The exit
status is 0 when both are met. Not a test (pytest does not collect bench_*.py).
"""
from __future__ import annotations

import datetime as dt
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository, when run as a script
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ["DEBUG"] = "0"
os.environ.setdefault("SECRET_KEY", "bench-only-" + "x" * 40)
os.environ.setdefault("LOG_LEVEL", "WARNING")
os.environ["EMAIL_BACKEND"] = "django.core.mail.backends.locmem.EmailBackend"

OPEN = int(os.environ.get("BENCH_OPEN", 5_000))
OVERDUE = int(os.environ.get("BENCH_OVERDUE", 1_000))


def main() -> int:
    import django

    django.setup()
    from tests.bench.throwaway_db import throwaway_database

    with throwaway_database("sweep"):
        now = seed()
        return measure(now)


def seed() -> dt.datetime:
    """OPEN clones of one running duel (a posted, b expected) in the home club; the first OVERDUE are
    past b's deadline."""
    from clubs.models import Club
    from clubs.scoping import activate_club
    from tests.bench.seeding import analyze, duels_clone, model_duel_play

    club = Club.objects.order_by("pk").first()
    with activate_club(club):
        model = model_duel_play()
    now = model.start + dt.timedelta(hours=49)
    later = now + dt.timedelta(hours=24)
    t0 = time.perf_counter()
    a, b = model.duellists
    duels_clone(model, [(club.pk, a.pk, b.pk, model.window.due_at if i < OVERDUE else later) for i in range(OPEN)])
    analyze()
    print(f"Seeded {OPEN + 1:,} running duels, {OVERDUE + 1:,} overdue, in {time.perf_counter() - t0:.1f} s")
    return now


def measure(now: dt.datetime) -> int:
    from django.db import connection, transaction
    from django.db.models import F

    from clubs.scoping import scopes_disabled
    from duels.models import Duel, Fault, Window
    from duels.services import window_expire_overdue

    with scopes_disabled():
        some = list(Duel.objects.values_list("pk", flat=True)[:200])
        for pk in some[:20]:  # warm up
            with transaction.atomic():
                Duel.objects.filter(pk=pk).update(turn=F("turn"))
        floor_times = []
        for pk in some:
            t0 = time.perf_counter()
            with transaction.atomic():
                Duel.objects.filter(pk=pk).update(turn=F("turn"))
            floor_times.append((time.perf_counter() - t0) * 1000)
    floor = statistics.median(floor_times)
    statements = []

    def counted(execute, sql, params, many, context):  # every statement, with no cap (DEBUG's log keeps 9,000)
        statements.append(sql)
        return execute(sql, params, many, context)

    t0 = time.perf_counter()
    with connection.execute_wrapper(counted):
        report = window_expire_overdue(now=now)  # outside any club, as the worker calls it
    elapsed = (time.perf_counter() - t0) * 1000
    windows = len(report.expired_windows)
    assert windows == OVERDUE + 1 and not report.failed_windows, report.describe()[:300]
    with scopes_disabled():
        assert Fault.objects.count() == windows and not Window.objects.filter(state="open", due_at__lte=now).exists()
    per_window, per_window_statements = elapsed / windows, len(statements) / windows
    ratio = per_window / floor
    print(f"\n{connection.vendor}, DEBUG=0. One-row write transaction (floor): {floor:.3f} ms (median of {len(some)}).")
    print(f"Sweep: {windows:,} overdue windows among {OPEN + 1:,} open in {elapsed:,.0f} ms, {len(statements):,} statements")
    print(f"  per window: {per_window:.3f} ms = {ratio:.2f}× the floor, {per_window_statements:.2f} statements "
          f"({'within' if ratio <= 3 and per_window_statements <= 5 else 'OVER'} the goals: ≤ 3×, ≤ 5 statements)")
    return 0 if ratio <= 3 and per_window_statements <= 5 else 1


if __name__ == "__main__":
    sys.exit(main())
