"""Benchmark: the house cup with a long ledger. Its standings page, its forum band's data, its API and the
ledger page, with BENCH_ENTRIES entries from September 2025 to today (20,000 by default: years of a busy forum's
points; 200,000 shows where sums over the ledger start to cost), against the login floor timed in
the same run (this machine is shared: the ratio is the figure), on a throwaway database.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/estrade_dev python tests/bench/bench_cup.py
    BENCH_ENTRIES=20000 BENCH_ROUNDS=40 python tests/bench/bench_cup.py    # the defaults

Runs with DEBUG=0 (tests/bench/environment.py). The entries are bulk-inserted (the ledger's rows as the
services write them: manual points and duel points with their reversals), then each page is asked
BENCH_ROUNDS times in random order; the band's data is asked uncached (its 30 s cache cleared before
each request), as the first forum page after a change gets it. A total is always a sum over the ledger:
the figure says what that costs. Prints each page's median as a ratio to the floor and its queries. Goal:
the same queries at 1,000 and at BENCH_ENTRIES entries, and within GOALS of the floor with BENCH_ENTRIES
(the forum band and the API's cup, read on every forum page, within 5×; the standings of the period with
its chart within 10×; the ledger's first page, 50 rows rendered, within 12× for the API and 15× for the
page). « All time » sums the whole ledger: printed, not judged. Exit status 0 when met.
Not a test.
"""
from __future__ import annotations

import datetime as dt
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository, when run as a script
from tests.bench.environment import production_environment  # noqa: E402 - needs ROOT on the path

production_environment()

ENTRIES = int(os.environ.get("BENCH_ENTRIES", 20_000))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", 40))
GOALS = {"standings + chart (school year)": 10, "forum band data, uncached": 5, "API: the cup": 5,
         "API: the ledger, first page": 12, "ledger page, first page": 15}
FLOOR = "floor (login, in the club)"
FIRST_ENTRY = dt.datetime(2025, 9, 1, tzinfo=dt.UTC)


def main() -> int:
    import django

    django.setup()
    from clubs.models import Club
    from clubs.scoping import activate_club
    from tests.bench.throwaway_db import throwaway_database

    with throwaway_database("cup"):
        home = Club.objects.order_by("pk").first()
        with activate_club(home):
            user = seed(1_000)
        small = measure(home, user, "1,000 entries")
        with activate_club(home):
            seed(ENTRIES - 1_000)
        large = measure(home, user, f"{ENTRIES:,} entries")
    ok = True
    for name, (ratio, queries) in large.items():
        same = queries == small[name][1]
        goal = GOALS.get(name)
        ok &= same and (goal is None or ratio <= goal)
        print(f"  {name:34} {small[name][0]:6.2f}× → {ratio:6.2f}× the floor (goal {goal or '—'}); queries "
              f"{small[name][1]} → {queries}{'' if same else '  (grew!)'}")
    print("Goal met." if ok else "Goal missed (see GOALS; queries flat).")
    return 0 if ok else 1


def seed(count: int):
    """`count` entries over two school years up to today, a tenth of them duel points of which a tenth
    reversed. Returns the staff account the pages are read with."""
    from django.db import connection, transaction

    from accounts.models import User
    from clubs.models import Membership
    from clubs.scoping import current_club
    from cup.models import Cause, House, LedgerEntry

    rng = random.Random(count)
    user, _ = User.objects.get_or_create(username="intendant")
    Membership.objects.get_or_create(user=user, club=current_club(), defaults={"is_staff": True})
    houses = list(House.objects.all())
    span = (dt.datetime.now(dt.UTC) - FIRST_ENTRY).total_seconds()
    started = time.perf_counter()
    with transaction.atomic():
        rows = []
        for _ in range(count):
            moment = FIRST_ENTRY + dt.timedelta(seconds=rng.uniform(0, span))
            cause = Cause.DUEL if rng.random() < 0.1 else Cause.MANUAL
            rows.append(LedgerEntry(house=rng.choice(houses), points=rng.choice([-5, 5, 10, 15, 20]),
                                    reason="" if cause == Cause.DUEL else "Cours de potions", cause=cause,
                                    outcome="win" if cause == Cause.DUEL else "", created_by=user,
                                    created_at=moment, occurred_at=moment))
        LedgerEntry.objects.bulk_create(rows, batch_size=5_000)
        originals = [row for row in rows if row.cause == Cause.DUEL][: count // 100]
        LedgerEntry.objects.bulk_create([
            LedgerEntry(house_id=row.house_id, points=-row.points, cause=Cause.CORRECTION, reverses=row,
                        created_at=row.created_at, occurred_at=row.occurred_at) for row in originals])
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE cup_ledgerentry")  # what autovacuum does after such an insert
    print(f"Seeded {count:,} entries in {time.perf_counter() - started:.1f} s")
    return user


def measure(club, user, label: str) -> dict:
    from django.conf import settings
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import clear_url_caches, set_urlconf

    settings.ROOT_URLCONF = "tests.bench.floor_urls"
    clear_url_caches()
    set_urlconf(None)
    viewer, visitor = Client(), Client()
    viewer.force_login(user)
    root = f"/{club.slug}"
    requests = {
        FLOOR: (viewer, f"{root}/bench/floor/", False),
        "standings + chart (school year)": (visitor, f"{root}/coupe/", False),
        "standings, all time": (visitor, f"{root}/coupe/?period=all", False),
        "forum band data, uncached": (visitor, f"{root}/coupe/bandeau/", True),
        "API: the cup": (visitor, f"/api/v1/clubs/{club.slug}/cup/", False),
        "API: the ledger, first page": (visitor, f"/api/v1/clubs/{club.slug}/cup/ledger/", False),
        "ledger page, first page": (visitor, f"{root}/coupe/journal/", False),
    }
    queries = {}
    for name, (client, url, uncached) in requests.items():
        for _ in range(2):  # warm up (the club's address)
            response = client.get(url)
        assert response.status_code == 200, (name, url, response.status_code, response.content[:300])
        if uncached:
            cache.clear()
        with CaptureQueriesContext(connection) as captured:
            client.get(url)
        queries[name] = len(captured)
    timings = {name: [] for name in requests}
    order = list(requests.items())
    rng = random.Random(37)
    for _ in range(ROUNDS):
        rng.shuffle(order)
        for name, (client, url, uncached) in order:
            if uncached:
                cache.clear()
            t0 = time.perf_counter()
            client.get(url)
            timings[name].append((time.perf_counter() - t0) * 1000)
    medians = {name: statistics.median(values) for name, values in timings.items()}
    floor = medians[FLOOR]
    print(f"\n{label} ({connection.vendor}, DEBUG=0): login floor {floor:.2f} ms")
    for name in requests:
        print(f"  {name:34} {medians[name]:8.2f} ms  {medians[name] / floor:6.2f}×  {queries[name]} queries")
    return {name: (medians[name] / floor, queries[name]) for name in requests}


if __name__ == "__main__":
    sys.exit(main())
