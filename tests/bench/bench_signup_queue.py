"""Benchmark: the staff's sign-up queue (/staff/demandes/) at two sizes, on a throwaway database.

    python tests/bench/bench_signup_queue.py                        # SQLite in the temp folder
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/x python tests/bench/bench_signup_queue.py

Small: 2 pending requests and 50 members without an account; large: 200 pending requests and 5,000
members without an account (anyone may add pending requests). In one process (django.test.Client, a
superuser signed in), each size's median over BENCH_ROUNDS requests of the first page, its size in bytes
and its queries, against the login floor timed in the same run (a view that only reads the session and
the user). Goal: the large queue ≤ 3× the small one in time, with the same number of queries (its bytes
are a page of 25 requests at most, never a list of the members). The exit status is 0 when the goal is met. Not a test (pytest does not collect bench_*.py).
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
os.environ.pop("REDIS_URL", None)  # local-memory cache: the page and the database are what is measured

ROUNDS = int(os.environ.get("BENCH_ROUNDS", 7))
SIZES = {"small": (2, 50), "large": (200, 5_000)}
GOAL = 3.0


def fill(requests: int, members: int) -> None:
    """`members` members without an account and `requests` pending requests (half of them named like a
    member), replacing the previous size's rows."""
    from accounts.models import Duellist, SignupRequest

    SignupRequest.objects.all().delete()
    Duellist.objects.filter(user__isnull=True).delete()
    joined = dt.date(2024, 1, 1)
    Duellist.objects.bulk_create([
        Duellist(forum_id=100_000 + n, forum_name=f"Membre {n}", forum_joined_on=joined, forum_post_count=80,
                 homework_year=1 + n % 8) for n in range(members)
    ], batch_size=1000)
    SignupRequest.objects.bulk_create([
        SignupRequest(forum_name=f"Membre {n * 7}" if n % 2 else f"Nouveau {n}", email=f"m{n}@example.org")
        for n in range(requests)
    ])


def measure(client, url: str) -> tuple[float, int, int]:
    """Median seconds over ROUNDS, bytes and queries of the last request."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client.get(url)  # templates compiled, caches warm: not what is measured
    times = []
    for _ in range(ROUNDS):
        started = time.perf_counter()
        response = client.get(url)
        times.append(time.perf_counter() - started)
        assert response.status_code == 200, (url, response.status_code)
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    return statistics.median(times), len(response.content), len(queries)


def main() -> int:
    import django

    django.setup()
    from django.test import Client
    from django.test.utils import setup_test_environment

    from accounts.models import User
    from tests.bench.throwaway_db import throwaway_database

    setup_test_environment()
    with throwaway_database("signup_queue"):
        staff = User.objects.create_superuser("bench-staff", "staff@example.org", "x")
        client = Client()
        client.force_login(staff)
        floor, _floor_bytes, _floor_queries = measure(client, "/mot-de-passe/")
        rows = {}
        for label, (requests, members) in SIZES.items():
            fill(requests, members)
            rows[label] = measure(client, "/staff/demandes/")
            seconds, size, queries = rows[label]
            print(f"{label:>6}: {requests:>4} requests, {members:>5} members: {seconds * 1000:8.1f} ms "
                  f"({seconds / floor:6.1f}× the floor), {size:>10,} bytes, {queries} queries")
        (small, small_bytes, small_queries), (large, large_bytes, large_queries) = rows["small"], rows["large"]
        time_ratio, bytes_ratio = large / small, large_bytes / small_bytes
        print(f"floor (password page): {floor * 1000:.1f} ms")
        print(f"large ÷ small: time {time_ratio:.2f}×, bytes {bytes_ratio:.2f}×, queries {small_queries} → "
              f"{large_queries} (goal: ≤ {GOAL:.0f}× and the same queries)")
    return 0 if time_ratio <= GOAL and large_queries == small_queries else 1


if __name__ == "__main__":
    sys.exit(main())
