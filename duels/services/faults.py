"""Faults (RULES.md §6), exemptions (§1.4) and forfeits (§3.3)."""
from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils import formats, timezone
from django.utils.translation import ngettext

from accounts.models import User
from audit.models import AuditAction
from audit.services import audit_record
from duels import selectors
from duels.events import ExemptionDecided, ExemptionRequested, ForfeitDeclared, SanctionRecorded, emit
from duels.models import (
    Duel,
    Exemption,
    ExemptionStatus,
    Fault,
    FaultKind,
    Participant,
    SlotStatus,
    Window,
    WindowSlot,
)
from duels.permissions import require_duel_referee
from duels.selectors.house_rules import exemption_limit, rules_of
from duels.services import rules
from duels.services.common import (
    duel_lock,
    open_window_locked,
    participant_of,
    require_running,
    window_refresh,
)
from duels.services.deadlines import SweepReport, window_expire_overdue
from duels.services.errors import DuelError
from duels.services.reminders import reminders_rearm
from duels.services.sanctions import state_commit


def _when(moment: dt.datetime) -> str:
    return formats.date_format(timezone.localtime(moment), "DATETIME_FORMAT")


@transaction.atomic
def fault_record(
    *, duel: Duel, participant: Participant, by: User, kind: str = FaultKind.OTHER, note: str = "",
    pf_penalty: int = 0, now: dt.datetime | None = None,
) -> Fault:
    """The referee (or staff) records a fault other than an absence (a note is required), with an optional
    PF penalty applied by the engine. Absence faults come only from a missed window (RULES.md §6): the
    sweep, or `absence_confirm` once the window's deadline has passed."""
    now = now or timezone.now()
    duel = duel_lock(duel)
    require_duel_referee(duel, by)
    participant = Participant.objects.get(pk=participant.pk, duel=duel)
    if kind not in FaultKind.values:
        raise DuelError("refused")
    if kind == FaultKind.ABSENCE:
        raise DuelError("absence-from-window")
    if kind == FaultKind.OTHER and not (note or "").strip():
        raise DuelError("note-required")
    if pf_penalty is None or pf_penalty < 0:
        raise DuelError("invalid-penalty")
    fault = Fault.objects.create(
        participant=participant, kind=kind, note=note or "", pf_penalty=pf_penalty, recorded_by=by, created_at=now
    )
    audit_record(actor=by, action=AuditAction.FAULT, duel=duel, reason=note or "",
                 data={"fault": fault.pk, "participant": participant.engine_id, "kind": kind, "pf_penalty": pf_penalty})
    if pf_penalty == 0:
        return fault
    require_running(duel)
    state = rules.state_load(duel.state)
    if pf_penalty:
        me = state.duellist(participant.engine_id)
        if me.out:
            raise DuelError("already-out")
        state, _events = rules.apply_penalty(state, participant.engine_id, pf_penalty)
    emit(SanctionRecorded(duel=duel, fault=fault, now=now))  # webhooks
    state_commit(duel=duel, state=state, now=now)
    return fault


@transaction.atomic
def absence_confirm(*, duel: Duel, by: User, now: dt.datetime | None = None) -> SweepReport:
    """The referee confirms the missed posts of the open window once its deadline has passed for every
    duellist it still awaits, without waiting for the sweep: the same expiry (absence faults, automatic
    posts, the third absence disqualifies). Refused while anyone awaited still has time. One transaction:
    the expiry and its audit entry commit together (locks: the duel, then its window, as everywhere)."""
    now = now or timezone.now()
    duel = duel_lock(duel)
    require_duel_referee(duel, by)
    window = open_window_locked(duel)
    if window is None:
        raise DuelError("window-not-open")
    if window.due_at is None or window.due_at > now:
        raise DuelError("absence-deadline-not-passed", deadline=_when(window.due_at or now))
    report = window_expire_overdue(now=now, window_id=window.pk)
    if window.pk not in report.expired_windows:
        raise DuelError("absence-deadline-not-passed", deadline=_when(window.due_at))
    audit_record(actor=by, action=AuditAction.FAULT, duel=duel, reason="",
                 data={"window": window.pk, "absences": [who for _duel, who in report.absences]})
    return report


@transaction.atomic
def forfeit(*, duel: Duel, by: User, now: dt.datetime | None = None) -> Participant:
    """A duellist gives up (any time during the duel): treated as out; the duel ends at once if their
    whole team is now out."""
    now = now or timezone.now()
    participant = participant_of(duel, by)
    duel = duel_lock(duel)
    require_running(duel)
    state = rules.state_load(duel.state)
    if state.duellist(participant.engine_id).out:
        raise DuelError("already-out")
    state, _events = rules.apply_forfeit(state, participant.engine_id)
    participant.forfeited = True
    participant.forfeited_at = now
    # The phase it happened in: the one open, else the last one (its declaration was awaited).
    participant.forfeit_window = selectors.open_window(duel) or duel.windows.order_by("-turn", "-phase").first()
    participant.save(update_fields=["forfeited", "forfeited_at", "forfeit_window"])
    state_commit(duel=duel, state=state, now=now)
    emit(ForfeitDeclared(duel=duel, participant=participant, now=now))  # the others and the referee are told
    return participant


EXEMPTION_USED = (ExemptionStatus.REQUESTED, ExemptionStatus.GRANTED)


def exemption_refusal(
    participant: Participant, window: Window | None, *, exemptions: list[Exemption] | None = None,
    slot: WindowSlot | None = None, now: dt.datetime | None = None, duel: Duel | None = None,
) -> DuelError | None:
    """Why `participant` may not ask for an exemption in `window` now, or None when they may (RULES.md §1.4):
    the house rules' exemptions per duellist per duel (one by default, RULES.md §8; a refused request may be renewed), asked while they are awaited
    in the open window and before their deadline. `exemptions` (the participant's) and `slot` (their slot
    in `window`) spare the queries when the caller has read them."""
    if exemptions is None:
        exemptions = list(Exemption.objects.filter(participant=participant, status__in=EXEMPTION_USED))
    allowed = rules_of(duel or participant.duel).exemptions  # RULES.md §8 `exemptions` (1 by default)
    pending = any(e.status == ExemptionStatus.REQUESTED for e in exemptions)
    used = max(sum(e.status in EXEMPTION_USED for e in exemptions), int(participant.exemption_used))
    if allowed == 0:
        return DuelError("no-exemption")
    if allowed == 1 and used:
        return DuelError("exemption-already-used")
    if pending:
        return DuelError("exemption-pending")
    if used >= allowed:
        return DuelError("exemptions-used", count=allowed)
    if slot is None and window is not None:
        slot = window.slots.filter(participant=participant, status=SlotStatus.WAITING).first()
    if slot is None or slot.status != SlotStatus.WAITING:
        return DuelError("not-expected")
    if (now or timezone.now()) > slot.deadline:
        return DuelError("deadline-passed", deadline=_when(slot.deadline))
    return None


@transaction.atomic
def exemption_request(
    *, duel: Duel, by: User, reason: str, wished_deadline: dt.datetime, now: dt.datetime | None = None
) -> Exemption:
    """A duellist awaited in the open window asks for a later deadline, at most 5 days after the referee
    post that opened the window. One exemption per duellist per duel (a refused request may be renewed)."""
    now = now or timezone.now()
    participant = participant_of(duel, by)
    duel = duel_lock(duel)
    require_running(duel)
    window = open_window_locked(duel)
    slot = window.slots.filter(participant=participant, status=SlotStatus.WAITING).first() if window else None
    refusal = exemption_refusal(participant, window, slot=slot, now=now, duel=duel)
    if refusal is not None:
        raise refusal
    if not (reason or "").strip():
        raise DuelError("reason-required")
    _check_new_deadline(window.opened_at, slot.deadline, wished_deadline, rules_of(duel))
    exemption = Exemption.objects.create(
        participant=participant, window=window, reason=reason.strip(), wished_deadline=wished_deadline,
        requested_at=now,
    )
    emit(ExemptionRequested(duel=duel, exemption=exemption, now=now))  # the referee is told
    return exemption


def _check_new_deadline(opened_at: dt.datetime, current: dt.datetime, wanted: dt.datetime, house) -> None:
    limit = opened_at + exemption_limit(house)
    if wanted > limit:
        days = ngettext("%(count)d jour", "%(count)d jours", house.exemption_days) % {"count": house.exemption_days}
        raise DuelError("exemption-too-late", limit=_when(limit), days=days)
    if wanted <= current:
        raise DuelError("exemption-not-later", deadline=_when(current))


@transaction.atomic
def exemption_decide(
    *, exemption: Exemption, by: User, grant: bool, deadline: dt.datetime | None = None,
    now: dt.datetime | None = None,
) -> Exemption:
    """The referee grants (with the wished deadline, or another one within the 5-day limit) or refuses."""
    now = now or timezone.now()
    duel = duel_lock(exemption.participant.duel)
    exemption = Exemption.objects.select_for_update().select_related("window", "participant").get(pk=exemption.pk)
    require_duel_referee(duel, by)
    if exemption.status != ExemptionStatus.REQUESTED:
        raise DuelError("exemption-not-pending")
    exemption.decided_at = now
    exemption.decided_by = by
    if not grant:
        exemption.status = ExemptionStatus.REFUSED
        exemption.save(update_fields=["status", "decided_at", "decided_by"])
        _audit_exemption(exemption, duel, by)
        emit(ExemptionDecided(duel=duel, exemption=exemption, now=now))
        return exemption
    window = open_window_locked(duel)
    slot = None
    if window is not None and window.pk == exemption.window_id:
        slot = window.slots.filter(participant=exemption.participant, status=SlotStatus.WAITING).first()
    if slot is None:
        raise DuelError("exemption-window-closed")
    new_deadline = deadline or exemption.wished_deadline
    _check_new_deadline(window.opened_at, slot.deadline, new_deadline, rules_of(duel))
    slot.deadline = new_deadline
    slot.save(update_fields=["deadline", *reminders_rearm(slot=slot, now=now)])
    window_refresh(window=window, duel=duel, now=now)
    exemption.status = ExemptionStatus.GRANTED
    exemption.granted_deadline = new_deadline
    exemption.save(update_fields=["status", "granted_deadline", "decided_at", "decided_by"])
    participant = exemption.participant
    participant.exemption_used = True
    participant.save(update_fields=["exemption_used"])
    _audit_exemption(exemption, duel, by)
    emit(ExemptionDecided(duel=duel, exemption=exemption, now=now))  # the duellist is told
    return exemption


def _audit_exemption(exemption: Exemption, duel: Duel, by: User) -> None:
    deadline = exemption.granted_deadline.isoformat() if exemption.granted_deadline else None
    audit_record(actor=by, action=AuditAction.EXEMPTION_DECIDE, duel=duel, reason=exemption.reason,
                 data={"exemption": exemption.pk, "participant": exemption.participant.engine_id,
                       "granted": exemption.status == ExemptionStatus.GRANTED, "deadline": deadline})
