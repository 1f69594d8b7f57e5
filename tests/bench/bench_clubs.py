"""Benchmark: one club among many. The same club's pages, API and deadline sweep with 1 club and with
BENCH_CLUBS clubs of BENCH_DUELS running duels each, on a throwaway database.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/estrade_dev python tests/bench/bench_clubs.py
    BENCH_CLUBS=300 BENCH_DUELS=50 BENCH_ROUNDS=30 python tests/bench/bench_clubs.py    # the defaults

Runs with DEBUG=0 (tests/bench/environment.py). Plays one 1v1 duel through the services in the first club
("a has posted, b is expected", the real catalogue) and clones it in bulk (tests/bench/seeding.py) into
BENCH_DUELS duels of that club; measures; then adds BENCH_CLUBS - 1 clubs of as many duels (each club with
its own two duellists) and measures again. Measured, as ratios to a floor timed in the same phase (this
machine is shared):

- pages (django.test.Client, median of BENCH_ROUNDS, random order): the duel page as a spectator, its
  HTMX poll as served (same version: 204; after a change: the cached live part), the running duels, the
  club's API list of duels; the floor is the login floor inside the club (session and user);
- the deadline sweep (`window_expire_overdue`, outside any club as the worker runs it), median of
  BENCH_SWEEPS sweeps of BENCH_SWEPT overdue windows each (about what a one-minute beat finds due with
  300 clubs of 50 duels and two-day deadlines), per window, against a one-row write transaction: the
  windows of the first club, and (with many clubs) one window in each of BENCH_SWEPT clubs.

Prints requests per second of each page in this one process (1000 / its median): the polls' figure is
what docs/scaling.md counts spectators per core with. Goal: flat, each figure with many clubs within
1.25× its figure with one club and the same queries; exit status 0 when flat. Not a test.
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

CLUBS = int(os.environ.get("BENCH_CLUBS", 300))
DUELS = int(os.environ.get("BENCH_DUELS", 50))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", 30))
SWEEPS = int(os.environ.get("BENCH_SWEEPS", 6))
SWEPT = int(os.environ.get("BENCH_SWEPT", 4))
FLAT = 1.25
FLOOR = "floor (login, in the club)"
SAME_CLUB, SPREAD = "sweep, per window, one club", "sweep, per window, a window a club"


def main() -> int:
    import django

    django.setup()
    from clubs.models import Club
    from tests.bench.throwaway_db import throwaway_database

    assert DUELS - 1 >= 2 * SWEEPS * SWEPT, "BENCH_DUELS too small for the sweeps of the first club"
    with throwaway_database("clubs"):
        model, base = seed_first_club()
        home = Club.objects.order_by("pk").first()
        one = measure("1 club", home, {SAME_CLUB: sweep_times(base, 0)})
        started = time.perf_counter()
        spread = clubs_add(model, base)
        print(f"Added {CLUBS - 1:,} clubs of {DUELS} duels in {time.perf_counter() - started:.1f} s")
        sweeps = {SAME_CLUB: sweep_times(base, 1)}
        if spread:
            sweeps[SPREAD] = sweep_times(base, 2)[:spread]
        many = measure(f"{CLUBS} clubs", home, sweeps)
    return report(one, many)


def sweep_times(base: dt.datetime, phase: int) -> list[dt.datetime]:
    """When each sweep of a phase runs; sweep r finds due the SWEPT windows due at r minutes past it."""
    return [base + dt.timedelta(hours=phase, minutes=r, seconds=30) for r in range(SWEEPS)]


def due_at(base: dt.datetime, phase: int, index: int) -> dt.datetime:
    return base + dt.timedelta(hours=phase, minutes=index // SWEPT)


def seed_first_club():
    """The model duel and DUELS - 1 clones in the first club: the sweeps of phase 0 (1 club) and of
    phase 1 (many clubs, same club) each find SWEPT of them due; the others are due in two days."""
    from clubs.models import Club
    from clubs.scoping import activate_club
    from tests.bench.seeding import analyze, duels_clone, model_duel_play

    club = Club.objects.order_by("pk").first()
    with activate_club(club):
        model = model_duel_play()
    base = model.window.due_at + dt.timedelta(hours=1)
    batch = SWEEPS * SWEPT
    due = [due_at(base, i // batch, i % batch) if i < 2 * batch else base + dt.timedelta(days=2)
           for i in range(DUELS - 1)]
    duels_clone(model, club, model.duellists, due)
    analyze()
    from duels.services import window_expire_overdue

    window_expire_overdue(now=model.window.due_at)  # the model duel's own window: a warm-up
    return model, base


def clubs_add(model, base: dt.datetime) -> int:
    """CLUBS - 1 clubs, each with two duellists and DUELS clones; the first duel of each of the first
    SWEEPS × SWEPT clubs is due in phase 2 (a window a club). Returns how many are."""
    from accounts.models import Duellist, User
    from clubs.models import Club
    from clubs.scoping import scopes_disabled
    from tests.bench.seeding import analyze, duels_clone

    clubs = Club.objects.bulk_create([Club(name=f"Club {i}", slug=f"club-{i}") for i in range(1, CLUBS)])
    users = User.objects.bulk_create([User(username=f"{p.duellist.user.username}-{i}", password="!")
                                      for i in range(1, CLUBS) for p in model.participants])
    with scopes_disabled():
        twins = Duellist.objects.bulk_create([
            clone_duellist(p.duellist, club, users[2 * n + k], n + 1)
            for n, club in enumerate(clubs) for k, p in enumerate(model.participants)])
    spread = min(SWEEPS * SWEPT, len(clubs)) // SWEPT * SWEPT
    later = base + dt.timedelta(days=2)
    for n, club in enumerate(clubs):
        first = due_at(base, 2, n) if n < spread else later
        duels_clone(model, club, (twins[2 * n], twins[2 * n + 1]), [first] + [later] * (DUELS - 1))
    analyze()
    return spread


def clone_duellist(duellist, club, user, index: int):
    from tests.bench.seeding import clone

    return clone(duellist, club=club, user=user, forum_id=duellist.forum_id + 10 * index,
                 forum_name=f"{duellist.forum_name}-{index}")


def measure(label: str, club, sweeps: dict[str, list[dt.datetime]]) -> dict:
    from django.conf import settings
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import clear_url_caches, set_urlconf

    from clubs.scoping import activate_club
    from duels import selectors
    from duels.models import Duel

    settings.ROOT_URLCONF = "tests.bench.floor_urls"
    clear_url_caches()
    set_urlconf(None)
    with activate_club(club):
        duel = Duel.objects.filter(status="action").order_by("-pk").first()
        version = selectors.duel_version(duel)
        referee = Duel.objects.exclude(referee=None).select_related("referee").first().referee
    viewer, spectator = Client(), Client()
    viewer.force_login(referee)
    page, poll = f"/{club.slug}/duels/{duel.pk}/", {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "live"}
    requests = {
        FLOOR: (viewer, f"/{club.slug}/bench/floor/", {}, 200),
        "duel page, spectator": (spectator, page, {}, 200),
        "HTMX poll, same version": (spectator, f"{page}?v={version}", poll, 204),
        "HTMX poll after a change": (spectator, f"{page}?v=stale", poll, 200),
        "running duels": (spectator, f"/{club.slug}/duels/en-cours/", {}, 200),
        "API: the club's duels": (spectator, f"/api/v1/clubs/{club.slug}/duels/", {}, 200),
    }
    queries = {}
    for name, (client, url, headers, status) in requests.items():
        for _ in range(3):  # warm up (the club's address, cached parts)
            response = client.get(url, **headers)
        assert response.status_code == status, (name, response.status_code, response.content[:300])
        with CaptureQueriesContext(connection) as captured:
            client.get(url, **headers)
        queries[name] = len(captured)
    timings = {name: [] for name in requests}
    order = list(requests.items())
    rng = random.Random(33)
    for _ in range(ROUNDS):
        rng.shuffle(order)
        for name, (client, url, headers, _status) in order:
            t0 = time.perf_counter()
            client.get(url, **headers)
            timings[name].append((time.perf_counter() - t0) * 1000)
    medians = {name: statistics.median(values) for name, values in timings.items()}
    floor = medians[FLOOR]
    figures = {name: (medians[name] / floor, queries[name]) for name in requests}
    write_floor = write_floor_ms()
    swept = {name: sweep_ms(times) for name, times in sweeps.items()}
    for name, (ms, statements) in swept.items():
        figures[name] = (ms / SWEPT / write_floor, statements)
    print(f"\n{label} ({connection.vendor}, DEBUG=0): login floor {floor:.3f} ms, write floor {write_floor:.3f} ms")
    for name, (ratio, count) in figures.items():
        per_second = f", {1000 / medians[name]:5.0f} requests/s" if name in medians else ""
        print(f"  {name:36} {ratio:6.2f}× the floor, {count} queries{per_second}")
    return figures


def write_floor_ms() -> float:
    """A one-row write transaction (BEGIN; UPDATE one duel; COMMIT), median of 200."""
    from django.db import transaction
    from django.db.models import F

    from clubs.scoping import scopes_disabled
    from duels.models import Duel

    with scopes_disabled():
        some = list(Duel.objects.values_list("pk", flat=True)[:200])
        times = []
        for pk in some[:20] + some:  # 20 to warm up
            t0 = time.perf_counter()
            with transaction.atomic():
                Duel.objects.filter(pk=pk).update(turn=F("turn"))
            times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times[20:])


def sweep_ms(times: list[dt.datetime]) -> tuple[float, int]:
    """The median of the sweeps run at `times` (each must expire SWEPT windows), and their statements."""
    from django.db import connection

    from duels.services import window_expire_overdue

    elapsed, statements = [], []

    def counted(execute, sql, params, many, context):
        statements[-1] += 1
        return execute(sql, params, many, context)

    for now in times:
        statements.append(0)
        t0 = time.perf_counter()
        with connection.execute_wrapper(counted):
            sweep = window_expire_overdue(now=now)  # outside any club, as the worker calls it
        elapsed.append((time.perf_counter() - t0) * 1000)
        assert len(sweep.expired_windows) == SWEPT and not sweep.failed_windows, sweep.describe()[:300]
    return statistics.median(elapsed), max(statements)


def report(one: dict, many: dict) -> int:
    print(f"\nMany clubs against one (goal: ≤ {FLAT}× and the same queries; the sweeps against one club's):")
    flat = True
    for name, (ratio, count) in many.items():
        if name == FLOOR:
            continue
        before = one[SAME_CLUB if name == SPREAD else name]
        growth, same = ratio / before[0], count == before[1]
        flat &= growth <= FLAT and (same or name == SPREAD)  # a window a club: the club's own statements
        print(f"  {name:36} {growth:5.2f}×{'' if same else f'  queries {before[1]} → {count}'}")
    print("Flat." if flat else "NOT flat.")
    return 0 if flat else 1


if __name__ == "__main__":
    sys.exit(main())
