"""Benchmark: the rankings API against the framework's floor, on a throwaway database.

    DEBUG=1 python tests/bench/bench_api.py                        # SQLite (a temporary file)
    DEBUG=1 DATABASE_URL=postgres://postgres@127.0.0.1:5432/estrade_dev python tests/bench/bench_api.py

Creates a fresh database (SQLite file in the temp dir, or `test_<name>` next to the PostgreSQL database
of DATABASE_URL), seeds 10,000 duellists and 100,000 finished duels (80 % 1v1, 20 % 2v2) with bulk
inserts, builds the champions table with `standings_rebuild`, then measures in one process the median
latency of GET /api/v1/rankings/ (first page; filtered by season; filtered by season, kind, format and
year) against a trivial DRF endpoint defined here (same middleware, authentication, permission and
throttling: the framework's floor), and the queries each makes. Goal: ≤ 2× the floor, ≤ 5 queries.
Two columns: served (the page cached for the table's revision: what a reader gets between two
changes of the table) and uncached (cache and revision cleared before each request: the first
request after a change, or a new filter or page). The exit status is the served goal and the queries;
each line says whether the uncached figure is within 2× too. The database is dropped at the end. Not a test (pytest does not collect bench_*.py).
"""
from __future__ import annotations

import datetime as dt
import hashlib
import os
import random
import statistics
import sys
import time
import types
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository, when run as a script
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DEBUG", "1")
os.environ["ALLOWED_HOSTS"] = "testserver"
# Throttling stays on (both endpoints pay it) with a rate the benchmark cannot reach.
os.environ["API_THROTTLE_ANON"] = "1000000/s"
os.environ["API_THROTTLE_USER"] = "1000000/s"
os.environ.setdefault("LOG_LEVEL", "WARNING")

DUELLISTS = int(os.environ.get("BENCH_DUELLISTS", 10_000))
DUELS = int(os.environ.get("BENCH_DUELS", 100_000))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", 400))
BATCH = 5_000
FIRST_DUEL = dt.datetime(2025, 1, 1, tzinfo=dt.UTC)  # then one every 10 minutes
warnings.filterwarnings("ignore", message="Limit for query logging exceeded")  # DEBUG's query log


def main() -> int:
    import django

    django.setup()
    from clubs.models import Club
    from clubs.scoping import activate_club
    from tests.bench.throwaway_db import throwaway_database

    with throwaway_database("api"):
        with activate_club(Club.objects.order_by("pk").first()):  # the home club (the API at /api/v1/)
            seasons = seed()
        return measure(seasons)


def seed():
    from django.db import connection, transaction

    from accounts.models import Duellist, User
    from duels.models import Duel, DuelFormat, DuelKind, DuelStatus, Participant
    from rankings.models import Result, SalaryScale, Season
    from rankings.services.rebuild import standings_rebuild
    from rankings.services.rewards import participant_outcome

    rng = random.Random(8)
    salary = dict(SalaryScale.objects.values_list("year", "daily_salary"))
    t0 = time.perf_counter()
    with transaction.atomic():
        referee = User.objects.create(username="arbitre", is_staff=True)
        duellists = Duellist.objects.bulk_create(
            [Duellist(forum_id=i + 1, forum_name=f"Duelliste {i + 1:05d}", forum_joined_on=dt.date(2024, 1, 1),
                      forum_post_count=100 + i % 500, character_name=f"Personnage {i + 1}",
                      rp_year=1 + i % 8, homework_year=1 + i % 8) for i in range(DUELLISTS)],
            batch_size=BATCH,
        )
        seasons = Season.objects.bulk_create([
            Season(name=f"Saison {n + 1}", slug=f"saison-{n + 1}", starts_on=dt.date(2025 + n // 2, 1 + 6 * (n % 2), 1),
                   ends_on=dt.date(2025 + n // 2, 6 + 6 * (n % 2), 30 if n % 2 == 0 else 31))
            for n in range(4)
        ])
        duels = []
        for n in range(DUELS):
            finished = FIRST_DUEL + dt.timedelta(minutes=n * 10 + rng.randrange(10))  # two years of duels
            draw = rng.random() < 0.1
            seed_hex = hashlib.sha256(n.to_bytes(4, "big")).hexdigest()
            duels.append(Duel(
                kind=DuelKind.RP if rng.random() < 0.5 else DuelKind.NON_RP,
                format=DuelFormat.TWO_V_TWO if rng.random() < 0.2 else DuelFormat.ONE_V_ONE,
                status=DuelStatus.FINISHED, referee=referee, seed=seed_hex,
                seed_sha256=hashlib.sha256(seed_hex.encode()).hexdigest(), turn=rng.randint(2, 8),
                winner_team=None if draw else rng.choice((1, 2)), is_draw=draw,
                created_at=finished - dt.timedelta(days=5), started_at=finished - dt.timedelta(days=4),
                finished_at=finished,
            ))
        duels = Duel.objects.bulk_create(duels, batch_size=BATCH)
        participants = []
        for duel in duels:
            size = 4 if duel.format == DuelFormat.TWO_V_TWO else 2
            for index, duellist in enumerate(rng.sample(duellists, size)):
                participants.append(Participant(
                    duel=duel, duellist=duellist, engine_id=f"d{index}", team=1 + index % 2,
                    year=duellist.rp_year, disqualified=rng.random() < 0.02,
                ))
        participants = Participant.objects.bulk_create(participants, batch_size=BATCH)
        results = []
        for participant in participants:
            outcome = participant_outcome(participant, participant.duel)
            results.append(Result(
                duel_id=participant.duel_id, participant=participant, duellist_id=participant.duellist_id,
                year=participant.year, outcome=outcome, champion_points=int(outcome == "win"),
                purse={"win": 4, "draw": 2}.get(outcome, 0) * salary.get(participant.year, 0),
                chocogrenouille=outcome == "loss", recorded_at=participant.duel.finished_at,
            ))
        Result.objects.bulk_create(results, batch_size=BATCH)
    print(f"Seeded {len(duellists):,} duellists, {len(duels):,} duels, {len(participants):,} results in "
          f"{time.perf_counter() - t0:.1f} s")
    t0 = time.perf_counter()
    report = standings_rebuild(fix=True)
    print(f"standings_rebuild: {len(report.missing):,} table lines built in {time.perf_counter() - t0:.1f} s")
    t0 = time.perf_counter()
    with connection.cursor() as cursor:  # statistics, as a database in service has them
        cursor.execute("VACUUM ANALYZE" if connection.vendor == "postgresql" else "ANALYZE")
    print(f"{'VACUUM ANALYZE' if connection.vendor == 'postgresql' else 'ANALYZE'}: {time.perf_counter() - t0:.1f} s")
    t0 = time.perf_counter()
    again = standings_rebuild(fix=False)
    print(f"standings_rebuild again: {again.differences} differences ({time.perf_counter() - t0:.1f} s)")
    return seasons


def bench_urls():
    from django.urls import include, path
    from rest_framework.response import Response
    from rest_framework.views import APIView

    class Floor(APIView):
        """The framework's floor: same stack (auth, permission, throttles, JSON renderer), no work."""

        def get(self, request):
            return Response({"ok": True})

    module = types.ModuleType("bench_urls")
    # Under /api/v1/: served for the home club like the API (the same club lookup by the middleware).
    module.urlpatterns = [path("api/v1/bench/floor/", Floor.as_view()), path("", include("config.urls"))]
    sys.modules["bench_urls"] = module
    return "bench_urls"


def measure(seasons) -> int:
    from django.conf import settings
    from django.core.cache import cache
    from django.db import connection, reset_queries
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import clear_url_caches, set_urlconf

    from rankings.selectors import forget_table_revision

    settings.ROOT_URLCONF = bench_urls()
    clear_url_caches()
    set_urlconf(None)
    last_duel = (FIRST_DUEL + dt.timedelta(minutes=DUELS * 10)).date()
    season = [s for s in seasons if s.starts_on <= last_duel][-1].slug  # the latest season with duels
    urls = {
        "floor (trivial DRF view)": "/api/v1/bench/floor/",
        "rankings, first page": "/api/v1/rankings/",
        "rankings, by season": f"/api/v1/rankings/?season={season}",
        "rankings, season+kind+format+year": f"/api/v1/rankings/?season={season}&kind=rp&format=1v1&year=3",
        f"rankings, page {DUELLISTS // 100} (middle)": f"/api/v1/rankings/?page={max(1, DUELLISTS // 100)}",
    }
    client = Client()
    queries: dict[str, tuple[int, int]] = {}
    for label, url in urls.items():
        cache.clear()
        forget_table_revision()
        counts = []
        for _ in range(2):  # uncached, then served from the cache
            with CaptureQueriesContext(connection) as captured:
                response = client.get(url)
            assert response.status_code == 200, (url, response.status_code, response.content[:300])
            counts.append(len(captured))
            if os.environ.get("BENCH_SQL") and len(counts) == 1:  # the uncached request's statements
                print(label, *(q["sql"][:200] for q in captured.captured_queries), sep="\n  ")
        queries[label] = tuple(counts)
        for _ in range(30):
            client.get(url)
        reset_queries()
    cached: dict[str, list[float]] = {label: [] for label in urls}
    uncached: dict[str, list[float]] = {label: [] for label in urls}
    rng = random.Random(6)
    order = list(urls.items())
    for _ in range(ROUNDS):
        for timings, clear in ((cached, False), (uncached, True)):
            rng.shuffle(order)
            for label, url in order:
                if clear:
                    cache.clear()  # also resets the throttle history: both columns pay the same
                    forget_table_revision()
                else:
                    client.get(url)  # make sure it is cached (the uncached pass cleared it)
                t0 = time.perf_counter()
                client.get(url)
                timings[label].append((time.perf_counter() - t0) * 1000)
            reset_queries()  # DEBUG keeps a query log
    floor_hot = statistics.median(cached["floor (trivial DRF view)"])
    floor_cold = statistics.median(uncached["floor (trivial DRF view)"])
    ok = True
    print(f"\n{ROUNDS} rounds in random order, median latency in process (django.test.Client), {connection.vendor}.")
    print(f"Served: pages cached until the table's revision changes, the revision re-read at most once a "
          f"second (floor {floor_hot:.3f} ms) | uncached: cache and revision cleared before each request "
          f"(floor {floor_cold:.3f} ms)")
    for label in urls:
        if label.startswith("floor"):
            continue
        hot, cold = statistics.median(cached[label]), statistics.median(uncached[label])
        good = hot / floor_hot <= 2 and max(queries[label]) <= 5
        ok &= good
        cold_verdict = "uncached ok" if cold / floor_cold <= 2 else "uncached over 2×"
        print(f"  {label:36s} {hot:7.3f} ms {hot / floor_hot:4.2f}× {queries[label][1]} q | "
              f"{cold:7.3f} ms {cold / floor_cold:5.2f}× {queries[label][0]} q  "
              f"{'served ok' if good else 'served OVER GOAL'}, {cold_verdict}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
