"""The referee's deadline tools and the handover of a duel. Each action is logged in the audit log, in
its own transaction, which also stores the notices of the duellists concerned.

- `window_deadline_extend`: every duellist still awaited in the open window gets a later deadline (a site
  outage kept everyone from posting).
- `missed_post_reopen`: a duellist the sweep marked absent may post after all, while the window's
  declaration is not published yet (the absence fault is lifted; the automatic pass is voided).
- `referee_release`: the referee gives a duel not started yet back to the queue; `referee_reassign`: staff
  give a duel to another referee any time before it ends (a running duel always has a referee).
"""
from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils import formats, timezone

from accounts.models import User
from audit.models import AuditAction
from audit.services import audit_record
from duels.events import DeadlineExtended, PostReopened, emit
from duels.models import (
    NOT_STARTED,
    OVER,
    Declaration,
    Duel,
    DuelStatus,
    Fault,
    FaultKind,
    Participant,
    Phase,
    Post,
    SlotStatus,
    Window,
    WindowState,
)
from duels.permissions import referees_any_duel, require_duel_referee, require_may_referee
from duels.selectors.house_rules import posting_delay, rules_of
from duels.services.common import (
    duel_lock,
    open_window_locked,
    window_refresh,
)
from duels.services.errors import DuelError
from duels.services.reminders import reminders_rearm
from duels.services.setup import _status_when_prepared

MAX_EXTENSION = dt.timedelta(days=14)  # an outage is days, not weeks: past this, cancel or forfeit


def _when(moment: dt.datetime) -> str:
    return formats.date_format(timezone.localtime(moment), "DATETIME_FORMAT")


def _required_reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise DuelError("reason-required")
    return reason


@transaction.atomic
def window_deadline_extend(
    *, duel: Duel, by: User, deadline: dt.datetime, reason: str, now: dt.datetime | None = None
) -> Window:
    """Move the deadline of every duellist still awaited in the open window to `deadline` (never earlier
    than their own: an exemption already granted further keeps its date)."""
    now = now or timezone.now()
    duel = duel_lock(duel)
    require_duel_referee(duel, by)
    reason = _required_reason(reason)
    window = open_window_locked(duel)
    if window is None:
        raise DuelError("window-not-open")
    slots = list(window.slots.select_for_update().filter(status=SlotStatus.WAITING))
    moved = [slot for slot in slots if slot.deadline < deadline]
    if not moved or deadline <= now:
        current = min((s.deadline for s in slots), default=window.due_at or now)
        raise DuelError("deadline-not-later", deadline=_when(current))
    if deadline > now + MAX_EXTENSION:
        raise DuelError("extension-too-late", limit=_when(now + MAX_EXTENSION))
    for slot in moved:
        before = slot.deadline
        slot.deadline = deadline
        slot.save(update_fields=["deadline", *reminders_rearm(slot=slot, now=now)])
        slot.before = before
    window_refresh(window=window, duel=duel, now=now)
    audit_record(actor=by, action=AuditAction.DEADLINE_EXTEND, duel=duel, reason=reason, data={
        "window": window.pk, "turn": window.turn, "phase": window.phase, "deadline": deadline.isoformat(),
        "duellists": {s.participant_id: s.before.isoformat() for s in moved},
    })
    emit(DeadlineExtended(duel=duel, window=window, now=now))
    return window


@transaction.atomic
def missed_post_reopen(
    *, duel: Duel, participant: Participant, by: User, reason: str, now: dt.datetime | None = None
) -> Window:
    """A duellist recorded absent by the sweep in the window now awaiting its declaration may post after
    all, within 48 h: the window reopens for them alone, their automatic post is voided, the absence fault
    is lifted (its note says so; the count goes down). Refused once the declaration is published, or when
    that absence disqualified them (the duel state already treats them as out)."""
    now = now or timezone.now()
    duel = duel_lock(duel)
    require_duel_referee(duel, by)
    reason = _required_reason(reason)
    participant = Participant.objects.select_for_update().get(pk=participant.pk, duel=duel)
    phase = {DuelStatus.AWAITING_FIRST: Phase.ACTION, DuelStatus.AWAITING_SECOND: Phase.DEFENCE}.get(duel.status)
    if phase is None:
        raise DuelError("not-awaiting-declaration")
    window = Window.objects.select_for_update().get(duel=duel, turn=duel.turn, phase=phase)
    if Declaration.objects.filter(window=window, status="published").exists():
        raise DuelError("declaration-published")
    slot = window.slots.select_for_update().filter(participant=participant, status=SlotStatus.ABSENT).first()
    automatic = Post.objects.filter(window=window, participant=participant, automatic=True).first()
    if slot is None or automatic is None:
        raise DuelError("slot-not-absent")
    if participant.disqualified:
        raise DuelError("absence-disqualified")
    fault = Fault.objects.filter(participant=participant, window=window, kind=FaultKind.ABSENCE).first()
    if fault is not None:
        fault.note = f"{fault.note} — Levée par l'arbitre : {reason}".strip(" —")
        fault.save(update_fields=["note"])
    participant.absence_faults = max(0, participant.absence_faults - 1)
    participant.save(update_fields=["absence_faults"])
    window.voided_posts = [*window.voided_posts, {
        "post": automatic.pk, "by": participant.engine_id, "mode": "repost", "reason": reason}]
    slot.status = SlotStatus.WAITING
    slot.deadline = now + posting_delay(rules_of(duel))
    slot.reminded_24h_at = slot.reminded_6h_at = None
    slot.save(update_fields=["status", "deadline", "reminded_24h_at", "reminded_6h_at"])
    window.state = WindowState.OPEN
    window.closed_at = None
    window.due_at = slot.deadline
    window.save(update_fields=["voided_posts", "state", "closed_at", "due_at"])
    duel.status = DuelStatus.ACTION if phase == Phase.ACTION else DuelStatus.DEFENCE
    duel.save(update_fields=["status"])
    audit_record(actor=by, action=AuditAction.POST_REOPEN, duel=duel, reason=reason, data={
        "window": window.pk, "participant": participant.engine_id, "deadline": slot.deadline.isoformat(),
        "voided_post": automatic.pk, "fault": fault.pk if fault else None})
    emit(PostReopened(duel=duel, window=window, participant_id=participant.pk, now=now))
    return window


@transaction.atomic
def referee_release(*, duel: Duel, by: User, reason: str = "") -> Duel:
    """The duel's referee (or staff) gives a duel not started yet back to the queue, where any referee may
    take it. A running duel always has a referee: staff hand it to another one (`referee_reassign`)."""
    duel = duel_lock(duel)
    require_duel_referee(duel, by)
    if duel.status in OVER:
        raise DuelError("duel-already-over")
    if duel.status not in NOT_STARTED:  # a running duel always has a referee (a database constraint)
        raise DuelError("referee-release-started")
    if duel.referee_id is None:
        raise DuelError("not-the-referee")
    previous = duel.referee_id
    duel.referee = None
    duel.status = DuelStatus.MATCHED
    duel.save(update_fields=["referee", "status"])
    audit_record(actor=by, action=AuditAction.REFEREE_RELEASE, duel=duel, reason=(reason or "").strip(),
                 data={"previous_referee": previous})
    return duel


@transaction.atomic
def referee_reassign(*, duel: Duel, referee: User, by: User, reason: str = "") -> Duel:
    """Staff holding `duels.referee_any_duel` give a duel (started or not, not over) to another referee (never
    one of its duellists), with a reason for the log."""
    duel = duel_lock(duel)
    if not referees_any_duel(by):
        raise DuelError("not-referee")
    require_may_referee(duel, referee)
    if duel.status in OVER:
        raise DuelError("duel-already-over")
    previous = duel.referee_id
    duel.referee = referee
    fields = ["referee"]
    if duel.status in NOT_STARTED:
        duel.status = _status_when_prepared(duel)
        fields.append("status")
    duel.save(update_fields=fields)
    audit_record(actor=by, action=AuditAction.REFEREE_ASSIGN, duel=duel, reason=(reason or "").strip(),
                 data={"referee": referee.pk, "previous_referee": previous})
    return duel
