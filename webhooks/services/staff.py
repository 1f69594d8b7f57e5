"""Telling the club's staff that its webhook stopped working (the site's notices: the bell, and e-mail)."""
from __future__ import annotations

import datetime as dt

from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext_noop

from accounts.models import Notification, User
from accounts.notice_keys import notice_key
from accounts.services.notifications import notification_send
from clubs.roles import club_staff_ids
from clubs.scoping import activate_club


def staff_told_webhook_disabled(*, webhook, reason: str, now: dt.datetime) -> int:
    try:
        with activate_club(webhook.club):  # its club's control panel (club staff never open the admin)
            url = reverse("clubs:webhooks_panel:edit", args=[webhook.pk])
    except NoReverseMatch:
        url = ""
    sent = 0
    staff = User.objects.filter(is_active=True, pk__in=club_staff_ids(webhook.club))  # the webhook's club's
    for user in staff.order_by("pk"):
        sent += notification_send(
            user=user, kind=Notification.Kind.DUEL, url=url,
            dedupe_key=notice_key("webhook", webhook.pk, "disabled", f"{now:%Y%m%d%H%M%S}", user.pk),
            message_id=gettext_noop("Le webhook « %(name)s » a été désactivé : le destinataire répond %(reason)s "
                                    "(adresse supprimée ?). Vérifiez-le dans la gestion du club (Webhooks) puis réactivez-le."),
            params={"name": webhook.name, "reason": reason},
        ) is not None
    return sent
