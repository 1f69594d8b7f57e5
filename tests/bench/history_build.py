"""bench_history.py's history: members in bulk, duels played through the services, then copied in SQL
(PostgreSQL). Imported after django.setup(); see bench_history.py's docstring for what is built."""
from __future__ import annotations

import datetime as dt
import time

SIZES = {"S": (200, 102, 1), "L": (10_000, 5_005, 10)}  # members, copies of the 3 templates, seasons
VETERAN_DUELS = 200
STEP = dt.timedelta(hours=3)  # between two copies, back in time


def build(size: str, *, fresh: int = 4) -> dict:
    """The size's history (see bench_history.py's docstring); returns who and what the figures use."""
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
    tables = clone_history(templates, copies=copies, pool=pool, with_notices=True, with_veteran=True)
    steps.done("copies")
    running = running_template(referee)
    clone_history([running], copies=59, pool=pool, with_notices=False, with_veteran=False,
                  step=dt.timedelta(minutes=1))
    seasons_create(seasons)
    steps.done("running duels, seasons")
    from rankings.services.rebuild import standings_rebuild

    standings_rebuild()
    steps.done("standings")
    try:  # the statistics' sums, where they are kept (the copies did not go through the services)
        from rankings.services.statistics import statistics_rebuild
    except ImportError:
        pass
    else:
        statistics_rebuild()
        steps.done("statistics")
    fresh = [finished_template(referee, 1) for _ in range(fresh)]
    steps.done("fresh duels")
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
    steps.done("vacuum")
    print("  build steps: " + ", ".join(f"{name} {seconds:.1f} s" for name, seconds in steps.times))
    from duels.models import Duel, DuelStatus

    finished = Duel.objects.filter(status=DuelStatus.FINISHED).count()
    veteran_duels = Duel.objects.filter(participants__duellist=pool[0], status=DuelStatus.FINISHED).count()
    print(f"{size}: {members} members, {finished} finished duels ({tables} rows copied), {seasons} season(s), "
          f"a veteran of {veteran_duels} duels, built in {time.perf_counter() - t0:.1f} s")
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


def clone_history(templates: list, *, copies: int, pool: list, with_notices: bool, with_veteran: bool,
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
              SELECT CASE WHEN {'TRUE' if with_veteran else 'FALSE'} AND m.idx % 2 = 0 AND k <= {VETERAN_DUELS // len(ids)} THEN {veteran}
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
