"""How long notices are kept (docs/notifications.md): the scheduled pruning.

A notice is kept `NOTIFICATION_RETENTION_DAYS` days (90 by default). Older than that, it is deleted
when it was read, or when the duel it is about (`Notification.duel`) is over (finished or cancelled) since more than that
many days too: nothing is left to do about it. An old unread notice about something still under way
(or not about a duel) stays until it is read. Run by the scheduler (Celery beat or
`manage.py run_scheduler`); idempotent, in batches, each batch its own short transaction. The same
lifetime holds in every club and nothing is said to anyone, so the pruning runs for all clubs at once
(`scopes_disabled()`): its cost grows with the notices pruned, not with the clubs.
"""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.conf import settings
from django.db.models import Q
from django.utils import timezone

from accounts.models import Notification
from clubs.scoping import scopes_disabled
from duels.models import Duel, DuelStatus

BATCH = 2_000


def retention() -> dt.timedelta:
    return dt.timedelta(days=settings.NOTIFICATION_RETENTION_DAYS)


@dataclass
class PruneReport:
    read: int = 0
    of_ended_duels: int = 0

    def describe(self) -> str:
        if not (self.read or self.of_ended_duels):
            return "no notice to prune"
        return f"{self.read} read notice(s) and {self.of_ended_duels} notice(s) of ended duels pruned"


def notifications_prune(*, now: dt.datetime | None = None) -> PruneReport:
    """Delete the notices past their lifetime, in every club (see the module's docstring)."""
    with scopes_disabled():
        return _prune(cutoff=(now or timezone.now()) - retention())


def _prune(*, cutoff: dt.datetime) -> PruneReport:
    report = PruneReport()
    old = Notification.objects.filter(created_at__lt=cutoff)
    while True:
        batch = list(old.filter(read_at__isnull=False).order_by().values_list("pk", flat=True)[:BATCH])
        if not batch:
            break
        report.read += Notification.objects.filter(pk__in=batch).delete()[0]
    ended = Duel.objects.filter(
        Q(status=DuelStatus.FINISHED, finished_at__lt=cutoff) | Q(status=DuelStatus.CANCELLED, cancelled_at__lt=cutoff))
    of_ended = old.filter(read_at__isnull=True, duel__in=ended)
    while True:
        batch = list(of_ended.order_by().values_list("pk", flat=True)[:BATCH])
        if not batch:
            break
        report.of_ended_duels += Notification.objects.filter(pk__in=batch).delete()[0]
    return report
