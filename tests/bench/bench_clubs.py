"""Benchmark: one club among many. The same club's pages, API and deadline sweep with 1 club and with
BENCH_CLUBS clubs of BENCH_DUELS running duels each, on a throwaway database.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/estrade_dev python tests/bench/bench_clubs.py
    BENCH_CLUBS=300 BENCH_DUELS=50 BENCH_ROUNDS=30 python tests/bench/bench_clubs.py

Runs with DEBUG=0 (tests/bench/environment.py). Plays one 1v1 duel through the services in the first club
("a has posted, b is expected", the real catalogue), clones it into BENCH_DUELS duels of that club, measures,
then adds BENCH_CLUBS - 1 clubs of as many duels (each with its own two duellists) and measures again.
In each phase, one duel per club is past its deadline. Measured, as ratios to a floor timed in the same
phase (this machine is shared):

- pages (django.test.Client, median of BENCH_ROUNDS, random order): the duel page as a spectator, the
  running duels list, the club's API list of duels; the floor is the login floor inside the club (a view
  that reads the session and the user);
- the deadline sweep (`window_expire_overdue`, the task's service, run outside any club as the worker
  runs it): per overdue window, against a one-row write transaction.

Goal: flat — each figure with many clubs within 1.25× its figure with one club, the same query counts.
Exit status 0 when flat. Not a test (pytest does not collect bench_*.py).
"""
from __future__ import annotations

import copy
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
BATCH = 2_000
FLAT = 1.25


def main() -> int:
    import django

    django.setup()
    from tests.bench.throwaway_db import throwaway_database

    with throwaway_database("clubs"):
        model, now = seed_first_club()
        one = measure("1 club", now)
        started = time.perf_counter()
        for index in range(1, CLUBS):
            add_club(model, index, now)
        analyze()
        print(f"Added {CLUBS - 1:,} clubs of {DUELS} duels in {time.perf_counter() - started:.1f} s")
        many = measure(f"{CLUBS} clubs", now + dt.timedelta(hours=1))
    return report(one, many)


def _clone(obj, **changes):
    twin = copy.copy(obj)
    twin.pk = twin.id = None
    twin._state = copy.copy(obj._state)
    twin._state.adding = True
    for name, value in changes.items():
        setattr(twin, name, value)
    return twin


def seed_first_club():
    from django.conf import settings
    from django.core.management import call_command
    from django.utils import timezone

    from clubs.models import Club
    from clubs.scoping import activate_club
    from duels.models import Post, Window, WindowSlot
    from spells.snapshot import catalog_snapshot
    from tests.support.duels import post, started_duel

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # seeding only
    club = Club.objects.order_by("pk").first()
    with activate_club(club):
        call_command("catalog_load", stdout=open(os.devnull, "w"))  # noqa: SIM115
        start = timezone.now()
        duel, referee, (a, b) = started_duel(spells=catalog_snapshot(), now=start)
        post(duel, a, [], now=start)
        duel.refresh_from_db()
        window = Window.objects.get(duel=duel)
        model = {"duel": duel, "referee": referee, "participants": (a, b), "window": window,
                 "slots": {s.participant_id: s for s in WindowSlot.objects.filter(window=window)},
                 "post": Post.objects.get(window=window)}
    now = start + dt.timedelta(hours=49)
    add_duels(model, club, (a.duellist, b.duellist), DUELS - 1, now)
    analyze()
    return model, now


def add_club(model, index: int, now):
    from accounts.models import Duellist, User
    from clubs.models import Club
    from clubs.scoping import scopes_disabled

    club = Club.objects.create(name=f"Club {index}", slug=f"club-{index}")
    a, b = model["participants"]
    users = User.objects.bulk_create([User(username=f"{p.duellist.user.username}-{index}", password="!")
                                      for p in (a, b)])
    with scopes_disabled():
        twins = Duellist.objects.bulk_create([
            _clone(p.duellist, club=club, user=user, forum_id=p.duellist.forum_id + 10 * index,
                   forum_name=f"{p.duellist.forum_name}-{index}") for p, user in zip((a, b), users, strict=True)])
    add_duels(model, club, twins, DUELS, now)


def add_duels(model, club, duellists, count: int, now):
    """`count` clones of the model duel in `club`; the first is past b's deadline at `now`."""
    from django.db import transaction

    from clubs.scoping import scopes_disabled
    from duels.models import Duel, Participant, Post, Window, WindowSlot

    a, b = model["participants"]
    window, slots = model["window"], model["slots"]
    later = now + dt.timedelta(hours=24)
    with transaction.atomic(), scopes_disabled():
        duels = Duel.objects.bulk_create([_clone(model["duel"], club=club) for _ in range(count)], batch_size=BATCH)
        participants = Participant.objects.bulk_create(
            [_clone(p, club=club, duel=d, duellist=who, registration=None)
             for d in duels for p, who in zip((a, b), duellists, strict=True)], batch_size=BATCH)
        windows = Window.objects.bulk_create(
            [_clone(window, club=club, duel=d, due_at=window.due_at if i == 0 else later) for i, d in enumerate(duels)],
            batch_size=BATCH)
        new_slots, posts = [], []
        for i, w in enumerate(windows):
            pa, pb = participants[2 * i], participants[2 * i + 1]
            new_slots.append(_clone(slots[a.pk], club=club, window=w, participant=pa))
            new_slots.append(_clone(slots[b.pk], club=club, window=w, participant=pb,
                                    deadline=slots[b.pk].deadline if i == 0 else later))
            posts.append(_clone(model["post"], club=club, window=w, participant=pa))
        WindowSlot.objects.bulk_create(new_slots, batch_size=BATCH)
        Post.objects.bulk_create(posts, batch_size=BATCH)


def analyze():
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE" if connection.vendor == "postgresql" else "ANALYZE")


def measure(label: str, now) -> dict:
    from django.conf import settings
    from django.db import connection, transaction
    from django.db.models import F
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import clear_url_caches, set_urlconf

    from clubs.models import Club
    from clubs.scoping import activate_club, scopes_disabled
    from duels.models import Duel, Window
    from duels.services import window_expire_overdue

    settings.ROOT_URLCONF = "tests.bench.floor_urls"
    clear_url_caches()
    set_urlconf(None)
    club = Club.objects.order_by("pk").first()
    with activate_club(club):
        duel = Duel.objects.filter(status="action").order_by("-pk").first()
    viewer, spectator = Client(), Client()
    viewer.force_login(model_referee(club))
    requests = {
        "floor (login, in the club)": (viewer, f"/{club.slug}/bench/floor/"),
        "duel page, spectator": (spectator, f"/{club.slug}/duels/{duel.pk}/"),
        "running duels": (spectator, f"/{club.slug}/duels/en-cours/"),
        "API: the club's duels": (spectator, f"/api/v1/clubs/{club.slug}/duels/"),
    }
    queries = {}
    for name, (client, url) in requests.items():
        for _ in range(3):  # warm up (the club's address, cached pages)
            response = client.get(url)
        assert response.status_code == 200, (name, response.status_code, response.content[:300])
        with CaptureQueriesContext(connection) as captured:
            client.get(url)
        queries[name] = len(captured)
    timings = {name: [] for name in requests}
    order = list(requests.items())
    rng = random.Random(33)
    for _ in range(ROUNDS):
        rng.shuffle(order)
        for name, (client, url) in order:
            t0 = time.perf_counter()
            client.get(url)
            timings[name].append((time.perf_counter() - t0) * 1000)
    medians = {name: statistics.median(values) for name, values in timings.items()}
    floor = medians["floor (login, in the club)"]
    figures = {name: (medians[name] / floor, queries[name]) for name in requests}

    with scopes_disabled():
        some = list(Duel.objects.values_list("pk", flat=True)[:200])
        write_times = []
        for pk in some:
            t0 = time.perf_counter()
            with transaction.atomic():
                Duel.objects.filter(pk=pk).update(turn=F("turn"))
            write_times.append((time.perf_counter() - t0) * 1000)
        write_floor = statistics.median(write_times)
        due = Window.objects.filter(state="open", due_at__lte=now).count()
    t0 = time.perf_counter()
    sweep = window_expire_overdue(now=now)  # outside any club, as the worker calls it
    elapsed = (time.perf_counter() - t0) * 1000
    assert len(sweep.expired_windows) == due and not sweep.failed_windows, sweep.describe()[:300]
    figures["sweep, per overdue window"] = (elapsed / max(due, 1) / write_floor, None)
    print(f"\n{label} ({connection.vendor}, DEBUG=0): login floor {floor:.3f} ms, write floor {write_floor:.3f} ms, "
          f"{due} overdue windows swept in {elapsed:,.0f} ms")
    for name, (ratio, count) in figures.items():
        print(f"  {name:32} {ratio:6.2f}× the floor" + (f", {count} queries" if count is not None else ""))
    return figures


def model_referee(club):
    from clubs.scoping import activate_club
    from duels.models import Duel

    with activate_club(club):
        return Duel.objects.exclude(referee=None).select_related("referee").first().referee


def report(one: dict, many: dict) -> int:
    print(f"\nMany clubs against one (goal: ≤ {FLAT}× and the same queries):")
    flat = True
    for name in one:
        if name.startswith("floor"):
            continue
        growth = many[name][0] / one[name][0]
        same = many[name][1] == one[name][1]
        flat &= growth <= FLAT and same
        print(f"  {name:32} {growth:5.2f}×{'' if same else f'  queries {one[name][1]} → {many[name][1]}'}")
    print("Flat." if flat else "NOT flat.")
    return 0 if flat else 1


if __name__ == "__main__":
    sys.exit(main())
