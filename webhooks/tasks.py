"""Celery tasks of the webhooks: each loads by id (or sweeps) and calls one service; all idempotent."""
from __future__ import annotations

from celery import shared_task

from common.retrying import RETRYING
from webhooks.services.delivery import deliveries_retry_due, delivery_attempt
from webhooks.services.digest import digests_send


@shared_task(**RETRYING)
def webhook_deliver(delivery_id: int) -> str | None:
    """Send one delivery if it is still due (a duplicate message finds it claimed or sent)."""
    return delivery_attempt(delivery_id=delivery_id)


@shared_task(**RETRYING)
def deliveries_retry() -> int:
    """Beat, every minute: send the deliveries whose retry time has come."""
    return deliveries_retry_due().sent


@shared_task(**RETRYING)
def digest_send() -> int:
    """Beat, every minute: the daily digest of each member who wants one, once a day from DIGEST_HOUR."""
    return digests_send().sent
