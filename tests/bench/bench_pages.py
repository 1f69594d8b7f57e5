"""Benchmark: the duel pages against the login floor, at 2, 30, 60 and 100 turns, on a throwaway database.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/estrade_dev python tests/bench/bench_pages.py
    BENCH_TURNS=2,60 BENCH_ROUNDS=40 python tests/bench/bench_pages.py      # other sizes

Runs with DEBUG=0 (templates cached, no query log), as served. Creates a fresh database (`test_<name>`
next to the one of DATABASE_URL, or a temporary SQLite file), loads the spell catalog, and plays one
1v1 duel per size through the services (both duellists pass every turn). Then measures in one process
(django.test.Client), in random order, the median latency of:

- the login floor: a view that only reads `request.user` (session + user, 2 queries);
- the duel page, player's turn (one duellist has posted, the other is expected and sees the form);
- the HTMX poll after a change (the live part, with a stale version): as served from the cache
  (duels/pages/live_poll.py: rendered once per version and viewer; spectators share one), and as the first
  page to ask for that version (rendered);
- the adjudication page with a draft declaration (both have posted, the referee prepared the draft).

Prints each one's latency, its ratio to the floor timed in the same run (the figure that counts on a
shared machine), its size and its queries. Goals: duel page ≤ 8× the floor at 2 turns and
≤ 1.25× its own 2-turn time at 60 turns; poll ≤ 4× at 60 turns; adjudication ≤ 8× at 60 turns.
The exit status is 0: this script reports, it does not judge. Not a test (pytest does not collect it).

    BENCH_PROFILE="poll" python tests/bench/bench_pages.py    # then profile the requests whose label has "poll"
    BENCH_PROFILE_SORT=tottime BENCH_PROFILE_FILTER=duels ...  # pstats sort key and file filter
"""
from __future__ import annotations

import itertools
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository, when run as a script
from tests.bench.environment import production_environment  # noqa: E402 - needs ROOT on the path

production_environment()

TURNS = [int(n) for n in os.environ.get("BENCH_TURNS", "2,30,60,100").split(",")]  # the goals name 60
ROUNDS = int(os.environ.get("BENCH_ROUNDS", 30))
FLOOR = "login floor"


def main() -> int:
    import django

    django.setup()
    from tests.bench.throwaway_db import throwaway_database

    with throwaway_database("pages"):
        from clubs.models import Club
        from clubs.scoping import activate_club

        with activate_club(Club.objects.order_by("pk").first()):  # the home club: its duels, its addresses
            return measure(seed())


def seed() -> dict[int, dict]:
    """One duel per size: {turns: {"player": user, "referee": user, "duel": pk, "draft_duel": pk}}."""
    from django.conf import settings
    from django.core.management import call_command

    from duels.services import declaration_prepare
    from spells.snapshot import catalog_snapshot
    from tests.support.duels import post

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # seeding only
    call_command("catalog_load", stdout=open(os.devnull, "w"))  # noqa: SIM115 - the real 52-spell catalog
    spells = catalog_snapshot()
    out = {}
    for turns in TURNS:
        t0 = time.perf_counter()
        duel, referee, (a, b) = played_duel(turns, spells)
        # The same history with a draft: a second duel whose last turn is complete and prepared.
        drafted, ref2, (c, _d) = played_duel(turns, spells)
        post(drafted, c, [])
        declaration_prepare(duel=drafted, by=ref2)
        out[turns] = {"player": a.duellist.user, "referee": ref2, "duel": duel.pk, "draft_duel": drafted.pk}
        print(f"Played two {turns}-turn duels ({len(spells)} spells) in {time.perf_counter() - t0:.1f} s")
    return out


def played_duel(turns: int, spells: list):
    """A 1v1 duel whose duellists passed `turns - 1` turns; in the open turn b has posted and a is
    expected (a's page shows the action form)."""
    from tests.support.duels import declare, post, started_duel

    duel, referee, (a, b) = started_duel(spells=spells)
    for _ in range(turns - 1):
        post(duel, a, [])
        post(duel, b, [])
        declare(duel, referee)
    post(duel, b, [])
    return duel, referee, (a, b)


def measure(duels: dict[int, dict]) -> int:
    from django.conf import settings
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import clear_url_caches, get_script_prefix, reverse, set_urlconf

    settings.ROOT_URLCONF = "tests.bench.floor_urls"
    clear_url_caches()
    set_urlconf(None)
    clients: dict[int, Client] = {}

    def client_of(user) -> Client:
        if user.pk not in clients:
            clients[user.pk] = Client()
            clients[user.pk].force_login(user)
        return clients[user.pk]

    any_player = duels[TURNS[0]]["player"]
    requests: dict[str, tuple[Client, str, dict]] = {FLOOR: (client_of(any_player), f"{get_script_prefix()}bench/floor/", {})}
    for turns, d in duels.items():
        page = reverse("duels:duel", args=[d["duel"]])
        player = client_of(d["player"])
        requests[f"duel page, player's turn, {turns} turns"] = (player, page, {})
        requests[f"HTMX poll after a change, {turns} turns"] = (
            player, page + "?v=stale", {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "live"})
        # The same poll as the first to ask for its version (rendered, not from duels/pages/live_poll.py's
        # cache): each request names another last phase shown, beyond the duel's.
        unique = itertools.count(10**6)
        requests[f"HTMX poll, first for its version, {turns} turns"] = (
            player, lambda page=page, unique=unique: f"{page}?v=stale&w={next(unique)}",
            {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "live"})
        requests[f"adjudication with a draft, {turns} turns"] = (
            client_of(d["referee"]), reverse("duels:adjudicate", args=[d["draft_duel"]]), {})
    sizes, queries = {}, {}
    for label, (client, url, headers) in requests.items():
        with CaptureQueriesContext(connection) as captured:
            response = client.get(url_of(url), **headers)
        assert response.status_code == 200, (label, response.status_code, response.content[:300])
        sizes[label], queries[label] = len(response.content), len(captured)
        for _ in range(3):  # warm up
            client.get(url_of(url), **headers)
    timings: dict[str, list[float]] = {label: [] for label in requests}
    rng = random.Random(16)
    order = list(requests.items())
    for _ in range(ROUNDS):
        rng.shuffle(order)
        for label, (client, url, headers) in order:
            url = url_of(url)
            t0 = time.perf_counter()
            client.get(url, **headers)
            timings[label].append((time.perf_counter() - t0) * 1000)
    medians = {label: statistics.median(values) for label, values in timings.items()}
    floor = medians[FLOOR]
    print(f"\n{ROUNDS} rounds in random order, median latency in process (django.test.Client), {connection.vendor}, "
          f"DEBUG=0. Login floor {floor:.3f} ms, {queries[FLOOR]} queries.")
    for label, median in medians.items():
        if label == FLOOR:
            continue
        print(f"  {label:42s} {median:8.2f} ms {median / floor:6.1f}× {sizes[label] / 1024:7.1f} KB "
              f"{queries[label]:3d} q")
    first = TURNS[0]
    for turns in TURNS[1:]:
        own = medians[f"duel page, player's turn, {turns} turns"] / medians[f"duel page, player's turn, {first} turns"]
        print(f"  duel page at {turns} turns / at {first} turns: {own:.2f}×")
    if os.environ.get("BENCH_PROFILE"):
        profile({label: r for label, r in requests.items() if os.environ["BENCH_PROFILE"] in label})
    return 0


def url_of(url) -> str:
    """A request's URL: a string, or a callable giving a new one each time."""
    return url() if callable(url) else url


def profile(requests: dict) -> None:
    """Where the time goes: 20 runs of each request under cProfile, the top functions by own time."""
    import cProfile
    import pstats

    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    for label, (client, url, headers) in requests.items():
        with CaptureQueriesContext(connection) as captured:
            client.get(url_of(url), **headers)
        print(f"\n== {label}: {len(captured)} queries")
        for query in captured:
            print("  ", query["sql"][:160])
        profiler = cProfile.Profile()
        profiler.enable()
        for _ in range(20):
            client.get(url_of(url), **headers)
        profiler.disable()
        print(f"\n== {label}")
        stats = pstats.Stats(profiler).sort_stats(os.environ.get("BENCH_PROFILE_SORT", "cumulative"))
        stats.print_stats(os.environ.get("BENCH_PROFILE_FILTER", ""), 45)


if __name__ == "__main__":
    sys.exit(main())
