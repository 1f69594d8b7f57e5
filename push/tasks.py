"""Celery tasks of web push (the push queue): each calls one service; all idempotent."""
from __future__ import annotations

from celery import shared_task

from common.retrying import RETRYING
from push.services.delivery import notices_push, pushes_retry_due


@shared_task(name="push.tasks.notices_push", **RETRYING)
def notices_push_task(notification_ids: list[int]) -> int:
    """After a commit: push these notices to the devices of the members who want them."""
    return notices_push(notification_ids=notification_ids).sent


@shared_task(**RETRYING)
def pushes_retry() -> int:
    """Beat, every minute: the pushes whose time has come (retries, the end of quiet hours)."""
    return pushes_retry_due().sent
