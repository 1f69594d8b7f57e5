"""Notification services: the bell in the app, and e-mail when the user has an address.

A notice is stored as a gettext message id (the French sentence, marked with `gettext_noop`) and its
params, and rendered in the reader's language when shown (`Notification.text`) or e-mailed (in the
recipient's language). A param is a plain value (a name, a number, the referee's own words) or a part
that is itself translated: `phrase(...)`, `plural(...)`, `moment(...)` (a date, in the reader's format),
`joined(...)`. The French sentence is stored too (`message`): the fallback for rows older than message ids.
"""
from __future__ import annotations

import datetime as dt
import logging

from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.utils import formats, timezone, translation
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext as _

from accounts.models import Notification, User
from common.links import absolute_link

logger = logging.getLogger(__name__)


def phrase(msgid: str, **params) -> dict:
    """A translatable part of a notice (a phase name, a reward, an outcome)."""
    return {"msgid": msgid, "params": params}


def plural(singular: str, plural_msgid: str, count: int, **params) -> dict:
    """A part whose wording follows a number (``%(n)d`` in it, unless another param carries it)."""
    return {"msgid": singular, "plural": plural_msgid, "n": count, "params": params}


def moment(value: dt.datetime) -> dict:
    """A date and time, formatted in the reader's language and the site's time zone when shown."""
    return {"datetime": value.isoformat()}


def joined(separator: str, items: list) -> dict:
    return {"join": separator, "items": items}


def _value(value):
    if not isinstance(value, dict):
        return value
    if "msgid" in value:
        return _say(value)
    if "datetime" in value:
        return formats.date_format(timezone.localtime(parse_datetime(value["datetime"])), "DATETIME_FORMAT")
    if "join" in value:
        return value["join"].join(str(_value(item)) for item in value["items"])
    return value


def _say(part: dict) -> str:
    msgid, params = part["msgid"], part.get("params") or {}
    values = {key: _value(value) for key, value in params.items()}
    if "plural" in part:
        values.setdefault("n", part["n"])
        translated = ngettext(msgid, part["plural"], part["n"])
        source = msgid if part["n"] == 1 else part["plural"]
    else:
        translated, source = gettext(msgid), msgid
    if not values:
        return translated
    try:
        return translated % values
    except (KeyError, TypeError, ValueError):  # a translation that lost a placeholder: the French still reads
        return source % values


def notice_part_text(value) -> str:
    """One param (a phrase, a plural, a date, a list) rendered in the active language."""
    return str(_value(value))


def notice_text(notification: Notification) -> str:
    """The notice in the active language; its stored French sentence if it has no message id (or a
    message id that no longer renders)."""
    if not notification.message_id:
        return notification.message
    try:
        return _say({"msgid": notification.message_id, "params": notification.params})
    except (KeyError, TypeError, ValueError, AttributeError):
        logger.warning("notification %s: message id does not render", notification.pk)
        return notification.message


def notification_send(
    *, user: User, kind: str, message: str = "", message_id: str = "", params: dict | None = None,
    url: str = "", dedupe_key: str | None = None,
) -> Notification | None:
    """Store a notice (once per ``dedupe_key``) and e-mail it after commit. None if already sent.
    Give ``message_id`` (+ ``params``) so that each reader gets it in their language; ``message`` alone
    is a sentence stored as is."""
    try:
        with transaction.atomic():
            notification = Notification.objects.create(
                user=user, kind=kind, url=url, dedupe_key=dedupe_key,
                **notice_fields(message_id=message_id, params=params, message=message),
            )
    except IntegrityError:
        return None
    if user.email and email_wanted(user=user, kind=kind):
        transaction.on_commit(lambda: _email(notification))
    return notification


def notice_fields(*, message_id: str, params: dict | None = None, message: str = "") -> dict:
    """The stored fields of a notice: its message id, params, and its French sentence."""
    if not message_id:
        return {"message": message}
    params = params or {}
    with translation.override("fr"):
        french = _say({"msgid": message_id, "params": params})
    return {"message": message or french, "message_id": message_id, "params": params}


def email_wanted(*, user: User, kind: str) -> bool:
    """The member's choice on their profile page (no choice recorded: yes). In-app notices always show."""
    from accounts.models import EmailPreference

    choice = EmailPreference.objects.filter(user=user, kind=kind).values_list("send_email", flat=True).first()
    return choice is None or choice


def _email(notification: Notification) -> None:
    """In the recipient's language (their profile's choice), whatever the language of the request."""
    with translation.override(getattr(notification.user, "language", None) or "fr"):
        subject = _("[Estrade] %(kind)s") % {"kind": notification.get_kind_display()}
        body = notification.text + (f"\n\n{absolute_link(notification.url)}" if notification.url else "")
    send_mail(subject=subject, message=body, from_email=None, recipient_list=[notification.user.email],
              fail_silently=True)


def notifications_mark_read(*, user: User, ids: list[int] | None = None) -> int:
    """Mark the user's notices read (all unread ones when ``ids`` is None). Returns how many changed."""
    unread = Notification.objects.filter(user=user, read_at__isnull=True)
    if ids is not None:
        unread = unread.filter(id__in=ids)
    return unread.update(read_at=timezone.now())
