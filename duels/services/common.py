"""Helpers shared by the duel services: permissions, locking, windows."""
from __future__ import annotations

import datetime as dt
import hashlib
import json

from django.conf import settings
from django.db.models import Max

from accounts.models import User
from duels.events import WindowClosed, WindowOpened, emit
from duels.models import Duel, DuelStatus, Participant, Phase, SlotStatus, Window, WindowSlot, WindowState
from duels.selectors.house_rules import posting_delay, rules_of
from duels.services.errors import DuelError

# The rulebook's numbers (RULES.md §1.4); a duel reads its own (duels.selectors.house_rules).
POSTING_DELAY = dt.timedelta(seconds=settings.POSTING_DELAY_SECONDS)  # 48 h
EXEMPTION_LIMIT = dt.timedelta(days=5)


def duel_lock(duel: Duel) -> Duel:
    """Reload the duel with its row locked: every service that changes a running duel takes this lock
    first, so they serialize per duel (and always lock in the same order: duel, then window)."""
    return Duel.objects.select_for_update().get(pk=duel.pk)


def participant_of(duel: Duel, user: User) -> Participant:
    participant = Participant.objects.filter(duel=duel, duellist__user=user).select_related("duellist").first()
    if participant is None:
        raise DuelError("not-participant")
    return participant


def require_running(duel: Duel) -> None:
    if not duel.is_running:
        raise DuelError("duel-not-running")


def state_fingerprint(state: dict | None) -> str:
    return hashlib.sha256(json.dumps(state, sort_keys=True, separators=(",", ":")).encode()).hexdigest()


def window_create(*, duel: Duel, phase: str, expected: list[str], opened_by, now: dt.datetime) -> Window:
    """Open the window of `phase` for `duel.turn` and announce it (`WindowOpened`)."""
    window = window_open(duel=duel, phase=phase, expected=expected, opened_by=opened_by, now=now)
    emit(WindowOpened(duel=duel, window=window, now=now))  # the duellists told (the minute sweep enforces the deadline)
    return window


def window_open(*, duel: Duel, phase: str, expected: list[str], opened_by, now: dt.datetime) -> Window:
    """The window of `phase` for `duel.turn`, not yet announced: a slot with a 48 h deadline per
    expected engine id."""
    due = now + posting_delay(rules_of(duel))  # §1.4: the duel's deadline_hours (48 h by default)
    window = Window.objects.create(
        duel=duel, turn=duel.turn, phase=phase, opened_at=now, opened_by=opened_by, due_at=due
    )
    participants = {p.engine_id: p for p in duel.participants.all()}
    WindowSlot.objects.bulk_create(
        [WindowSlot(window=window, participant=participants[eid], deadline=due) for eid in expected]
    )
    duel.status = DuelStatus.ACTION if phase == Phase.ACTION else DuelStatus.DEFENCE
    duel.save(update_fields=["status", "turn"])
    return window


def window_refresh(*, window: Window, duel: Duel, now: dt.datetime) -> None:
    """After a slot changed: close the window when nobody is awaited any more (the declaration is then
    due), else move its due time to the latest deadline among those still awaited."""
    latest = window.slots.filter(status=SlotStatus.WAITING).aggregate(latest=Max("deadline"))["latest"]
    if latest is None:
        window.state = WindowState.CLOSED
        window.closed_at = now
        window.save(update_fields=["state", "closed_at"])
        declaration_due(duel=duel, window=window)
        emit(WindowClosed(duel=duel, window=window, now=now))  # the referee is told the declaration is due
    elif latest != window.due_at:
        window.due_at = latest
        window.save(update_fields=["due_at"])  # the sweep reads it: no message to move


def declaration_due(*, duel: Duel, window: Window) -> None:
    duel.status = DuelStatus.AWAITING_FIRST if window.phase == Phase.ACTION else DuelStatus.AWAITING_SECOND
    duel.save(update_fields=["status"])


def open_window_locked(duel: Duel) -> Window | None:
    """The duel's open window, its row locked until the transaction ends (call inside one). A read
    without a lock is `duels.selectors.open_window`."""
    return Window.objects.filter(duel=duel, state=WindowState.OPEN).select_for_update().first()


def next_post_order(window: Window) -> int:
    """Posting order: 1 + the posts already in the window. Call with the window row locked."""
    return (window.posts.aggregate(m=Max("order"))["m"] or 0) + 1
