"""Reminders before a duellist's deadline (24 h and 6 h before), each sent once.

Like the sweep, the job only reads slots already due for a reminder, and claims each one with a
conditional update (`reminded_6h_at IS NULL → now`, still awaited, deadline still ahead) in the same
transaction as the notice: overlapping or repeated runs send nothing twice, and a post that lands first
makes the claim fail. A slot first seen inside 6 h gets the 6 h reminder only (its 24 h one is claimed
with it). An exemption that moves the deadline re-arms the reminders still ahead (`reminders_rearm`).
The slots due are read for every club in one statement (`scopes_disabled()`); each reminder is then
claimed and sent inside `activate_club` of its slot's club (its link, its time zone).
"""
from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import Q
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext_noop

from accounts.models import Notification
from accounts.notice_keys import reminder_key
from accounts.services.notifications import notification_send
from clubs.scoping import activate_club, scopes_disabled
from common.messages import moment
from duels.events import ReminderDue, emit
from duels.models import Duel, SlotStatus, WindowSlot, WindowState
from duels.services.common import duel_lock
from duels.services.notices import duel_name, duel_url

logger = logging.getLogger(__name__)

BEFORE_24H = dt.timedelta(hours=24)
BEFORE_6H = dt.timedelta(hours=6)


@dataclass
class ReminderReport:
    sent: list[tuple[int, str]] = field(default_factory=list)  # (slot id, "24h" | "6h")
    failed_slots: list[int] = field(default_factory=list)

    def describe(self) -> str:
        if not (self.sent or self.failed_slots):
            return "no reminder due"
        parts = [
            f"{len(self.sent)} reminder(s) sent"
            + (" (" + ", ".join(f"slot {slot} {label}" for slot, label in self.sent) + ")" if self.sent else "")
        ]
        if self.failed_slots:
            parts.append(f"FAILED (retried next run) {self.failed_slots}")
        return "; ".join(parts)


def _awaited(now: dt.datetime):
    """Slots still awaited in an open window whose deadline has not passed yet."""
    return WindowSlot.objects.filter(status=SlotStatus.WAITING, window__state=WindowState.OPEN, deadline__gte=now)


def reminders_send(*, now: dt.datetime | None = None) -> ReminderReport:
    """Send every reminder that is due (24 h or 6 h before the deadline), each once."""
    now = now or timezone.now()
    report = ReminderReport()
    with scopes_disabled():  # every club's slots due for a reminder: one statement
        due = list(_awaited(now).filter(
            Q(deadline__lte=now + BEFORE_24H, reminded_24h_at__isnull=True)
            | Q(deadline__lte=now + BEFORE_6H, reminded_6h_at__isnull=True)
        ).select_related("club").only("pk", "club").order_by("deadline", "pk"))
    for slot in due:
        slot_id = slot.pk
        try:
            with activate_club(slot.club), transaction.atomic():
                label = _remind(slot_id=slot_id, now=now)
        except Exception:
            logger.exception("Reminders: slot %s failed; retried on the next run.", slot_id)
            report.failed_slots.append(slot_id)
            continue
        if label:
            report.sent.append((slot_id, label))
    return report


def _remind(*, slot_id: int, now: dt.datetime) -> str | None:
    # The duel's row first, as every service that changes a duel locks it (posting: the duel, its window,
    # then the slot): claiming the slot first and then writing the notice (a row that refers to the duel)
    # would wait on a post holding the duel while that post waits on this slot — a deadlock.
    duel_id = WindowSlot.objects.filter(pk=slot_id).values_list("window__duel_id", flat=True).first()
    if duel_id is None:
        return None
    duel_lock(Duel(pk=duel_id))
    # One table only: on PostgreSQL a join (`IN (SELECT …)`) is not re-checked after waiting on the row
    # lock, so two runs could both claim. A slot still awaited is in an open window by construction.
    still_due = WindowSlot.objects.filter(pk=slot_id, status=SlotStatus.WAITING, deadline__gte=now)
    label = "6h"
    claimed = still_due.filter(deadline__lte=now + BEFORE_6H, reminded_6h_at__isnull=True).update(
        reminded_6h_at=now, reminded_24h_at=Coalesce("reminded_24h_at", now)
    )
    if not claimed:
        label = "24h"
        claimed = still_due.filter(deadline__lte=now + BEFORE_24H, reminded_24h_at__isnull=True).update(
            reminded_24h_at=now
        )
    if claimed != 1:
        return None
    slot = WindowSlot.objects.select_related("window__duel", "participant__duellist__user").get(pk=slot_id)
    duel = slot.window.duel
    notification_send(duel=duel,
        user=slot.participant.duellist.user, kind=Notification.Kind.REMINDER, url=duel_url(duel),
        dedupe_key=reminder_key(slot_id=slot.pk, label=label, deadline=slot.deadline),
        message_id=gettext_noop("%(duel)s : rappel, vous n'avez pas encore posté (tour %(turn)s). Date limite : "
                                "%(deadline)s."),
        params={"duel": duel_name(duel), "turn": slot.window.turn, "deadline": moment(slot.deadline)},
    )
    emit(ReminderDue(duel=duel, slot=slot, now=now))  # webhooks: the member mentioned if they asked
    return label


def reminders_rearm(*, slot: WindowSlot, now: dt.datetime) -> list[str]:
    """After the deadline moved (an exemption): the reminders now ahead of the new deadline go out again
    at their time. Sets the fields on `slot`; returns the fields to save."""
    changed = []
    for before, name in ((BEFORE_24H, "reminded_24h_at"), (BEFORE_6H, "reminded_6h_at")):
        if getattr(slot, name) is not None and slot.deadline - before > now:
            setattr(slot, name, None)
            changed.append(name)
    return changed
