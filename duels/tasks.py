"""Celery tasks for deadlines (DESIGN.md "Deadlines"): each calls one service.

Deadlines live in the database: beat runs `sweep_deadlines` and `send_reminders` every minute
(settings.CELERY_BEAT_SCHEDULE), and the sweep claims every overdue window; no message waits on the
broker for a deadline, so a broker restart loses nothing and a worker holds nothing. `window_expire`
expires one window on demand (operators, tests). Every task is idempotent (the services claim their
work with conditional updates): a duplicate or retried message changes nothing. Without Redis,
`manage.py run_scheduler` calls the same services on a timer.
"""
from __future__ import annotations

import logging

from celery import shared_task

from common.retrying import RETRYING
from duels.services.deadlines import window_expire_overdue
from duels.services.reminders import reminders_send

logger = logging.getLogger(__name__)


@shared_task(**RETRYING)
def window_expire(window_id: int) -> list[int]:
    """Expire this window if it is due and still open; otherwise (early or repeated call) do nothing."""
    report = window_expire_overdue(window_id=window_id)
    if report.expired_windows or report.failed_windows:
        logger.info("Window %s: %s", window_id, report.describe())
    return report.expired_windows


@shared_task(**RETRYING)
def sweep_deadlines() -> list[int]:
    """The deadline mechanism: expire every open window that is due, each once."""
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
