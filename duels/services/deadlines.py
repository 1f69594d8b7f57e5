"""The deadline sweep (DESIGN.md "Deadlines"; healthchecks' sendalerts pattern).

Expiry is per window: a window is due at `Window.due_at`, the latest deadline among the duellists it
still awaits (48 h after the referee post, later for a granted exemption; recomputed on every post
and exemption). So a window expires only once every missing poster is late, and then each of them at
once gets an absence fault and an automatic post. A duellist past their own deadline can no longer
post meanwhile (post_submit checks each duellist's deadline), so the outcome is the same as expiring
slots one by one; only the time the fault is written differs.

At the very instant of a deadline a post is still on time and the window is already due: the duel row
lock taken by both post_submit and the sweep, and the sweep's conditional update, decide which wins.
"""
from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone

from duels.models import Duel, Fault, FaultKind, Phase, Post, SlotStatus, Window, WindowState
from duels.services import notices, rules
from duels.services.common import declaration_due, next_post_order
from duels.services.finish import duel_finish
from duels.services.sanctions import absence_count

logger = logging.getLogger(__name__)


@dataclass
class SweepReport:
    expired_windows: list[int] = field(default_factory=list)
    absences: list[tuple[int, str]] = field(default_factory=list)  # (duel id, engine id)
    disqualified: list[tuple[int, str]] = field(default_factory=list)
    finished_duels: list[int] = field(default_factory=list)
    failed_windows: list[int] = field(default_factory=list)

    def merge(self, other: SweepReport) -> None:
        for name in ("expired_windows", "absences", "disqualified", "finished_duels"):
            getattr(self, name).extend(getattr(other, name))

    def describe(self) -> str:
        """One line for logs and commands: what this run did."""
        if not (self.expired_windows or self.failed_windows):
            return "no window due"
        parts = [f"{len(self.expired_windows)} window(s) expired {self.expired_windows}"]
        if self.absences:
            parts.append("absence faults: " + ", ".join(f"duel {d} {who}" for d, who in self.absences))
        if self.disqualified:
            parts.append("disqualified: " + ", ".join(f"duel {d} {who}" for d, who in self.disqualified))
        if self.finished_duels:
            parts.append(f"duels finished {self.finished_duels}")
        if self.failed_windows:
            parts.append(f"FAILED (left open, retried next run) {self.failed_windows}")
        return "; ".join(parts)


def automatic_steps(phase: str) -> list[dict]:
    """What a missing post counts as (§6): a pass in the action phase, "do nothing" in defence."""
    return [] if phase == Phase.ACTION else [{"nothing": True}]


def window_expire_overdue(*, now: dt.datetime | None = None, window_id: int | None = None) -> SweepReport:
    """Expire every open window that is due (only window `window_id` when given: the eta task). Each window
    is claimed with a conditional update (`state=open → expired`) in its own transaction and processed only
    when that update changed one row: concurrent or repeated runs never process a window twice. A window whose processing fails is rolled
    back (it stays open and is retried on the next run) and reported."""
    now = now or timezone.now()
    report = SweepReport()
    due = Window.objects.filter(state=WindowState.OPEN, due_at__lte=now).order_by("due_at", "pk")
    if window_id is not None:
        due = due.filter(pk=window_id)
    for due_id, duel_id in due.values_list("pk", "duel_id"):
        try:
            with transaction.atomic():
                done = _expire_window(window_id=due_id, duel_id=duel_id, now=now)
        except Exception:
            logger.exception("Deadline sweep: window %s failed; it stays open for the next run.", due_id)
            report.failed_windows.append(due_id)
            continue
        if done is not None:
            report.merge(done)
    return report


def _expire_window(*, window_id: int, duel_id: int, now: dt.datetime) -> SweepReport | None:
    duel = Duel.objects.select_for_update().get(pk=duel_id)  # same lock order as post_submit: duel, then window
    claimed = Window.objects.filter(pk=window_id, state=WindowState.OPEN, due_at__lte=now).update(
        state=WindowState.EXPIRED, closed_at=now
    )
    if claimed != 1:
        return None
    notices.on_window_expired(window_id)
    window = Window.objects.get(pk=window_id)
    report = SweepReport(expired_windows=[window_id])
    state = rules.state_load(duel.state)
    missing = window.slots.filter(status=SlotStatus.WAITING).select_related("participant").order_by("deadline", "pk")
    for slot in missing:
        participant = slot.participant
        slot.status = SlotStatus.ABSENT
        slot.save(update_fields=["status"])
        Post.objects.create(
            window=window, participant=participant, order=next_post_order(window),
            steps=automatic_steps(window.phase), automatic=True, submitted_at=now,
        )
        was_disqualified = participant.disqualified
        state, events = absence_count(participant=participant, state=state)
        Fault.objects.create(
            participant=participant, kind=FaultKind.ABSENCE, window=window, created_at=now,
            note=" ".join(
                [f"Absence : aucun message avant le {timezone.localtime(slot.deadline):%d/%m/%Y %H:%M}."]
                + [e.text for e in events]
            ),
        )
        report.absences.append((duel.pk, participant.engine_id))
        if participant.disqualified and not was_disqualified:
            report.disqualified.append((duel.pk, participant.engine_id))
    if rules.outcome(state).finished:
        duel_finish(duel=duel, state=state, now=now)
        report.finished_duels.append(duel.pk)
    else:
        duel.state = state.to_dict()
        duel.save(update_fields=["state"])
        declaration_due(duel=duel, window=window)
    return report
