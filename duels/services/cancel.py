"""Cancelling a duel that never started (a duellist left the forum, a wrong pairing): DESIGN.md's
`matched | setup | ready → cancelled`.

A cancelled duel is not an ended duel: it sets no `finished_at`, records no result, reveals no seed
(none was drawn) and starts no wand rest (RULES.md §2.1). `wand_rest_remaining` counts FINISHED duels
only, so a cancellation neither puts its duellists to rest nor counts toward anyone else's rest; and
`registration_create` looks only for duels not started or running, so the duellists may register again
at once. A duel has no window before the start signal, so there is nothing else to close or release.
"""
from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from audit.models import AuditAction
from audit.services import audit_record
from duels.events import DuelCancelled, emit
from duels.models import NOT_STARTED, OVER, Duel, DuelStatus
from duels.permissions import require_duel_referee
from duels.services.common import duel_lock
from duels.services.errors import DuelError


def require_cancellable(duel: Duel) -> None:
    """Only before the start signal: a running duel ends by the rules (forfeit, faults), never here."""
    if duel.status in OVER:
        raise DuelError("duel-already-over")
    if duel.status not in NOT_STARTED:
        raise DuelError("duel-already-started")


@transaction.atomic
def duel_cancel(*, duel: Duel, by: User, reason: str, now: dt.datetime | None = None) -> Duel:
    """The duel's referee (or staff) cancels a duel not yet started, with a reason the duellists are
    told (their e-mails after commit). Cancelling twice is refused and changes nothing."""
    now = now or timezone.now()
    duel = duel_lock(duel)
    require_duel_referee(duel, by)
    require_cancellable(duel)
    reason = (reason or "").strip()
    if not reason:
        raise DuelError("cancel-reason-required")
    duel.status = DuelStatus.CANCELLED
    duel.cancelled_at = now
    duel.cancelled_by = by
    duel.cancel_reason = reason
    duel.save(update_fields=["status", "cancelled_at", "cancelled_by", "cancel_reason"])
    audit_record(actor=by, action=AuditAction.DUEL_CANCEL, duel=duel, reason=reason)
    emit(DuelCancelled(duel=duel, now=now))  # each duellist is told, with the reason
    return duel
