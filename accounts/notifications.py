"""Notification services: the bell in the app, and e-mail when the user has an address."""
from __future__ import annotations

from django.core.mail import send_mail
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Notification, User


def notification_send(
    *, user: User, kind: str, message: str, url: str = "", dedupe_key: str | None = None
) -> Notification | None:
    """Store a notice (once per ``dedupe_key``) and e-mail it after commit. None if already sent."""
    try:
        with transaction.atomic():
            notification = Notification.objects.create(
                user=user, kind=kind, message=message, url=url, dedupe_key=dedupe_key
            )
    except IntegrityError:
        return None
    if user.email and email_wanted(user=user, kind=kind):
        transaction.on_commit(lambda: _email(notification))
    return notification


def email_wanted(*, user: User, kind: str) -> bool:
    """The member's choice on their profile page (no choice recorded: yes). In-app notices always show."""
    from accounts.models import EmailPreference

    choice = EmailPreference.objects.filter(user=user, kind=kind).values_list("send_email", flat=True).first()
    return choice is None or choice


def _email(notification: Notification) -> None:
    send_mail(
        subject=_("[Estrade] %(kind)s") % {"kind": notification.get_kind_display()},
        message=notification.message + (f"\n\n{notification.url}" if notification.url else ""),
        from_email=None,
        recipient_list=[notification.user.email],
        fail_silently=True,
    )


def notifications_mark_read(*, user: User, ids: list[int] | None = None) -> int:
    """Mark the user's notices read (all unread ones when ``ids`` is None). Returns how many changed."""
    unread = Notification.objects.filter(user=user, read_at__isnull=True)
    if ids is not None:
        unread = unread.filter(id__in=ids)
    return unread.update(read_at=timezone.now())


def unread_count(user: User) -> int:
    return Notification.objects.filter(user=user, read_at__isnull=True).count()
