"""The benchmarks' running duels: one 1v1 duel played through the services up to "a has posted, b is
expected" (the real catalogue), then cloned in bulk (a statement per template row, not the services
per duel). Call after django.setup(), inside the club the model duel belongs to."""
from __future__ import annotations

import copy
import datetime as dt
import os
from dataclasses import dataclass


@dataclass
class ModelDuel:
    """The played duel and the rows each clone copies."""

    duel: object
    referee: object
    participants: tuple  # (a, b): a has posted, b is expected
    window: object  # the open action window
    slots: dict  # participant pk → its slot in that window
    post: object  # a's post
    start: dt.datetime

    @property
    def duellists(self) -> tuple:
        return tuple(p.duellist for p in self.participants)


def clone(obj, **changes):
    """An unsaved copy of a model instance (no primary key), with `changes` set."""
    twin = copy.copy(obj)
    twin.pk = twin.id = None
    twin._state = copy.copy(obj._state)
    twin._state.adding = True
    for name, value in changes.items():
        setattr(twin, name, value)
    return twin


def model_duel_play() -> ModelDuel:
    """Load the catalogue and play one duel in the active club: started, a posted, b expected."""
    from django.conf import settings
    from django.core.management import call_command
    from django.utils import timezone

    from duels.models import Post, Window, WindowSlot
    from spells.snapshot import catalog_snapshot
    from tests.support.duels import post, started_duel

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # seeding only
    call_command("catalog_load", stdout=open(os.devnull, "w"))  # noqa: SIM115
    start = timezone.now()
    duel, referee, (a, b) = started_duel(spells=catalog_snapshot(), now=start)
    post(duel, a, [], now=start)
    duel.refresh_from_db()
    window = Window.objects.get(duel=duel)
    return ModelDuel(duel=duel, referee=referee, participants=(a, b), window=window,
                     slots={s.participant_id: s for s in WindowSlot.objects.filter(window=window)},
                     post=Post.objects.get(window=window), start=start)


def duels_clone(model: ModelDuel, plan: list[tuple]) -> None:
    """One clone of the model duel per row of `plan`: (club id, a's duellist id, b's duellist id, when its
    window is due and b's deadline falls). Copied in SQL, a statement per template row (INSERT … SELECT
    over the plan): the catalogue each duel carries never travels through Python."""
    from django.db import connection, transaction

    from accounts.models import User
    from duels.models import Duel, Participant, Post, Window, WindowSlot

    a, b = model.participants
    slots = (model.slots[a.pk], model.slots[b.pk])
    qn = connection.ops.quote_name
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("DROP TABLE IF EXISTS bench_plan")
        cursor.execute(f"CREATE TEMP TABLE bench_plan (k integer PRIMARY KEY, club_id bigint, a_id bigint, b_id bigint, "
                       f"due {connection.data_types['DateTimeField']})")
        cursor.executemany("INSERT INTO bench_plan VALUES (%s, %s, %s, %s, %s)", [
            (k, club, da, db, connection.ops.adapt_datetimefield_value(due))
            for k, (club, da, db, due) in enumerate(plan, start=1)])
        base = {}
        for m in (Duel, Participant, Window, WindowSlot, Post):
            cursor.execute(f"SELECT COALESCE(MAX(id), 0) FROM {m._meta.db_table}")
            base[m] = cursor.fetchone()[0]

        def new_id(m, index: int = 0, of: int = 1) -> str:  # the k-th clone of a table's index-th template row
            return f"{base[m]} + {of} * (p.k - 1) + {index + 1}"

        def insert(m, template, **columns) -> None:
            names = [f.column for f in m._meta.concrete_fields]
            kept = [f.name for f in m._meta.concrete_fields  # only the accounts (global) are the template's
                    if f.is_relation and f.related_model is not User and f.column not in columns]
            assert not kept and set(columns) <= set(names), f"{m.__name__}: say what a clone's {kept} point to"
            values = [columns.get(column, f"t.{qn(column)}") for column in names]
            names = [qn(column) for column in names]
            table = m._meta.db_table
            cursor.execute(f"INSERT INTO {table} ({', '.join(names)}) SELECT {', '.join(values)} FROM {table} t "
                           f"CROSS JOIN bench_plan p WHERE t.id = %s", [template.pk])

        owned = {"club_id": "p.club_id"}
        insert(Duel, model.duel, id=new_id(Duel), **owned)
        for index, (participant, who) in enumerate(zip((a, b), ("p.a_id", "p.b_id"), strict=True)):
            insert(Participant, participant, id=new_id(Participant, index, 2), duel_id=new_id(Duel), duellist_id=who,
                 registration_id="NULL", forfeit_window_id="NULL", **owned)
        insert(Window, model.window, id=new_id(Window), duel_id=new_id(Duel), due_at="p.due", opened_by_id="NULL",
             **owned)
        for index, slot in enumerate(slots):
            insert(WindowSlot, slot, id=new_id(WindowSlot, index, 2), window_id=new_id(Window),
                 participant_id=new_id(Participant, index, 2), **({"deadline": "p.due"} if index else {}), **owned)
        insert(Post, model.post, id=new_id(Post), window_id=new_id(Window), participant_id=new_id(Participant, 0, 2),
             replaces_id="NULL", **owned)
        if connection.vendor == "postgresql":
            for m in base:
                table = m._meta.db_table
                cursor.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT MAX(id) FROM {table}))")
        cursor.execute("DROP TABLE bench_plan")


def analyze() -> None:
    """Fresh planner statistics after a bulk load, as autovacuum would give them."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE" if connection.vendor == "postgresql" else "ANALYZE")
