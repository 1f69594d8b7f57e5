"""Notification services: the bell in the app, and e-mail when the user has an address and wants it.

A notice is stored as a gettext message id (the French sentence, marked with `gettext_noop`) and its
params, and rendered in the reader's language when shown (`Notification.text`) or e-mailed (in the
recipient's language). A param is a plain value (a name, a number, the referee's own words) or a part
that is itself translated: `phrase(...)`, `plural(...)`, `moment(...)` (a date, in the reader's format),
`joined(...)` (one format and renderer for notices and the engine's events: common/messages.py). The French
sentence is stored too (`message`): the fallback for rows older than message ids.
"""
from __future__ import annotations

import logging
from functools import cache

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone, translation
from django.utils.module_loading import import_string

from accounts.models import Notification, User
from accounts.services.emails import (
    email_state_for,
    email_wanted,  # noqa: F401 (callers ask it here too)
    notices_email_after_commit,
)
from common.i18n import say, say_part

logger = logging.getLogger(__name__)


def notice_part_text(value) -> str:
    """One param (a phrase, a plural, a date, a list) rendered in the active language."""
    return say_part(value)


def notification_send(
    *, user: User, kind: str, message: str = "", message_id: str = "", params: dict | None = None,
    url: str = "", dedupe_key: str | None = None, duel=None,
) -> Notification | None:
    """Store a notice (once per ``dedupe_key``) in the current transaction; its e-mail, if the member has
    an address, leaves after commit (`accounts.services.emails`). None if already sent.
    Give ``message_id`` (+ ``params``) so that each reader gets it in their language; ``message`` alone
    is a sentence stored as is."""
    try:
        with transaction.atomic():
            notification = Notification.objects.create(
                user=user, duel=duel, kind=kind, url=url, dedupe_key=dedupe_key, email_state=email_state_for(user),
                **notice_fields(message_id=message_id, params=params, message=message),
            )
    except IntegrityError:
        return None
    if notification.email_state == Notification.EmailState.PENDING:
        notices_email_after_commit([notification.pk])
    notices_to_channels([notification.pk])
    return notification


def notices_to_channels(notification_ids: list[int]) -> None:
    """The other delivery channels fed by the same notices (settings.NOTICE_CHANNELS: web push), called in
    the transaction that stores them; each sends after commit, on its own."""
    if notification_ids:
        for channel in _channels(tuple(getattr(settings, "NOTICE_CHANNELS", ()))):
            channel(list(notification_ids))


@cache
def _channels(paths: tuple[str, ...]) -> list:
    return [import_string(path) for path in paths]


def notice_fields(*, message_id: str, params: dict | None = None, message: str = "") -> dict:
    """The stored fields of a notice: its message id, params, and its French sentence."""
    if not message_id:
        return {"message": message}
    params = params or {}
    with translation.override("fr"):
        french = say({"msgid": message_id, "params": params})
    return {"message": message or french, "message_id": message_id, "params": params}


def notifications_mark_read(*, user: User, ids: list[int] | None = None) -> int:
    """Mark the user's notices read (all unread ones when ``ids`` is None). Returns how many changed."""
    unread = Notification.objects.filter(user=user, read_at__isnull=True)
    if ids is not None:
        unread = unread.filter(id__in=ids)
    return unread.update(read_at=timezone.now())
