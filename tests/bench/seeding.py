"""The benchmarks' running duels: one 1v1 duel played through the services up to "a has posted, b is
expected" (the real catalogue), then cloned in bulk (a few statements per table, not the services per
duel). Call after django.setup(), inside the club the model duel belongs to."""
from __future__ import annotations

import copy
import datetime as dt
import os
from dataclasses import dataclass

BATCH = 2_000


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


def duels_clone(model: ModelDuel, club, duellists: tuple, due: list[dt.datetime]) -> list:
    """len(due) clones of the model duel in `club`, played by `duellists` (a's, b's); clone i's window
    is due, and b's deadline falls, at due[i]. Returns the new duels."""
    from django.db import transaction

    from clubs.scoping import scopes_disabled
    from duels.models import Duel, Participant, Post, Window, WindowSlot

    a, b = model.participants
    slot_a, slot_b = model.slots[a.pk], model.slots[b.pk]
    with transaction.atomic(), scopes_disabled():
        duels = Duel.objects.bulk_create([clone(model.duel, club=club) for _ in due], batch_size=BATCH)
        participants = Participant.objects.bulk_create(
            [clone(p, club=club, duel=d, duellist=who, registration=None)
             for d in duels for p, who in zip((a, b), duellists, strict=True)], batch_size=BATCH)
        windows = Window.objects.bulk_create(
            [clone(model.window, club=club, duel=d, due_at=at) for d, at in zip(duels, due, strict=True)],
            batch_size=BATCH)
        slots, posts = [], []
        for i, (w, at) in enumerate(zip(windows, due, strict=True)):
            pa, pb = participants[2 * i], participants[2 * i + 1]
            slots.append(clone(slot_a, club=club, window=w, participant=pa))
            slots.append(clone(slot_b, club=club, window=w, participant=pb, deadline=at))
            posts.append(clone(model.post, club=club, window=w, participant=pa))
        WindowSlot.objects.bulk_create(slots, batch_size=BATCH)
        Post.objects.bulk_create(posts, batch_size=BATCH)
    return duels


def analyze() -> None:
    """Fresh planner statistics after a bulk load, as autovacuum would give them."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE" if connection.vendor == "postgresql" else "ANALYZE")
