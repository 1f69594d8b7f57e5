"""Pushing the notices: fed by every stored notice, sent after commit on the push queue, retried like
webhook deliveries, never in the way of the action that caused them.

- `notices_push_after_commit` is a notice channel (settings.NOTICE_CHANNELS): accounts calls it in the
  notice's transaction; it only remembers the ids (no query), and after commit queues one message on the
  push queue (`push.tasks.notices_push`) — or, when tasks run in-process (the one-machine run), hands
  them to a background thread, so a slow push service never holds a request.
- `notices_push` sorts each notice (push/categories.py), keeps those the member chose, and stores one
  `PushMessage` per device (once: a second run finds them), due now or at the end of the member's quiet
  hours; then sends what is due. A notice already acted upon (the « à vous » of a post made meanwhile,
  its reminders: read) is not pushed late.
- Sending claims each message (conditional update), like a webhook delivery: 2xx sent; 404/410 the
  push service forgot the subscription: it is removed; 429 after `Retry-After`; 5xx, timeouts, no answer:
  again with a growing delay up to PUSH_MAX_ATTEMPTS; anything else failed. The minute sweep
  (`pushes_retry_due`) sends what is due: retries, the end of quiet hours, what a dead worker left claimed.
- Work outside any request is outside any club: rows are found under `scopes_disabled()` with their
  club, then handled inside `activate_club` (links into that club, its time zone for the quiet hours).
"""
from __future__ import annotations

import datetime as dt
import logging
import threading
import time
from dataclasses import dataclass

from django.conf import settings
from django.db import OperationalError, close_old_connections, connection, transaction
from django.db.models import F
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from accounts.models import Notification
from clubs.scoping import activate_club, scopes_disabled
from common.after_commit import task_enqueue
from common.links import absolute_link
from config.celery import app as celery_app
from push.categories import notice_category
from push.keys import push_enabled
from push.models import Category, PushMessage, PushStatus, PushSubscription
from push.services.preferences import preferences_for, quiet_until
from push.services.wire import push_post
from webhooks.services.delivery import backoff, retry_after
from webhooks.services.transport import REFUSED, Answer

logger = logging.getLogger(__name__)
PUSH_TASK = "push.tasks.notices_push"
LEASE = dt.timedelta(minutes=2)  # a claimed push whose sender died is due again after this
GONE_CODES = {404, 410}
SWEEP_BATCH = 100
LOCKED_DATABASE_PAUSES = (0.05, 0.1, 0.2, 0.4, 0.8, 1.6)
# Only worth a late push while still to do: once the member posted, these notices are read.
STALE_WHEN_READ = {Category.TURN, Category.REMINDER}
_threads: list[threading.Thread] = []
_threads_lock = threading.Lock()
_sending = threading.Lock()  # one in-process sender at a time (SQLite takes one writer)


# --- Fed by the notices ---

def notices_push_after_commit(notification_ids: list[int]) -> None:
    """A notice channel: the ids of notices the current transaction stores, pushed after it commits
    (every call of the transaction in one batch). Nothing when push is off."""
    if not notification_ids or not push_enabled():
        return
    current = transaction.get_connection()
    if current.in_atomic_block:
        for _savepoints, hook, _robust in current.run_on_commit:
            if isinstance(hook, _Batch) and not hook.done:
                hook.ids.extend(notification_ids)
                return
    transaction.on_commit(_Batch(list(notification_ids)), robust=True)


class _Batch:
    def __init__(self, ids: list[int]):
        self.ids, self.done = ids, False
        self.__qualname__ = "push notices"

    def __call__(self) -> None:
        if not self.done:
            self.done = True
            pushes_queue(list(self.ids))


def pushes_queue(notification_ids: list[int]) -> None:
    """One message on the push queue; in-process runs, a background thread. A broker that refuses loses
    these pushes only (the bell and the e-mail have the notices): a push is a nudge, not the record."""
    if celery_app.conf.task_always_eager:
        thread = threading.Thread(target=_push_in_background, args=(notification_ids,), daemon=True,
                                  name="estrade-push")
        with _threads_lock:
            _threads.append(thread)
        thread.start()
        return
    task_enqueue(PUSH_TASK, notification_ids)


def _push_in_background(notification_ids: list[int]) -> None:
    try:
        with _sending:
            for pause in (*LOCKED_DATABASE_PAUSES, None):
                try:
                    notices_push(notification_ids=notification_ids)
                    break
                except OperationalError:  # SQLite busy with the request that queued us: wait a little
                    if pause is None:
                        raise
                    time.sleep(pause)
    except Exception:  # noqa: BLE001 - the sweep sends what was stored
        logger.exception("Push: notices %s not pushed in-process", notification_ids)
    finally:
        connection.close()
        with _threads_lock:
            _threads[:] = [t for t in _threads if t is not threading.current_thread()]


def background_pushes_join(timeout: float = 30) -> None:
    """Wait for the in-process senders (tests, and a clean shutdown)."""
    with _threads_lock:
        running = list(_threads)
    for thread in running:
        thread.join(timeout)


@dataclass
class PushReport:
    sent: int = 0
    waiting: int = 0
    failed: int = 0
    gone: int = 0

    def describe(self) -> str:
        if not (self.sent or self.waiting or self.failed or self.gone):
            return "no push due"
        return f"{self.sent} pushed, {self.waiting} to retry, {self.failed} failed, {self.gone} subscriptions gone"

    def count(self, status: str | None) -> None:
        if status == PushStatus.SENT:
            self.sent += 1
        elif status == PushStatus.FAILED:
            self.failed += 1
        elif status == "gone":
            self.gone += 1
        elif status == PushStatus.PENDING:
            self.waiting += 1


def notices_push(*, notification_ids: list[int], now: dt.datetime | None = None) -> PushReport:
    """Store the pushes these notices call for (once each), then send those due now."""
    now = now or timezone.now()
    with scopes_disabled():  # the task names notices, not their clubs: one statement finds both
        notices = list(Notification.objects.filter(pk__in=notification_ids).select_related("club"))
    by_club: dict[int, list[Notification]] = {}
    for notice in notices:
        by_club.setdefault(notice.club_id, []).append(notice)
    due: list[tuple[object, int]] = []
    for grouped in by_club.values():
        club = grouped[0].club
        with activate_club(club):
            due.extend((club, pk) for pk in push_messages_create(notices=grouped, now=now))
    report = PushReport()
    for club, message_id in due:
        with activate_club(club):
            report.count(_attempt_safely(message_id, now=now))
    return report


@transaction.atomic
def push_messages_create(*, notices: list[Notification], now: dt.datetime) -> list[int]:
    """The active club's pushes for these notices: one per device of each member who wants that category,
    due now or when their quiet hours end. Returns the ids due now."""
    wanted = [(notice, category) for notice in notices if (category := notice_category(notice))]
    if not wanted:
        return []
    user_ids = {notice.user_id for notice, _category in wanted}
    subscriptions: dict[int, list[PushSubscription]] = {}
    for subscription in PushSubscription.objects.filter(user_id__in=user_ids).order_by("pk"):
        subscriptions.setdefault(subscription.user_id, []).append(subscription)
    if not subscriptions:
        return []
    preferences = preferences_for(user_ids=set(subscriptions))
    rows = []
    for notice, category in wanted:
        preference = preferences[notice.user_id] if notice.user_id in subscriptions else None
        if preference is None or category not in preference.categories:
            continue
        next_try_at = quiet_until(preference, now) or now
        rows.extend(PushMessage(subscription=s, notification=notice, category=category, next_try_at=next_try_at)
                    for s in subscriptions[notice.user_id])
    PushMessage.objects.bulk_create(rows, ignore_conflicts=True)  # a second run of the same notices: stored once
    return list(PushMessage.objects.filter(
        notification_id__in=[notice.pk for notice, _category in wanted], status=PushStatus.PENDING,
        next_try_at__lte=now).order_by("pk").values_list("pk", flat=True))


# --- Sending ---

def _attempt_safely(message_id: int, *, now: dt.datetime) -> str | None:
    try:
        return push_attempt_in_club(message_id, now=now)
    except Exception:  # noqa: BLE001 - one broken push must not stop the others; its lease runs out
        logger.exception("Push: message %s failed; the sweep tries again once its lease runs out", message_id)
        return None


def push_attempt_in_club(message_id: int, *, now: dt.datetime) -> str | None:
    """Send one push of the active club if it is due and nobody else holds it; its new status (or "gone"
    when the push service forgot the device), None when there was nothing to do."""
    claimed = PushMessage.objects.filter(
        pk=message_id, status__in=[PushStatus.PENDING, PushStatus.SENDING], next_try_at__lte=now,
    ).update(status=PushStatus.SENDING, attempts=F("attempts") + 1, next_try_at=now + LEASE)
    if not claimed:
        return None
    message = PushMessage.objects.select_related("subscription", "notification__user").get(pk=message_id)
    if message.category in STALE_WHEN_READ and message.notification.read_at is not None:
        PushMessage.objects.filter(pk=message_id).update(status=PushStatus.SKIPPED, next_try_at=None)
        return PushStatus.SKIPPED
    answer = push_post(message.subscription, push_payload(message),
                       urgency="high" if message.category in STALE_WHEN_READ else "normal")
    return push_outcome_record(message=message, answer=answer, now=timezone.now())


def push_payload(message: PushMessage) -> dict:
    """What the device shows, in the member's language: a title, the notice, the exact page."""
    notice = message.notification
    with translation.override(getattr(notice.user, "language", None) or "fr"):
        if notice.kind == Notification.Kind.DECLARATION_DUE:
            title = str(notice.get_kind_display())
        else:
            title = str(CATEGORY_TITLES[message.category]())
        return {"title": title, "body": notice.text, "url": absolute_link(notice.url) if notice.url else "",
                "tag": f"estrade-notice-{notice.pk}"}


CATEGORY_TITLES = {
    Category.TURN: lambda: _("À vous de poster"),
    Category.REMINDER: lambda: _("Rappel d'échéance"),
    Category.DECLARATION: lambda: _("Déclaration publiée"),
    Category.RESULT: lambda: _("Résultat du duel"),
    Category.TOURNAMENT: lambda: _("Tournoi"),
}


@transaction.atomic
def push_outcome_record(*, message: PushMessage, answer: Answer, now: dt.datetime) -> str:
    code = answer.status
    if code in GONE_CODES:  # the browser unsubscribed or the subscription expired: never again
        PushSubscription.objects.filter(pk=message.subscription_id).delete()
        logger.info("Push: subscription %s gone (HTTP %s), removed", message.subscription_id, code)
        return "gone"
    message.last_status_code = code
    if code is not None and 200 <= code < 300:
        message.status, message.sent_at, message.next_try_at = PushStatus.SENT, now, None
        PushSubscription.objects.filter(pk=message.subscription_id).update(last_success_at=now)
    elif code == 429:
        message.status, message.next_try_at = PushStatus.PENDING, now + retry_after(answer.headers, now)
    elif answer.error == REFUSED:
        message.status, message.next_try_at = PushStatus.FAILED, None
    elif (code is None or code >= 500) and message.attempts < settings.PUSH_MAX_ATTEMPTS:
        message.status, message.next_try_at = PushStatus.PENDING, now + backoff(message.attempts)
    else:
        message.status, message.next_try_at = PushStatus.FAILED, None
    message.save(update_fields=["status", "sent_at", "next_try_at", "last_status_code"])
    if message.status != PushStatus.SENT:
        logger.warning("Push: message %s: %s (%s), attempt %s", message.pk, code or answer.detail or answer.error,
                       message.status, message.attempts)
    return message.status


def pushes_retry_due(*, now: dt.datetime | None = None) -> PushReport:
    """The sweep: every push whose time has come (a retry, the end of quiet hours, an expired lease), in
    every club: found in one statement, each sent inside its club."""
    now = now or timezone.now()
    report = PushReport()
    if not push_enabled():
        return report
    with scopes_disabled():
        due = list(PushMessage.objects.filter(
            status__in=[PushStatus.PENDING, PushStatus.SENDING], next_try_at__lte=now,
        ).select_related("club").only("pk", "club").order_by("next_try_at", "pk")[:SWEEP_BATCH])
    for message in due:
        with activate_club(message.club):
            report.count(_attempt_safely(message.pk, now=now))
    if not connection.in_atomic_block:
        close_old_connections()
    return report
