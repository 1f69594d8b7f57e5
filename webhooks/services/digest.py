"""The daily digest: one e-mail a day per member who chose it, listing the duels that wait for them
(a post to write, with its deadline; for a referee, a declaration to write). Nothing is sent when
nothing waits. Each member's day is claimed with a conditional update, so overlapping runs (beat and
`run_scheduler`, or two beats) mail nobody twice.

A member is one account across clubs: their digest lists what waits for them in every club (found under
`scopes_disabled()`), each line written inside `activate_club` of its duel's club, so that its link
leads into that club and its deadline reads in the club's time zone."""
from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.urls import NoReverseMatch, reverse
from django.utils import formats, timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import User
from clubs.scoping import activate_club, scopes_disabled
from duels.models import Duel, DuelStatus, SlotStatus, WindowSlot, WindowState
from webhooks.services.messages import duel_title

logger = logging.getLogger(__name__)


@dataclass
class DigestReport:
    sent: int = 0
    empty: int = 0

    def describe(self) -> str:
        if not (self.sent or self.empty):
            return "no digest due"
        return f"{self.sent} digest(s) sent, {self.empty} member(s) with nothing waiting"


@dataclass
class Waiting:
    duel: Duel
    what: str  # "post" | "declaration"
    turn: int
    phase: str
    deadline: dt.datetime | None = None


def _link(duel: Duel, anchor: str = "") -> str:
    try:
        return settings.SITE_URL.rstrip("/") + reverse("duels:duel", args=[duel.pk]) + anchor
    except NoReverseMatch:
        return ""


def waiting_for(user: User) -> list[Waiting]:
    """What waits for the member now, in every club: their posts (soonest deadline first), then the
    declarations due."""
    with scopes_disabled():
        return _waiting_for(user)


def _waiting_for(user: User) -> list[Waiting]:
    items = [
        Waiting(duel=slot.window.duel, what="post", turn=slot.window.turn, phase=slot.window.phase,
                deadline=slot.deadline)
        for slot in WindowSlot.objects.filter(
            participant__duellist__user=user, status=SlotStatus.WAITING, window__state=WindowState.OPEN,
        ).select_related("window__duel__club").order_by("deadline", "pk")
    ]
    due = Duel.objects.filter(referee=user, status__in=[DuelStatus.AWAITING_FIRST, DuelStatus.AWAITING_SECOND]
                              ).select_related("club")
    items += [Waiting(duel=duel, what="declaration", turn=duel.turn,
                      phase="action" if duel.status == DuelStatus.AWAITING_FIRST else "defence")
              for duel in due.order_by("pk")]
    return items


def _line(item: Waiting) -> str:
    with activate_club(item.duel.club):
        return _line_in_club(item)


def _line_in_club(item: Waiting) -> str:
    window = (_("tour %(turn)s, phase de défense") if item.phase == "defence"
              else _("tour %(turn)s, phase d'action")) % {"turn": item.turn}
    if item.what == "post":
        deadline = formats.date_format(timezone.localtime(item.deadline), "DATETIME_FORMAT")
        text = _("%(duel)s : à vous de poster (%(window)s), avant le %(deadline)s.") % {
            "duel": duel_title(item.duel), "window": window, "deadline": deadline}
        return f"- {text}\n  {_link(item.duel, '#agir')}"
    text = _("%(duel)s : la déclaration est à rédiger (%(window)s).") % {"duel": duel_title(item.duel), "window": window}
    return f"- {text}\n  {_link(item.duel)}"


def digest_mail(user: User, items: list[Waiting], today: dt.date) -> None:
    with translation.override(user.language or "fr"):
        subject = _("[Estrade] Vos duels en attente — %(day)s") % {
            "day": formats.date_format(today, "DATE_FORMAT")}
        head = ngettext("Un duel attend votre message ou votre déclaration :",
                        "%(n)d duels attendent votre message ou votre déclaration :", len(items)) % {"n": len(items)}
        foot = _("Vous recevez ce récapitulatif une fois par jour ; changez-le dans « Mon profil ».")
        body = "\n\n".join([head, "\n".join(_line(item) for item in items), foot])
    send_mail(subject=subject, message=body, from_email=None, recipient_list=[user.email], fail_silently=False)


def digests_send(*, now: dt.datetime | None = None) -> DigestReport:
    """Mail today's digest to every member who wants one and has not had it, once DIGEST_HOUR is past."""
    now = now or timezone.now()
    local = timezone.localtime(now)
    report = DigestReport()
    if local.hour < settings.DIGEST_HOUR:
        return report
    today = local.date()
    members = (User.objects.filter(daily_digest=True, is_active=True).exclude(email="")
               .exclude(digest_sent_on=today).order_by("pk"))
    for user in members:
        with transaction.atomic():
            claimed = User.objects.filter(pk=user.pk).exclude(digest_sent_on=today).update(digest_sent_on=today)
            if not claimed:
                continue  # another run has it
            items = waiting_for(user)
        if not items:
            report.empty += 1
            continue
        try:
            digest_mail(user, items, today)
        except Exception:  # noqa: BLE001 - one bad address must not stop the others
            logger.exception("Digest: mail to user %s failed", user.pk)
            continue
        report.sent += 1
    return report
