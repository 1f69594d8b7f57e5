"""Benchmark: one club among many. The same club's pages, API and deadline sweep with 1 club and with
BENCH_CLUBS clubs of BENCH_DUELS running duels each, on a throwaway database.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/estrade_dev python tests/bench/bench_clubs.py
    BENCH_CLUBS=300 BENCH_DUELS=50 BENCH_ROUNDS=60 python tests/bench/bench_clubs.py    # the defaults

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

Prints each figure's CPU time, this process's and its PostgreSQL backend's (/proc/<pid>/schedstat, when
the server runs on this machine), and the requests a core serves at that cost: the polls' figure is what
docs/scaling.md counts spectators per core with. Goal: flat, each figure with many clubs within 1.25× its
figure with one club, the same queries (a window a club is printed beside one club's windows, not judged:
each club of a sweep has its own notices and webhooks). Exit status 0 when flat. Not a test.
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
os.environ.setdefault("DB_CONN_MAX_AGE", "3600")  # one database backend all along: its CPU time is read

CLUBS = int(os.environ.get("BENCH_CLUBS", 300))
DUELS = int(os.environ.get("BENCH_DUELS", 50))
ROUNDS = int(os.environ.get("BENCH_ROUNDS", 60))
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
            sweeps[SPREAD] = sweep_times(base, 2)[:spread // SWEPT]
        many = measure(f"{CLUBS} clubs", home, sweeps)
    return report(one, many)


def sweep_times(base: dt.datetime, phase: int) -> list[dt.datetime]:
    """When each sweep of a phase runs; sweep r finds due the SWEPT windows due at r minutes past it."""
    return [base + dt.timedelta(hours=phase, minutes=r, seconds=30) for r in range(SWEEPS)]


def due_at(base: dt.datetime, phase: int, index: int) -> dt.datetime:
    return base + dt.timedelta(hours=phase, minutes=index // SWEPT)


def seed_first_club():
    """The model duel and DUELS - 1 clones in the first club: the sweeps of phase 0 (1 club) and of
    phase 1 (many clubs, same club) each find SWEPT of them due; the others, and the model, in two days."""
    from clubs.models import Club
    from clubs.scoping import activate_club
    from duels.models import Window, WindowSlot
    from tests.bench.seeding import analyze, duels_clone, model_duel_play

    club = Club.objects.order_by("pk").first()
    with activate_club(club):
        model = model_duel_play()
    base = model.window.due_at + dt.timedelta(hours=1)
    batch = SWEEPS * SWEPT
    a, b = model.duellists
    later = base + dt.timedelta(days=2)
    with activate_club(club):  # the model stays a template: never due
        Window.objects.filter(pk=model.window.pk).update(due_at=later)
        WindowSlot.objects.filter(window=model.window, status="waiting").update(deadline=later)
    duels_clone(model, [(club.pk, a.pk, b.pk, due_at(base, i // batch, i % batch) if i < 2 * batch else later)
                        for i in range(DUELS - 1)])
    analyze()
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
    duels_clone(model, [(club.pk, twins[2 * n].pk, twins[2 * n + 1].pk, due_at(base, 2, n) if j == 0 and n < spread
                         else later) for n, club in enumerate(clubs) for j in range(DUELS)])
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
    cpu = {name: [] for name in requests}
    order = list(requests.items())
    rng = random.Random(33)
    for _ in range(ROUNDS):
        rng.shuffle(order)
        for name, (client, url, headers, _status) in order:
            before = cpu_ms()
            t0 = time.perf_counter()
            client.get(url, **headers)
            timings[name].append((time.perf_counter() - t0) * 1000)
            cpu[name].append(cpu_ms(since=before))
    medians = {name: statistics.median(values) for name, values in timings.items()}
    floor = medians[FLOOR]
    figures = {name: (medians[name] / floor, queries[name]) for name in requests}
    write_floor = write_floor_ms()
    swept = {name: sweep_ms(times) for name, times in sweeps.items()}
    print(f"\n{label} ({connection.vendor}, DEBUG=0): login floor {floor:.3f} ms, write floor {write_floor:.3f} ms. "
          f"CPU: this process + its database backend, median")
    for name, (ratio, count) in figures.items():
        app, db = (statistics.median(c[i] for c in cpu[name]) for i in (0, 1))
        print(f"  {name:36} {ratio:6.2f}× the floor, {count} queries; CPU {app:.2f} + {db:.2f} ms = "
              f"{1000 / (app + db):4.0f} requests/s a core")
    for name, (ms, statements, (app, db)) in swept.items():
        figures[name] = (ms / SWEPT / write_floor, statements)
        print(f"  {name:36} {figures[name][0]:6.2f}× the write floor, {statements} statements a sweep of {SWEPT}; "
              f"CPU {app / SWEPT:.2f} + {db / SWEPT:.2f} ms a window")
    return figures


def cpu_ms(since: tuple | None = None) -> tuple[float, float]:
    """CPU time (ms) of this process and of its PostgreSQL backend (/proc/<pid>/schedstat, when the server
    runs on this machine): what a request costs, which wall time on a shared machine overstates."""
    from django.db import connection

    backend = getattr(getattr(connection.connection, "info", None), "backend_pid", None)
    stat = Path(f"/proc/{backend}/schedstat")
    now = (time.process_time() * 1000, int(stat.read_text().split()[0]) / 1e6 if backend and stat.exists() else 0.0,
           backend)
    if since is None:
        return now
    return now[0] - since[0], now[1] - since[1] if now[2] == since[2] else 0.0


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


def sweep_ms(times: list[dt.datetime]) -> tuple[float, int, tuple[float, float]]:
    """The sweeps run at `times` (each must expire SWEPT windows): their median wall time, statements, CPU."""
    from django.db import connection

    from duels.services import window_expire_overdue

    elapsed, statements, cpu = [], [], []

    def counted(execute, sql, params, many, context):
        statements[-1] += 1
        return execute(sql, params, many, context)

    for now in times:
        statements.append(0)
        before = cpu_ms()
        t0 = time.perf_counter()
        with connection.execute_wrapper(counted):
            sweep = window_expire_overdue(now=now)  # outside any club, as the worker calls it
        elapsed.append((time.perf_counter() - t0) * 1000)
        cpu.append(cpu_ms(since=before))
        assert len(sweep.expired_windows) == SWEPT and not sweep.failed_windows, (now, sweep.describe()[:300])
    return statistics.median(elapsed), max(statements), tuple(statistics.median(c[i] for c in cpu) for i in (0, 1))


def report(one: dict, many: dict) -> int:
    print(f"\nMany clubs against one (goal: ≤ {FLAT}× and the same queries):")
    flat = True
    for name, (ratio, count) in many.items():
        if name in (FLOOR, SPREAD):
            continue
        growth, same = ratio / one[name][0], count == one[name][1]
        flat &= growth <= FLAT and same
        print(f"  {name:36} {growth:5.2f}×{'' if same else f'  queries {one[name][1]} → {count}'}")
    if SPREAD in many:  # not the same work: each club of the batch has its notices and webhooks
        print(f"  {SPREAD:36} {many[SPREAD][0] / many[SAME_CLUB][0]:5.2f}× one club's windows in the same run, "
              f"{many[SPREAD][1] - many[SAME_CLUB][1]} statements more for {SWEPT - 1} clubs more (not judged)")
    print("Flat." if flat else "NOT flat.")
    return 0 if flat else 1


if __name__ == "__main__":
    sys.exit(main())
