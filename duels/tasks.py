"""Celery tasks for deadlines (DESIGN.md "Deadlines"): each loads by id and calls one service.

Every task is idempotent (the services claim their work with conditional updates), so a duplicate,
early or retried message changes nothing. Beat runs `sweep_deadlines` and `send_reminders` every minute
(settings.CELERY_BEAT_SCHEDULE); `window_expire` is queued for each window's deadline when it opens or
its deadline moves. Without Redis, `manage.py run_scheduler` calls the same services on a timer.
"""
from __future__ import annotations

import logging

from celery import shared_task
from django.db import InterfaceError, OperationalError

from duels.services.deadlines import window_expire_overdue
from duels.services.reminders import reminders_send

logger = logging.getLogger(__name__)

# A lost database connection or a locked SQLite file: try again shortly (1 s, 2 s, 4 s… ≤ 5 min).
RETRYING = {
    "autoretry_for": (OperationalError, InterfaceError),
    "retry_backoff": True,
    "retry_backoff_max": 300,
    "retry_jitter": True,
    "max_retries": 5,
    "ignore_result": True,
}


@shared_task(**RETRYING)
def window_expire(window_id: int) -> list[int]:
    """Expire this window if it is due and still open; otherwise (early or repeated message) do nothing."""
    report = window_expire_overdue(window_id=window_id)
    if report.expired_windows or report.failed_windows:
        logger.info("Window %s: %s", window_id, report.describe())
    return report.expired_windows


@shared_task(**RETRYING)
def sweep_deadlines() -> list[int]:
    """The source of truth: expire every open window that is due (catches lost or early expiry messages)."""
    report = window_expire_overdue()
    if report.expired_windows or report.failed_windows:
        logger.info("Deadline sweep: %s", report.describe())
    return report.expired_windows


@shared_task(**RETRYING)
def send_reminders() -> int:
    """Remind duellists who have not posted, 24 h and 6 h before their deadline (each reminder once)."""
    report = reminders_send()
    if report.sent or report.failed_slots:
        logger.info("Reminders: %s", report.describe())
    return len(report.sent)


@shared_task(**RETRYING)
def prune_notifications() -> int:
    """Hourly: delete the notices past their lifetime (accounts.services.retention)."""
    from accounts.services.retention import notifications_prune

    report = notifications_prune()
    if report.read or report.of_ended_duels:
        logger.info("Notices: %s", report.describe())
    return report.read + report.of_ended_duels
