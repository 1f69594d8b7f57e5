"""Sending deliveries: one HTTP POST each, within an overall deadline (transport.py), claimed so that no two processes send it.

- 2xx: sent. 429: tried again after `Retry-After`. 5xx, timeouts, refused connections: tried again with
  a growing delay, up to WEBHOOK_MAX_ATTEMPTS, then failed. An address refused at send time (internal
  network, webhooks/addresses.py): failed at once. 401/404/410 (the webhook was deleted or its
  token revoked): the webhook is disabled and staff are told. Any other answer: failed, not retried.
- A Celery task per delivery after commit; without a broker (the one-machine run) a background thread
  of the same process sends them, so a slow receiver never holds a request. Retries are not delayed
  messages: the minute sweep (`deliveries_retry_due`) sends what is due, and also what a dead worker
  left claimed once its lease ran out.
- Sending runs outside any request, so outside any club: a delivery is looked up by key under
  `scopes_disabled()` with its club, then claimed and recorded inside `activate_club` of that club
  (a webhook disabled there tells that club's staff, with links into it).
"""
from __future__ import annotations

import datetime as dt
import email.utils
import hashlib
import hmac
import json
import logging
import threading
import time
from dataclasses import dataclass

from django.conf import settings
from django.db import OperationalError, close_old_connections, connection, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from audit.models import AuditAction
from clubs.scoping import activate_club, scopes_disabled
from common.access import staff_may
from common.after_commit import after_commit, task_enqueue
from common.errors import RefusedError
from config.celery import app as celery_app
from webhooks.models import Delivery, DeliveryStatus, Webhook, WebhookKind
from webhooks.services.panel import webhook_audit
from webhooks.services.staff import staff_told_webhook_disabled
from webhooks.services.transport import REFUSED, Answer, http_post

logger = logging.getLogger(__name__)
DELIVER_TASK = "webhooks.tasks.webhook_deliver"

LEASE = dt.timedelta(minutes=2)  # a claimed delivery whose sender died is due again after this
BACKOFF_SECONDS = (30, 60, 120, 300, 900, 1800, 3600)
RETRY_AFTER_MAX = dt.timedelta(hours=1)
DISABLING_CODES = {401, 404, 410}
SWEEP_BATCH = 50
LOCKED_DATABASE_PAUSES = (0.05, 0.1, 0.2, 0.4, 0.8, 1.6)  # then the minute sweep takes over
_threads: list[threading.Thread] = []  # the in-process senders still running (tests join them)
_threads_lock = threading.Lock()
_sending = threading.Lock()  # one in-process sender at a time: SQLite takes one writer, the others would fail


def body_bytes(payload: dict) -> bytes:
    """The exact bytes posted (and signed): compact UTF-8 JSON."""
    return json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode()


def signature(secret: str, body: bytes) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def deliveries_queue(ids: list[int]) -> None:
    """After commit: one Celery task per delivery, or a background thread when tasks run in-process. A
    broker that refuses leaves the deliveries due: the minute sweep (`deliveries_retry_due`) sends them."""
    if not ids:
        return
    if celery_app.conf.task_always_eager:
        thread = threading.Thread(target=_send_in_background, args=(list(ids),), daemon=True,
                                  name="estrade-webhooks")
        with _threads_lock:
            _threads.append(thread)
        thread.start()
        return
    for delivery_id in ids:
        if not task_enqueue(DELIVER_TASK, delivery_id):
            return  # the broker is away: the sweep sends them all


def _send_in_background(ids: list[int]) -> None:
    try:
        with _sending:
            _send_each(ids)
    finally:
        connection.close()
        with _threads_lock:
            _threads[:] = [t for t in _threads if t is not threading.current_thread()]


def _send_each(ids: list[int]) -> None:
    for delivery_id in ids:
        for pause in LOCKED_DATABASE_PAUSES:
            try:
                delivery_attempt(delivery_id=delivery_id)
                break
            except OperationalError:  # SQLite busy with the request that queued us: wait a little
                time.sleep(pause)
            except Exception:  # noqa: BLE001 - the sweep sends it later
                logger.exception("Webhooks: delivery %s failed in-process", delivery_id)
                break


def background_senders_join(timeout: float = 30) -> None:
    """Wait for the in-process senders (tests, and a clean shutdown)."""
    with _threads_lock:
        running = list(_threads)
    for thread in running:
        thread.join(timeout)


def _claim(delivery_id: int, now: dt.datetime) -> bool:
    return Delivery.objects.filter(
        pk=delivery_id, status__in=[DeliveryStatus.PENDING, DeliveryStatus.SENDING], next_try_at__lte=now,
        webhook__enabled=True,
    ).update(status=DeliveryStatus.SENDING, attempts=F("attempts") + 1, next_try_at=now + LEASE) == 1


def delivery_attempt(*, delivery_id: int, now: dt.datetime | None = None) -> str | None:
    """Send the delivery once if it is due and nobody else holds it. Returns its new status, or None
    when there was nothing to do (already sent, not due, claimed by another process, or gone)."""
    with scopes_disabled():  # a task names the delivery, not its club: find both
        found = Delivery.objects.select_related("club").only("pk", "club").filter(pk=delivery_id).first()
    if found is None:
        return None
    with activate_club(found.club):
        return _attempt_in_club(delivery_id, now=now or timezone.now())


def _attempt_in_club(delivery_id: int, *, now: dt.datetime) -> str | None:
    if not _claim(delivery_id, now):
        return None
    delivery = Delivery.objects.select_related("webhook").get(pk=delivery_id)
    webhook = delivery.webhook
    body = body_bytes(delivery.payload)
    headers = {}
    if webhook.kind == WebhookKind.SIGNED:
        headers = {"X-Estrade-Event": delivery.event, "X-Estrade-Delivery": str(delivery.pk),
                   "X-Estrade-Signature": signature(webhook.secret, body)}
    answer = http_post(webhook.url, body, headers, deadline=settings.WEBHOOK_DEADLINE_SECONDS)
    for pause in (*LOCKED_DATABASE_PAUSES, None):
        try:  # the request is sent: record its outcome even if the database is busy a moment
            return delivery_outcome_record(delivery=delivery, answer=answer, now=timezone.now())
        except OperationalError:
            if pause is None:
                raise  # the lease runs out and the sweep tries again
            time.sleep(pause)


def retry_after(headers: dict, now: dt.datetime) -> dt.timedelta:
    """`Retry-After` in seconds (Discord sends decimals) or as an HTTP date; 1 s to 1 h."""
    value = next((v for k, v in headers.items() if k.lower() == "retry-after"), "")
    try:
        wait = dt.timedelta(seconds=float(value))
    except ValueError:
        try:
            wait = email.utils.parsedate_to_datetime(value) - now
        except (TypeError, ValueError):
            wait = dt.timedelta(seconds=BACKOFF_SECONDS[0])
    return min(max(wait, dt.timedelta(seconds=1)), RETRY_AFTER_MAX)


def backoff(attempts: int) -> dt.timedelta:
    return dt.timedelta(seconds=BACKOFF_SECONDS[min(attempts, len(BACKOFF_SECONDS)) - 1])


@transaction.atomic
def delivery_outcome_record(*, delivery: Delivery, answer: Answer, now: dt.datetime) -> str:
    delivery.last_status_code = answer.status
    delivery.last_error = answer.error[:300]
    code = answer.status
    if code is not None and 200 <= code < 300:
        delivery.status, delivery.sent_at, delivery.next_try_at, delivery.last_error = (
            DeliveryStatus.SENT, now, None, "")
    elif code == 429:
        delivery.status, delivery.next_try_at = DeliveryStatus.PENDING, now + retry_after(answer.headers, now)
    elif answer.error == REFUSED:
        delivery.status, delivery.next_try_at = DeliveryStatus.FAILED, None
    elif code in DISABLING_CODES:
        delivery.status, delivery.next_try_at = DeliveryStatus.FAILED, None
        webhook_disable(webhook=delivery.webhook, reason=f"HTTP {code}", now=now)
    elif (code is None or code >= 500) and delivery.attempts < settings.WEBHOOK_MAX_ATTEMPTS:
        delivery.status, delivery.next_try_at = DeliveryStatus.PENDING, now + backoff(delivery.attempts)
    else:
        delivery.status, delivery.next_try_at = DeliveryStatus.FAILED, None
    delivery.save(update_fields=["status", "sent_at", "next_try_at", "last_status_code", "last_error"])
    if delivery.status != DeliveryStatus.SENT:
        logger.warning("Webhooks: delivery %s to %s: %s (%s), attempt %s", delivery.pk, delivery.webhook.masked_url,
                       code or answer.detail or answer.error, delivery.status, delivery.attempts)
    return delivery.status


def webhook_disable(*, webhook: Webhook, reason: str, now: dt.datetime) -> bool:
    """The receiver says the webhook no longer exists: stop sending to it, fail what was still due, and
    tell staff (in the app and by e-mail). False if it was already disabled."""
    changed = Webhook.objects.filter(pk=webhook.pk, enabled=True).update(enabled=False, disabled_reason=reason[:200])
    if not changed:
        return False
    webhook.enabled, webhook.disabled_reason = False, reason
    Delivery.objects.filter(webhook=webhook, status__in=[DeliveryStatus.PENDING, DeliveryStatus.SENDING]).update(
        status=DeliveryStatus.FAILED, next_try_at=None, last_error="webhook désactivé")

    staff_told_webhook_disabled(webhook=webhook, reason=reason, now=now)
    return True


@dataclass
class RetryReport:
    sent: int = 0
    waiting: int = 0
    failed: int = 0

    def describe(self) -> str:
        if not (self.sent or self.waiting or self.failed):
            return "no webhook delivery due"
        return f"{self.sent} delivered, {self.waiting} to retry, {self.failed} failed"


def deliveries_retry_due(*, now: dt.datetime | None = None) -> RetryReport:
    """The sweep: send every delivery whose time has come (a 429's wait, a backoff, an expired lease),
    in every club: found in one statement, each sent inside its club."""
    now = now or timezone.now()
    report = RetryReport()
    with scopes_disabled():
        due = list(Delivery.objects.filter(
            status__in=[DeliveryStatus.PENDING, DeliveryStatus.SENDING], next_try_at__lte=now, webhook__enabled=True,
        ).select_related("club").only("pk", "club").order_by("next_try_at", "pk")[:SWEEP_BATCH])
    for delivery in due:
        try:
            with activate_club(delivery.club):
                status = _attempt_in_club(delivery.pk, now=now)
        except Exception:  # noqa: BLE001 - one broken delivery (or club) must not stop the others' sending
            logger.exception("Webhooks: delivery %s failed; its lease runs out and the next sweep retries it",
                             delivery.pk)
            continue
        if status == DeliveryStatus.SENT:
            report.sent += 1
        elif status == DeliveryStatus.FAILED:
            report.failed += 1
        elif status is not None:
            report.waiting += 1
    if not connection.in_atomic_block:
        close_old_connections()
    return report


RESEND_PERMISSION = "webhooks.resend_delivery"


class ResendRefused(RefusedError):
    pass


@transaction.atomic
def delivery_resend(*, delivery: Delivery, by, now: dt.datetime | None = None) -> Delivery:
    """Staff send a delivery again: a new row with the same body (the same event id, so a receiver that
    already has it can tell), queued after commit. Needs `webhooks.resend_delivery` (reading the deliveries
    is not enough: a resend reaches the outside): the club's staff, or in the operator's admin the
    permission itself (common/access.py). A disabled webhook sends nothing: it is refused. Logged."""
    if not staff_may(by, RESEND_PERMISSION):
        raise ResendRefused("permission_denied", _("Renvoyer un envoi demande la permission « Peut renvoyer "
                                                   "un envoi de webhook »."), status=403)
    webhook = delivery.webhook
    if not webhook.enabled:
        raise ResendRefused("webhook_disabled", _("Ce webhook est désactivé : réactivez-le avant de renvoyer un "
                                                  "envoi."), status=409)
    now = now or timezone.now()
    copy = Delivery.objects.create(webhook=webhook, event=delivery.event, event_id=delivery.event_id,
                                   duel_id=delivery.duel_id, payload=delivery.payload, created_at=now,
                                   next_try_at=now, resent_from=delivery)
    webhook_audit(by=by, action=AuditAction.DELIVERY_RESEND, webhook=webhook, delivery=delivery.pk,
                  copy=copy.pk, event=delivery.event)
    after_commit(deliveries_queue, [copy.pk])
    return copy
