"""Benchmark: what the club's history costs, at two sizes, on throwaway PostgreSQL databases.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/estrade_dev python tests/bench/bench_history.py
    BENCH_SIZES=S python tests/bench/bench_history.py         # one size only
    BENCH_ROUNDS=9 ...                                        # timed requests per figure (fewer when slow)

Sizes: S = 200 members, 306 finished duels, 1 season; L = 10,000 members, 15,015 finished duels,
10 seasons. How a size is built (DEBUG=0, as served):

1. the members (users and duellist profiles) in bulk;
2. three duels PLAYED THROUGH THE REAL SERVICES (matchmaking, referee, start, posts, declarations, the
   last one finishing the duel: results, standings, notices, audit rows), one refereed by a "busy
   referee"; they are the templates;
3. the templates COPIED IN SQL (`INSERT … SELECT … CROSS JOIN generate_series`) until the size is
   reached: every row of the duels, participants, windows, slots, posts, declarations, results, the
   notices sent while they were played and their audit rows, with new ids, the participants spread over
   the members (one veteran in 200 of them), and each copy dated one step further back in time;
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

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from tests.bench.environment import production_environment  # noqa: E402 - needs ROOT on the path

production_environment()
os.environ.pop("REDIS_URL", None)  # tasks eager, local-memory cache: the database is what is measured

SIZES = {"S": (200, 102, 1), "L": (10_000, 5_005, 10)}  # members, copies of the 3 templates, seasons
CHOSEN = os.environ.get("BENCH_SIZES", "S,L").split(",")
ROUNDS = int(os.environ.get("BENCH_ROUNDS", 9))
BUDGET_SECONDS = 4.0  # per figure: fewer rounds (at least 3) when one request is slow
FLOOR = "login floor"
VETERAN_DUELS = 200
STEP = dt.timedelta(hours=3)  # between two copies, back in time


def main() -> int:
    import django

    django.setup()
    from django.db import connection

    from tests.bench.throwaway_db import throwaway_database

    if connection.vendor != "postgresql":
        print("bench_history.py needs PostgreSQL (DATABASE_URL=postgres://…): the history is copied in SQL.")
        return 0
    figures = {}
    for size in CHOSEN:
        with throwaway_database(f"history_{size.lower()}"):
            figures[size] = measure(build(size))
    report(figures)
    return 0


# --- building a size ---------------------------------------------------------------------------------


def build(size: str) -> dict:
    from django.conf import settings
    from django.db import connection

    members, copies, seasons = SIZES[size]
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # seeding only
    t0 = time.perf_counter()
    steps = Steps()
    pool = members_create(members)
    referee = referee_create()
    steps.done("members")
    templates = [finished_template(referee, winner) for winner in (1, 2, 1)]
    steps.done("3 duels played")
    tables = clone_history(templates, copies=copies, pool=pool, with_notices=True)
    steps.done("copies")
    running = running_template(referee)
    clone_history([running], copies=59, pool=pool, with_notices=False, step=dt.timedelta(minutes=1))
    seasons_create(seasons)
    steps.done("running duels, seasons")
    from rankings.services.standings import standings_rebuild

    standings_rebuild()
    steps.done("standings")
    try:  # the statistics' sums, where they are kept (the copies did not go through the services)
        from rankings.services.statistics import statistics_rebuild
    except ImportError:
        pass
    else:
        statistics_rebuild()
        steps.done("statistics")
    fresh = [finished_template(referee, 1) for _ in range(max(3, ROUNDS // 2))]
    steps.done("fresh duels")
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
    steps.done("vacuum")
    print("  build steps: " + ", ".join(f"{name} {seconds:.1f} s" for name, seconds in steps.times))
    from duels.models import Duel, DuelStatus

    finished = Duel.objects.filter(status=DuelStatus.FINISHED).count()
    print(f"{size}: {members} members, {finished} finished duels ({tables} rows copied), {seasons} season(s), "
          f"built in {time.perf_counter() - t0:.1f} s")
    from django.contrib.auth import get_user_model

    staff = get_user_model().objects.create_superuser("bench-staff", "staff@example.org", "x")
    return {"referee": referee, "veteran": pool[0], "staff": staff, "fresh": fresh, "finished": finished}


class Steps:
    def __init__(self):
        self.times, self.last = [], time.perf_counter()

    def done(self, name: str) -> None:
        now = time.perf_counter()
        self.times.append((name, now - self.last))
        self.last = now


def members_create(count: int) -> list:
    """`count` members with contiguous ids (the copies place participants by arithmetic on them)."""
    from django.contrib.auth.hashers import make_password

    from accounts.models import Duellist, User

    password = make_password("x")
    users = User.objects.bulk_create(
        [User(username=f"membre{n}", password=password) for n in range(count)], batch_size=2_000)
    day = dt.date(2015, 1, 1)
    duellists = Duellist.objects.bulk_create(
        [Duellist(user=user, forum_id=10_000 + n, forum_name=f"Membre {n}", forum_joined_on=day,
                  homework_year=5, rp_year=3) for n, user in enumerate(users)], batch_size=2_000)
    assert duellists[-1].pk - duellists[0].pk == count - 1
    return duellists


def referee_create():
    from tests.factories.duels import RefereeFactory

    return RefereeFactory(username="arbitre-occupe")


def started(referee):
    """A 1v1 duel through matchmaking, the referee and the start signal (tests/support/duels.py's steps,
    with the bench's referee)."""
    from duels.services import duel_start, magic_types_choose, referee_assign
    from tests.support.duels import matched_duel

    duel = matched_duel()
    referee_assign(duel=duel, referee=referee, by=referee)
    a, b = duel.participants.select_related("duellist__user").order_by("team", "pk")
    for participant in (a, b):
        magic_types_choose(participant=participant, types=["malefices"], by=participant.duellist.user)
    from tests.factories.duels import TEST_SPELLS

    return duel_start(duel=duel, by=referee, spells=TEST_SPELLS), a, b


def finished_template(referee, winner: int):
    """A duel played to its end: three turns of bolts and sparks that miss (bets lost: the dice and
    the spells' figures have something to count), then the winner's fatal blow."""
    from tests.support.duels import bet_for, declare, post

    duel, a, b = started(referee)
    for turn in range(3):
        first, second = ("bolt", "spark") if turn % 2 == 0 else ("fireball", "fireball")
        post(duel, a, [{"cast": first, "target": b.engine_id, "bet": bet_for(duel, order=1, win=False)}])
        post(duel, b, [{"cast": second, "target": a.engine_id, "bet": bet_for(duel, order=2, win=False)}])
        declare(duel, referee)
        defend(duel, referee)
    hitter, hit = (a, b) if winner == 1 else (b, a)
    post(duel, a, [{"cast": "coup", "target": hit.engine_id, "bet": bet_for(duel, order=1, win=True)}]
         if a is hitter else [])
    post(duel, b, [{"cast": "coup", "target": hit.engine_id, "bet": bet_for(duel, order=2, win=True)}]
         if b is hitter else [])
    declare(duel, referee)
    declaration = defend(duel, referee)
    duel.refresh_from_db()
    assert duel.status == "finished", duel.status
    return duel, declaration, hitter, hit


def defend(duel, referee):
    """The defence phase, when there is one: every expected duellist does nothing; then its declaration."""
    from duels.models import SlotStatus, WindowSlot
    from tests.support.duels import declare, post

    duel.refresh_from_db()
    if duel.status != "defence":
        return None
    waiting = WindowSlot.objects.filter(window__duel=duel, status=SlotStatus.WAITING).select_related(
        "participant__duellist__user")
    for slot in waiting:
        post(duel, slot.participant, [{"nothing": True}])
    return declare(duel, referee)


def running_template(referee):
    """A duel whose first action phase is complete: the busy referee's declaration is awaited."""
    from tests.support.duels import post

    duel, a, b = started(referee)
    post(duel, a, [])
    post(duel, b, [])
    return duel


def clone_history(templates: list, *, copies: int, pool: list, with_notices: bool,
                  step: dt.timedelta = STEP) -> int:
    """Copy the template duels' rows `copies` times in SQL; returns the number of rows written."""
    from django.db import connection, transaction

    from accounts.models import Duellist, Notification, User
    from audit.models import AuditLog
    from duels.models import Declaration, Duel, Participant, Post, Registration, Window, WindowSlot
    from rankings.models import Result

    ids = [t[0].pk if isinstance(t, tuple) else t.pk for t in templates]
    rows = {
        Duel: Duel.objects.filter(pk__in=ids),
        Participant: Participant.objects.filter(duel__in=ids),
        Window: Window.objects.filter(duel__in=ids),
        WindowSlot: WindowSlot.objects.filter(window__duel__in=ids),
        Post: Post.objects.filter(window__duel__in=ids),
        Declaration: Declaration.objects.filter(window__duel__in=ids),
        Result: Result.objects.filter(duel__in=ids),
        AuditLog: AuditLog.objects.filter(duel__in=ids),
    }
    if with_notices:
        rows[Notification] = Notification.objects.all()
    participants = list(rows[Participant].order_by("pk").values_list("duellist_id", "duellist__user_id"))
    veteran, first, span = pool[0].pk, pool[1].pk, len(pool) - 1
    written = 0
    with transaction.atomic(), connection.cursor() as cursor:  # foreign keys checked at the commit
        cursor.execute("CREATE TEMP TABLE IF NOT EXISTS bench_member (duellist_id bigint, user_id bigint, idx int)")
        cursor.execute("TRUNCATE bench_member")
        cursor.executemany("INSERT INTO bench_member VALUES (%s, %s, %s)",
                           [(d, u, i) for i, (d, u) in enumerate(participants)])
        cursor.execute(f"""
            CREATE OR REPLACE FUNCTION pg_temp.bench_duellist(template bigint, k int) RETURNS bigint AS $$
              SELECT CASE WHEN m.idx = 0 AND k <= {VETERAN_DUELS // len(ids)} THEN {veteran}
                          ELSE {first} + ((k * {len(participants)} + m.idx) % {span}) END
              FROM bench_member m WHERE m.duellist_id = template $$ LANGUAGE sql STABLE""")
        # Each copy's users, looked up by index (a function per row over a join would be slower).
        cursor.execute("DROP TABLE IF EXISTS bench_user_map")
        cursor.execute("""
            CREATE TEMP TABLE bench_user_map AS
              SELECT m.user_id AS template, k, d.user_id AS copy FROM bench_member m
              CROSS JOIN generate_series(1, %s) k JOIN accounts_duellist d ON d.id = pg_temp.bench_duellist(m.duellist_id, k)
              WHERE m.user_id IS NOT NULL""", [copies])
        cursor.execute("CREATE UNIQUE INDEX ON bench_user_map (template, k)")
        cursor.execute("ANALYZE bench_user_map")
        cursor.execute("""
            CREATE OR REPLACE FUNCTION pg_temp.bench_user(template bigint, k int) RETURNS bigint AS $$
              SELECT COALESCE((SELECT copy FROM bench_user_map u WHERE u.template = $1 AND u.k = $2), $1)
              $$ LANGUAGE sql STABLE""")
        strides = {model: (model.objects.order_by("-pk").values_list("pk", flat=True).first() or 0) + 1
                   for model in rows}
        for model, queryset in rows.items():
            template_ids = list(queryset.values_list("pk", flat=True))
            if not template_ids:
                continue
            columns, values = [], []
            for f in model._meta.concrete_fields:
                column = connection.ops.quote_name(f.column)
                expression = f"t.{column}"
                if f.primary_key:
                    expression = f"t.{column} + k * {strides[model]}"
                elif f.is_relation:
                    target = f.related_model
                    if target in strides:
                        expression = f"t.{column} + k * {strides[target]}"
                    elif target is Duellist:
                        expression = f"pg_temp.bench_duellist(t.{column}, k)"
                    elif target is User:
                        expression = f"pg_temp.bench_user(t.{column}, k)"
                    elif target is Registration:
                        expression = "NULL"
                elif f.get_internal_type() == "DateTimeField":
                    expression = f"t.{column} - k * interval '{int(step.total_seconds())} seconds'"
                elif f.unique and f.get_internal_type() == "CharField":
                    expression = f"t.{column} || ':' || k"
                columns.append(column)
                values.append(expression)
            table = model._meta.db_table
            cursor.execute(
                f"INSERT INTO {table} ({', '.join(columns)}) SELECT {', '.join(values)} FROM {table} t "
                f"CROSS JOIN generate_series(1, %s) k WHERE t.id = ANY(%s)", [copies, template_ids])
            written += cursor.rowcount
        for model in rows:
            table = model._meta.db_table
            cursor.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT max(id) FROM {table}))")
    return written


def seasons_create(count: int) -> None:
    """`count` seasons of equal length covering every finished duel."""
    from django.db.models import Max, Min
    from django.utils import timezone

    from duels.models import Duel
    from rankings.models import Season

    span = Duel.objects.filter(status="finished").aggregate(first=Min("finished_at"), last=Max("finished_at"))
    first, last = timezone.localdate(span["first"]), timezone.localdate(span["last"])
    length = ((last - first).days + 1) // count + 1
    for n in range(count):
        starts = first + dt.timedelta(days=n * length)
        Season.objects.create(name=f"Saison {n + 1}", slug=f"saison-{n + 1}", starts_on=starts,
                              ends_on=starts + dt.timedelta(days=length - 1))


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
