"""The club's statistics kept as duels finish: each finished duel's counters (DuelFigures) and their
sums (ClubFigure), so that the statistics page reads a few rows (rankings.selectors.statistics).

`statistics_count` runs in the transaction that finishes a duel (`duel_finish`), again when a
correction finishes it anew: the duel's previous counters are taken off the sums and its new ones
added. `statistics_rebuild` recomputes everything from the finished duels (the same fold,
`duel_counters`); `rankings.selectors.statistics.compute_statistics` computes the page's figures
directly from the posts and declarations, for checks.

Counters: "duels"; "month:<YYYY-MM>" (local month of the end); "turns"; "started" and
"duration_us" (duels with a start, their length in microseconds); "cast:<spell>" (casts in posts);
"rolled:<spell>", "won:<spell>", "odds6:<spell>" (bets rolled, won, and the sum of their odds × 6);
"face:<n>" (dice faces); "kind:<kind>" (rolls by kind).
"""
from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterable

from django.apps import apps as installed_apps
from django.db import connection, transaction
from django.utils import timezone

from clubs.scoping import current_club
from duels.models import Declaration, DeclarationStatus, Post
from rankings.models import DuelFigures

FACES = range(1, 7)


def post_counters(steps_of_posts: Iterable, counters: Counter) -> None:
    for steps in steps_of_posts:
        for step in steps or []:
            if isinstance(step, dict) and step.get("cast"):
                counters[f"cast:{step['cast']}"] += 1


def roll_counters(rolls_of_declarations: Iterable, counters: Counter) -> None:
    for rolls in rolls_of_declarations:
        for roll in rolls or []:
            face, kind = roll.get("roll"), roll.get("kind", "bet")
            if face in FACES:
                counters[f"face:{face}"] += 1
            counters[f"kind:{kind}"] += 1
            if kind == "bet" and roll.get("spell"):
                spell = roll["spell"]
                counters[f"rolled:{spell}"] += 1
                counters[f"won:{spell}"] += bool(roll.get("success"))
                bet = roll.get("bet") or None
                counters[f"odds6:{spell}"] += 6 if bet is None else len(bet)  # chance(bet) × 6


def duel_counters(*, finished_at: dt.datetime, started_at: dt.datetime | None, turn: int) -> Counter:
    counters = Counter({"duels": 1, f"month:{timezone.localtime(finished_at):%Y-%m}": 1, "turns": turn})
    if started_at:
        counters["started"] += 1
        counters["duration_us"] += (finished_at - started_at) // dt.timedelta(microseconds=1)
    return counters


@transaction.atomic
def statistics_count(*, duel) -> None:
    """Count a duel that just finished (or finished again after a correction): replace its counters."""
    counters = duel_counters(finished_at=duel.finished_at, started_at=duel.started_at, turn=duel.turn)
    post_counters(Post.objects.filter(participant__duel=duel).values_list("steps", flat=True), counters)
    roll_counters(Declaration.objects.filter(window__duel=duel, status=DeclarationStatus.PUBLISHED)
                  .values_list("rolls", flat=True), counters)
    previous = DuelFigures.objects.select_for_update().filter(duel=duel).first()
    delta = Counter(counters)
    delta.subtract(previous.counters if previous else {})
    if previous is None:
        DuelFigures.objects.create(duel=duel, counters=dict(counters))
    else:
        previous.counters = dict(counters)
        previous.save(update_fields=["counters"])
    sums_add({name: value for name, value in delta.items() if value})


def sums_add(delta: dict[str, int], *, model=None, club_id: int | None = None) -> None:
    """Add to the club's sums in one statement, creating the missing ones (names in a fixed order: two
    duels finishing at once lock the rows they share in the same order)."""
    model = model or installed_apps.get_model("rankings", "ClubFigure")
    if not delta:
        return
    club_id = club_id or current_club().pk
    names = sorted(delta)
    table = connection.ops.quote_name(model._meta.db_table)
    rows = ", ".join(["(%s, %s, %s)"] * len(names))
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} (club_id, name, value) VALUES {rows} "
            f"ON CONFLICT (club_id, name) DO UPDATE SET value = {table}.value + excluded.value",
            [value for name in names for value in (club_id, name, delta[name])],
        )


@transaction.atomic
def statistics_rebuild(apps=installed_apps) -> int:
    """Recompute every finished duel's counters and their sums, streaming the posts and declarations
    (one pass each). Returns the number of duels counted. `apps`: a migration's historical models."""
    Duel = apps.get_model("duels", "Duel")
    Post = apps.get_model("duels", "Post")
    Declaration = apps.get_model("duels", "Declaration")
    DuelFigures = apps.get_model("rankings", "DuelFigures")
    ClubFigure = apps.get_model("rankings", "ClubFigure")
    per_duel: dict[int, Counter] = {
        pk: duel_counters(finished_at=finished_at, started_at=started_at, turn=turn)
        for pk, finished_at, started_at, turn in Duel.objects.filter(status="finished")
        .values_list("pk", "finished_at", "started_at", "turn").iterator(chunk_size=5_000)
    }
    posts = Post.objects.filter(participant__duel__status="finished").order_by().values_list(
        "participant__duel_id", "steps")
    for duel_id, steps in posts.iterator(chunk_size=5_000):
        post_counters([steps], per_duel[duel_id])
    declarations = Declaration.objects.filter(window__duel__status="finished", status="published").order_by()
    for duel_id, rolls in declarations.values_list("window__duel_id", "rolls").iterator(chunk_size=5_000):
        roll_counters([rolls], per_duel[duel_id])
    DuelFigures.objects.all().delete()
    ClubFigure.objects.all().delete()
    DuelFigures.objects.bulk_create(
        (DuelFigures(duel_id=pk, counters=dict(counters)) for pk, counters in per_duel.items()), batch_size=2_000)
    sums: Counter = Counter()
    for counters in per_duel.values():
        sums.update(counters)
    ClubFigure.objects.bulk_create([ClubFigure(name=name, value=value) for name, value in sorted(sums.items()) if value],
                                   batch_size=2_000)
    return len(per_duel)
