"""Benchmark: what the club's history costs, at two sizes, on throwaway PostgreSQL databases.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/estrade_dev python tests/bench/bench_history.py
    BENCH_SIZES=S python tests/bench/bench_history.py         # one size only
    BENCH_ROUNDS=9 ...                                        # timed requests per figure (fewer when slow)

Sizes: S = 200 members, 306 finished duels, 1 season; L = 10,000 members, 15,015 finished duels,
10 seasons. How a size is built (DEBUG=0, as served; tests/bench/history_build.py):

1. the members (users and duellist profiles) in bulk;
2. three duels PLAYED THROUGH THE REAL SERVICES (matchmaking, referee, start, posts, declarations, the
   last one finishing the duel: results, standings, notices, audit rows), one refereed by a "busy
   referee"; they are the templates;
3. the templates COPIED IN SQL (`INSERT … SELECT … CROSS JOIN generate_series`) until the size is
   reached: every row of the duels, participants, windows, slots, posts, declarations, results, the
   notices sent while they were played and their audit rows, with new ids, the participants spread over
   the members (one veteran plays 198 of them), and each copy dated one step further back in time;
4. the seasons spread over that time, and the champions table built from the results
   (`standings_rebuild`);
5. 60 running duels waiting for the busy referee's declaration (one played, copied), and for the
   corrections a few freshly played duels that finished minutes ago.

Then, in one process (django.test.Client), each figure's median against the login floor timed in the
same run (a view that only reads the session and the user), and the queries of the first request.
Prints the table of the club's history (S, L, L ÷ S) and the database's size per finished duel, before
and after the notices' pruning when there is one. The exit status is 0: this script reports, it does
not judge. Not a test (pytest does not collect it). PostgreSQL only (the copying is PostgreSQL SQL).
"""
from __future__ import annotations

import datetime as dt
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository, when run as a script
from tests.bench.environment import production_environment  # noqa: E402 - needs ROOT on the path

production_environment()
os.environ.pop("REDIS_URL", None)  # tasks eager, local-memory cache: the database is what is measured

CHOSEN = os.environ.get("BENCH_SIZES", "S,L").split(",")
ROUNDS = int(os.environ.get("BENCH_ROUNDS", 9))
BUDGET_SECONDS = 4.0  # per figure: fewer rounds (at least 3) when one request is slow
FLOOR = "login floor"


def main() -> int:
    import django

    django.setup()
    from django.db import connection

    from tests.bench.history_build import build
    from tests.bench.throwaway_db import throwaway_database

    if connection.vendor != "postgresql":
        print("bench_history.py needs PostgreSQL (DATABASE_URL=postgres://…): the history is copied in SQL.")
        return 0
    figures = {}
    for size in CHOSEN:
        with throwaway_database(f"history_{size.lower()}"):
            figures[size] = measure(build(size, fresh=max(3, ROUNDS // 2)))
    report(figures)
    return 0


# --- measuring -----------------------------------------------------------------------------------------


def measure(data: dict) -> dict:
    from django.conf import settings
    from django.core.cache import caches
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import clear_url_caches, reverse, set_urlconf

    settings.ROOT_URLCONF = "tests.bench.floor_urls"
    clear_url_caches()
    set_urlconf(None)

    def client_of(user) -> Client:
        client = Client()
        client.force_login(user)
        return client

    veteran, referee, staff = client_of(data["veteran"].user), client_of(data["referee"]), client_of(data["staff"])
    last_page = max(1, -(-data["finished"] // 50))

    def uncached():
        for cache in caches.all(initialized_only=True):
            cache.clear()

    pages = {
        FLOOR: (veteran, "/bench/floor/", None),
        "statistics page, uncached": (veteran, reverse("rankings:statistics"), uncached),
        "referee dashboard (60 duels waiting)": (referee, reverse("duels:referee"), None),
        "admin audit log changelist": (staff, "/admin/audit/auditlog/", None),
        "home page, a veteran of 200 duels": (veteran, reverse("home"), None),
        "finished duels API, last page": (staff, f"/api/v1/duels/?status=finished&page={last_page}", None),
        "admin results": (staff, "/admin/rankings/result/", None),
        "admin duels": (staff, "/admin/duels/duel/", None),
        "\"Mes duels\", the veteran": (veteran, reverse("duels:dashboard"), None),
        "the veteran's record page": (veteran, reverse("rankings:duellist", args=[data["veteran"].forum_id]), None),
        "rewards page": (staff, reverse("rankings:rewards"), None),
    }
    figures: dict[str, tuple[float, int | None]] = {}
    floor_times: list[float] = []
    for label, (client, url, before) in pages.items():
        if before:
            before()
        with CaptureQueriesContext(connection) as captured:
            response = client.get(url)
        queries = len(captured)  # now: the next request's start empties the log this counts in
        assert response.status_code == 200, (label, url, response.status_code)
        times = []
        started_at = time.perf_counter()
        while len(times) < ROUNDS and (len(times) < 3 or time.perf_counter() - started_at < BUDGET_SECONDS):
            if before:
                before()
            t0 = time.perf_counter()
            client.get(url)
            times.append((time.perf_counter() - t0) * 1000)
            floor_times.append(timed(pages[FLOOR][0], "/bench/floor/"))
        figures[label] = (statistics.median(times), queries)
    figures[FLOOR] = (statistics.median(floor_times), 2)
    figures["correction changing a finished duel's outcome"] = correction_figure(data)
    times = []
    for _ in range(3):
        t0 = time.perf_counter()
        call_command("rankings_rebuild", stdout=open(os.devnull, "w"))  # noqa: SIM115
        times.append((time.perf_counter() - t0) * 1000)
    figures["manage.py rankings_rebuild"] = (statistics.median(times), None)
    checks(data)
    figures["database per finished duel (KB)"] = (database_kb() / data["finished"], None)
    pruned = prune()
    if pruned is not None:
        with connection.cursor() as cursor:
            cursor.execute("VACUUM FULL accounts_notification")  # give the pruned rows' room back
        figures["database per finished duel after pruning (KB)"] = (database_kb() / data["finished"], None)
    return figures


def checks(data: dict) -> None:
    """After the corrections: the table equals a full recompute, and so do the statistics' sums."""
    import io

    from django.core.management import call_command

    out = io.StringIO()
    try:
        call_command("rankings_rebuild", "--check", stdout=out)
        table = "passes"
    except SystemExit:
        table = "FAILS: " + out.getvalue().strip().splitlines()[-1]
    said = f"  rankings_rebuild --check after the corrections: {table}"
    try:
        from rankings.selectors.statistics import club_statistics, compute_statistics
    except ImportError:
        print(said)
        return
    t0 = time.perf_counter()
    full = compute_statistics()
    seconds = time.perf_counter() - t0
    kept = club_statistics()
    same = (kept.finished, kept.per_month, kept.average_turns, kept.dice.counts, kept.rolls_by_kind,
            [(s.slug, s.casts, s.rolled, s.won, s.odds_sum) for s in kept.spells]) == (
        full.finished, full.per_month, full.average_turns, full.dice.counts, full.rolls_by_kind,
        [(s.slug, s.casts, s.rolled, s.won, s.odds_sum) for s in full.spells])
    print(f"{said}; statistics kept {'equal' if same else 'DIFFER FROM'} a full recompute "
          f"(which takes {seconds:.1f} s)")


def timed(client, url) -> float:
    t0 = time.perf_counter()
    client.get(url)
    return (time.perf_counter() - t0) * 1000


def correction_figure(data: dict) -> tuple[float, int]:
    """The referee rules that the winner's fatal blow backfired: the loser wins (results, standings)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from duels.services.corrections import declaration_correct

    times, queries = [], None
    for _duel, declaration, hitter, _hit in data["fresh"]:
        with CaptureQueriesContext(connection) as captured:
            t0 = time.perf_counter()
            declaration_correct(declaration=declaration, by=data["referee"], reason="Sort interdit", adjustments=[
                {"target": hitter.engine_id, "kind": "pf", "delta": -30, "reason": "Retour du sort"}])
            times.append((time.perf_counter() - t0) * 1000)
        queries = queries or len(captured)
    return statistics.median(times), queries


def database_kb() -> float:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c JOIN pg_namespace n "
                       "ON n.oid = c.relnamespace WHERE c.relkind = 'r' AND n.nspname = 'public'")
        return cursor.fetchone()[0] / 1024


def prune():
    """The scheduled pruning of notices, a year after the history's last duel (None when there is none)."""
    try:
        from accounts.services.retention import notifications_prune
    except ImportError:
        return None
    from django.utils import timezone

    return notifications_prune(now=timezone.now() + dt.timedelta(days=365))


def report(figures: dict) -> None:
    sizes = list(figures)
    floors = {size: figures[size][FLOOR][0] for size in sizes}
    print("\nRatios to the login floor timed in the same run (queries of the first request in brackets); "
          "ms where the figure is not a page.")
    print("  login floor: " + ", ".join(f"{size} {floors[size]:.2f} ms" for size in sizes))
    header = f"  {'':48s}" + "".join(f"{size:>18s}" for size in sizes) + ("     L ÷ S" if len(sizes) > 1 else "")
    print(header)
    for label in figures[sizes[0]]:
        if label == FLOOR:
            continue
        cells, values = [], []
        for size in sizes:
            value, queries = figures[size].get(label, (None, None))
            if value is None:
                cells.append(f"{'–':>18s}")
                continue
            values.append(value)
            if label.startswith(("correction", "manage.py")):
                text = f"{value:.0f} ms" + (f" ({queries})" if queries else "")
            elif label.startswith("database"):
                text = f"{value:.1f} KB"
            else:
                text = f"{value / floors[size]:.1f}× ({queries})"
            cells.append(f"{text:>18s}")
        ratio = ""
        if len(values) == 2 and values[0]:
            own = [values[i] / (1 if label.startswith(("correction", "manage", "database")) else floors[s])
                   for i, s in enumerate(sizes)]
            ratio = f"{own[1] / own[0]:10.2f}"
        print(f"  {label:48s}" + "".join(cells) + ratio)


if __name__ == "__main__":
    sys.exit(main())
