"""Celery tasks for the notices' e-mails (the outbox of `accounts.services.emails`).

`notices_email` is queued after the commit that stored the notices; `notices_email_due` runs every
minute from beat (settings.CELERY_BEAT_SCHEDULE) and sends what a lost message, a frozen broker or a
failed SMTP call left behind. Both claim each notice before sending it: nothing is e-mailed twice.
"""
from __future__ import annotations

import logging

from celery import shared_task

from accounts.services import emails
from accounts.services.retention import notifications_prune
from common.retrying import RETRYING

logger = logging.getLogger(__name__)


@shared_task(**RETRYING)
def notices_email(notification_ids: list[int]) -> int:
    """E-mail these notices (those still to send). Returns how many were sent."""
    report = emails.notices_email(ids=list(notification_ids))
    if report.failed:
        logger.info("Notices e-mail: %s", report.describe())
    return len(report.sent)


@shared_task(**RETRYING)
def notices_email_due() -> int:
    """E-mail every notice still waiting for its e-mail (the backstop of `notices_email`)."""
    report = emails.notices_email_due()
    if report.sent or report.failed:
        logger.info("Notices e-mail sweep: %s", report.describe())
    return len(report.sent)


@shared_task(**RETRYING)
def prune_notifications() -> int:
    """Hourly: delete the notices past their lifetime (accounts.services.retention)."""
    report = notifications_prune()
    if report.read or report.of_ended_duels:
        logger.info("Notices: %s", report.describe())
    return report.read + report.of_ended_duels
