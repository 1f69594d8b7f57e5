"""Every e-mail the site sends leaves through `email_send`, which applies the member's choices.

Notices are an outbox: `notification_send` (and the set-based notices of a deadline sweep) store the
notice with ``email_state = pending`` in the transaction of the action, and ask for delivery after
commit (`notices_email_after_commit`, one Celery message per commit). `notices_email` delivers: it
claims each notice (``pending → sending``, a conditional update, so a task and the sweep never both
send it), asks `email_send`, and records ``sent``, ``skipped`` (no address any more, or the member
turned that kind off) or, after a failure, ``pending`` again until ``EMAIL_MAX_ATTEMPTS``. The minute
sweep (`accounts.tasks.notices_email_due`) delivers what a lost message, a frozen broker or a failed
SMTP call left behind, and reclaims a notice stuck in ``sending`` by a process that died.

Deliveries run outside any request, so outside any club: the notices are found for every club at once
(`scopes_disabled()`, one statement), then each is claimed and e-mailed inside `activate_club` of its
club (a link built meanwhile, a date in the club's time zone).
"""
from __future__ import annotations

import datetime as dt
import logging
from dataclasses import dataclass, field

from django.core.mail import send_mail
from django.db.models import F, Q
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from accounts.models import EmailPreference, Notification, User
from clubs.scoping import activate_club, scopes_disabled
from common.after_commit import enqueue_after_commit
from common.links import absolute_link
from webhooks.digest_rules import digest_covers

logger = logging.getLogger(__name__)
State = Notification.EmailState

EMAIL_MAX_ATTEMPTS = 5
SENDING_STALE_AFTER = dt.timedelta(minutes=10)  # a claim older than this: its process died; send again
DELIVER_TASK = "accounts.tasks.notices_email"


def email_wanted(*, user: User, kind: str) -> bool:
    """The member's choice on their profile page (no choice recorded: yes). In-app notices always show."""
    choice = EmailPreference.objects.filter(user=user, kind=kind).values_list("send_email", flat=True).first()
    return choice is None or choice


def email_send(*, subject: str, body: str, user: User | None = None, kind: str = "", address: str = "") -> bool:
    """Send one e-mail: to a member (their address, only if they want this `kind` of e-mail), or to a
    bare `address` (someone without an account yet). False when nothing was sent because nobody wants
    it; an SMTP failure raises (the caller retries). SMTP waits at most ``EMAIL_TIMEOUT`` seconds."""
    if user is not None:
        address = user.email
        if not address or (kind and not email_wanted(user=user, kind=kind)):
            return False
    if not address:
        return False
    send_mail(subject=subject, message=body, from_email=None, recipient_list=[address])  # SMTP: EMAIL_TIMEOUT
    return True


def email_state_for(user: User) -> str:
    """The outbox state of a new notice: pending when the member has an address (their choice for that
    kind is asked at delivery, so a change made meanwhile counts)."""
    return State.PENDING if user.email else State.NONE


def notices_email_after_commit(notification_ids: list[int]) -> None:
    """Ask for the delivery of these notices' e-mails once the transaction commits."""
    if notification_ids:
        enqueue_after_commit(DELIVER_TASK, *notification_ids)


@dataclass
class EmailReport:
    sent: list[int] = field(default_factory=list)
    skipped: list[int] = field(default_factory=list)
    failed: list[int] = field(default_factory=list)

    def describe(self) -> str:
        if not (self.sent or self.skipped or self.failed):
            return "no e-mail due"
        text = f"{len(self.sent)} e-mailed, {len(self.skipped)} not wanted"
        return text + (f", FAILED (retried next run) {self.failed}" if self.failed else "")


def notices_due(*, now: dt.datetime, limit: int = 500) -> list[int]:
    """Notices of every club whose e-mail is still to send (or whose sending process died), oldest first."""
    with scopes_disabled():
        return list(Notification.objects.filter(_due(now)).order_by("pk").values_list("pk", flat=True)[:limit])


def _due(now: dt.datetime) -> Q:
    return Q(email_state=State.PENDING) | Q(email_state=State.SENDING, email_claimed_at__lt=now - SENDING_STALE_AFTER)


def notices_email_due(*, now: dt.datetime | None = None) -> EmailReport:
    """The sweep: e-mail every notice still waiting for its e-mail."""
    return notices_email(ids=notices_due(now=now or timezone.now()), now=now)


def notices_email(*, ids: list[int], now: dt.datetime | None = None) -> EmailReport:
    """Deliver the e-mails of these notices, each at most once however many runs race for it."""
    report = EmailReport()
    with scopes_disabled():  # each notice's club, whichever clubs they are from: one statement
        club_of = {n.pk: n.club for n in Notification.objects.filter(pk__in=ids).select_related("club").only("pk", "club")}
    for notification_id in ids:
        if notification_id not in club_of:
            continue  # gone (pruned, or its transaction rolled back)
        try:
            with activate_club(club_of[notification_id]):
                _notice_deliver(notification_id, now=now or timezone.now(), report=report)
        except Exception:  # noqa: BLE001 - a broken club (or row) must not stop the others' e-mails
            logger.exception("Notice %s: e-mail not sent; the next sweep tries again", notification_id)
            report.failed.append(notification_id)
    return report


def _notice_deliver(notification_id: int, *, now: dt.datetime, report: EmailReport) -> None:
    """Claim one notice (of the active club) and e-mail it."""
    claimed = Notification.objects.filter(_due(now), pk=notification_id).update(
        email_state=State.SENDING, email_claimed_at=now, email_attempts=F("email_attempts") + 1)
    if not claimed:
        return  # already sent, not to send, or another run has it
    notification = Notification.objects.select_related("user").get(pk=notification_id)
    try:
        sent = _notice_email(notification)
    except Exception as error:
        gave_up = notification.email_attempts >= EMAIL_MAX_ATTEMPTS
        logger.warning("Notice %s: e-mail failed (attempt %s%s): %s", notification_id,
                       notification.email_attempts, ", giving up" if gave_up else "", error)
        _settle(notification_id, State.FAILED if gave_up else State.PENDING)
        report.failed.append(notification_id)
        return
    _settle(notification_id, State.SENT if sent else State.SKIPPED)
    (report.sent if sent else report.skipped).append(notification_id)


def _settle(notification_id: int, state: str) -> None:
    Notification.objects.filter(pk=notification_id, email_state=State.SENDING).update(email_state=state)


def _notice_email(notification: Notification) -> bool:
    """In the recipient's language (their profile's choice), whatever the language of the request. A
    "your turn" notice of a member who chose the daily digest is not e-mailed on its own (skipped)."""
    if digest_covers(notification.user, notification.dedupe_key):
        return False
    with translation.override(getattr(notification.user, "language", None) or "fr"):
        subject = _("[Estrade] %(kind)s") % {"kind": notification.get_kind_display()}
        body = notification.text + (f"\n\n{absolute_link(notification.url)}" if notification.url else "")
    return email_send(subject=subject, body=body, user=notification.user, kind=notification.kind)
