"""The notices of the duel lifecycle: stored with the action that causes them, e-mailed after commit.

The `on_*` subscribers (config/events.py) run inside the service's transaction when it emits the
event (duels.events), once what the notice tells is written; they store the notices there and then (an outbox: the action and its notices commit
together, or neither does). Only the e-mails leave after commit (`accounts.services.emails`, with
timeouts, retries and a minute sweep), so a broker or mail failure never loses a notice nor blocks the
action. Deadlines need no message: the minute sweep claims every overdue window from the database.
The `*_notify` functions load by id; each notice has a dedupe key, so running one twice stores (and
e-mails) it once.
"""
from __future__ import annotations

import datetime as dt
import logging

from django.db import transaction
from django.urls import NoReverseMatch, reverse
from django.utils import formats, timezone, translation
from django.utils.translation import gettext_noop

from accounts.models import Notification
from accounts.notice_keys import notice_key, reopened_key, turn_key
from accounts.services.emails import email_state_for, notices_email_after_commit
from accounts.services.notifications import notice_fields, notices_to_channels, notification_send
from common.messages import joined, moment, phrase
from duels.models import (
    DeclarationRevision,
    Duel,
    Exemption,
    ExemptionStatus,
    Fault,
    FaultKind,
    Participant,
    SlotStatus,
    Window,
)

logger = logging.getLogger(__name__)
Kind = Notification.Kind


def when(moment: dt.datetime) -> str:
    return formats.date_format(timezone.localtime(moment), "DATETIME_FORMAT")


def duel_url(duel: Duel) -> str:
    """The duel page (the notice's link); empty if the pages are not installed."""
    try:
        return reverse("duels:duel", args=[duel.pk])
    except NoReverseMatch:
        return ""


def duel_name(duel: Duel) -> dict:
    """The duel as a notice names it ("Duel n°12 (1v1, classique)"), in the reader's language."""
    with translation.override("fr"):  # the kind's message id is its French label
        kind = str(duel.get_kind_display())
    return phrase(gettext_noop("Duel n°%(pk)s (%(format)s, %(kind)s)"), pk=duel.pk, format=duel.format, kind=phrase(kind))


def _window_name(window: Window) -> dict:
    if window.phase == "defence":
        return phrase(gettext_noop("tour %(turn)s, phase de défense"), turn=window.turn)
    return phrase(gettext_noop("tour %(turn)s, phase d'action"), turn=window.turn)


def _user_of(participant: Participant):
    return participant.duellist.user


# Subscribers (config/events.py): run inside the service's transaction, once the state they tell is written.

def on_window_opened(event) -> None:
    window_opened_notify(window_id=event.window.pk)


def on_window_closed(event) -> None:
    declaration_due_notify(window_id=event.window.pk)


def on_windows_expired(event) -> None:
    windows_expired_notify(window_ids=list(event.window_ids))


def on_exemption_requested(event) -> None:
    exemption_requested_notify(exemption_id=event.exemption.pk)


def on_exemption_decided(event) -> None:
    exemption_decided_notify(exemption_id=event.exemption.pk)


def on_duel_cancelled(event) -> None:
    duel_cancelled_notify(duel_id=event.duel.pk)


# Notices: load by id, send once each.

def _window(window_id: int) -> Window:
    return Window.objects.select_related("duel__referee").get(pk=window_id)


def turn_notice_key(window: Window, participant_id: int) -> str:
    """The "à vous de poster" of one duellist for the window's phase (accounts.notice_keys.turn_key)."""
    return turn_key(duel_id=window.duel_id, turn=window.turn, phase=window.phase, participant_id=participant_id)


@transaction.atomic
def window_opened_notify(*, window_id: int) -> int:
    """Each duellist awaited in the window learns it is open and until when they may post (the first
    window, opened by the start signal rather than a declaration, also says the duel starts)."""
    window = _window(window_id)
    starts = window.opened_by_id is None and window.turn == 1 and window.phase == "action"
    sent = 0
    for slot in window.slots.filter(status=SlotStatus.WAITING).select_related("participant__duellist__user"):
        sent += notification_send(duel=window.duel,
            user=_user_of(slot.participant), kind=Kind.DUEL, url=duel_url(window.duel) + "#agir",
            dedupe_key=turn_notice_key(window, slot.participant_id),
            message_id=(gettext_noop("%(duel)s : le duel commence ! À vous de poster (%(window)s), avant le %(deadline)s.")
                        if starts else gettext_noop("%(duel)s : à vous de poster (%(window)s), avant le %(deadline)s.")),
            params={"duel": duel_name(window.duel), "window": _window_name(window),
                    "deadline": moment(slot.deadline)},
        ) is not None
    return sent


@transaction.atomic
def declaration_due_notify(*, window_id: int) -> bool:
    """The referee learns that every awaited post is in: the declaration is theirs to write."""
    window = _window(window_id)
    if window.duel.referee is None or not window.duel.is_running:
        return False
    return notification_send(duel=window.duel,
        user=window.duel.referee, kind=Kind.DECLARATION_DUE, url=adjudicate_url(window.duel),
        dedupe_key=notice_key("window", window.pk, "declaration-due"),
        message_id=gettext_noop("%(duel)s : tous les messages attendus sont arrivés (%(window)s). La déclaration est à "
                      "rédiger."),
        params={"duel": duel_name(window.duel), "window": _window_name(window)},
    ) is not None


@transaction.atomic
def windows_expired_notify(*, window_ids: list[int]) -> int:
    """The referee gets the absence faults (and what they led to); each absent duellist is told too.
    Set-based, for a whole sweep batch: a few statements whatever the number of windows. A notice
    already stored (same dedupe key) is neither stored nor e-mailed again."""
    windows = list(
        Window.objects.filter(pk__in=window_ids).select_related("duel__referee")
        .defer("duel__state", "duel__spells").order_by("pk")  # large JSON a notice does not read
    )
    faults_by_window: dict[int, list[Fault]] = {}
    for fault in Fault.objects.filter(window_id__in=window_ids, kind=FaultKind.ABSENCE).select_related(
        "participant__duellist__user"
    ).order_by("created_at", "pk"):
        faults_by_window.setdefault(fault.window_id, []).append(fault)
    notes = []
    for window in windows:
        notes.extend(_expiry_notes(window, faults_by_window.get(window.pk, [])))
    known = set(Notification.objects.filter(dedupe_key__in=[n.dedupe_key for n in notes]).values_list(
        "dedupe_key", flat=True))
    fresh = [n for n in notes if n.dedupe_key not in known]
    for note in fresh:
        note.email_state = email_state_for(note.user)
    Notification.objects.bulk_create(fresh, ignore_conflicts=True)  # a concurrent twin: stored once
    if fresh:  # e-mailed as every notice is: only if the member wants that kind (asked at delivery)
        stored = list(Notification.objects.filter(dedupe_key__in=[n.dedupe_key for n in fresh]).values_list(
            "pk", "email_state"))
        notices_email_after_commit([pk for pk, state in stored if state == Notification.EmailState.PENDING])
        notices_to_channels([pk for pk, _state in stored])  # web push
    return len(fresh)


def _expiry_notes(window: Window, faults: list[Fault]) -> list[Notification]:
    duel = window.duel
    notes = []
    for fault in faults:
        participant = fault.participant
        outcome = phrase(gettext_noop(" Troisième absence : vous êtes disqualifié(e).")) if participant.disqualified else ""
        notes.append(Notification(
            user=_user_of(participant), duel=duel, kind=Kind.WINDOW_EXPIRED, url=duel_url(duel),
            dedupe_key=notice_key("window", window.pk, "absent", participant.pk),
            **notice_fields(message_id=gettext_noop("%(duel)s : délai expiré (%(window)s). Faute d'absence n° %(count)s ; "
                                          "votre message compte comme une passe.%(outcome)s"), params={
                "duel": duel_name(duel), "window": _window_name(window), "count": participant.absence_faults,
                "outcome": outcome,
            }),
        ))
    if duel.referee is not None:
        names = joined(", ", [
            phrase("%(name)s (%(count)s/3%(out)s)", name=str(f.participant.duellist),
                   count=f.participant.absence_faults,
                   out=phrase(gettext_noop(", disqualifié(e)")) if f.participant.disqualified else "")
            for f in faults
        ]) if faults else "—"
        what_next = phrase(
            gettext_noop("Le duel est terminé.") if not duel.is_running else gettext_noop("La déclaration est à rédiger.")
        )
        notes.append(Notification(
            user=duel.referee, duel=duel, kind=Kind.WINDOW_EXPIRED, url=adjudicate_url(duel),
            dedupe_key=notice_key("window", window.pk, "expired"),
            **notice_fields(message_id=gettext_noop("%(duel)s : délai expiré (%(window)s). Fautes d'absence : %(names)s. "
                                          "%(next)s"), params={
                "duel": duel_name(duel), "window": _window_name(window), "names": names, "next": what_next,
            }),
        ))
    return notes


@transaction.atomic
def exemption_requested_notify(*, exemption_id: int) -> bool:
    exemption = Exemption.objects.select_related("participant__duellist", "participant__duel__referee").get(
        pk=exemption_id
    )
    duel = exemption.participant.duel
    if duel.referee is None:
        return False
    return notification_send(duel=duel,
        user=duel.referee, kind=Kind.EXEMPTION, url=adjudicate_url(duel),
        dedupe_key=notice_key("exemption", exemption.pk, "requested"),
        message_id=gettext_noop("%(duel)s : %(who)s demande une dispense jusqu'au %(wished)s. Motif : %(reason)s"),
        params={"duel": duel_name(duel), "who": str(exemption.participant.duellist),
                "wished": moment(exemption.wished_deadline), "reason": exemption.reason},
    ) is not None


@transaction.atomic
def exemption_decided_notify(*, exemption_id: int) -> bool:
    exemption = Exemption.objects.select_related("participant__duellist__user", "participant__duel").get(
        pk=exemption_id
    )
    duel = exemption.participant.duel
    if exemption.status == ExemptionStatus.GRANTED:
        message_id = gettext_noop("%(duel)s : dispense accordée. Nouvelle date limite : %(deadline)s.")
        params = {"duel": duel_name(duel), "deadline": moment(exemption.granted_deadline)}
    elif exemption.status == ExemptionStatus.REFUSED:
        message_id = gettext_noop("%(duel)s : dispense refusée. Votre date limite ne change pas.")
        params = {"duel": duel_name(duel)}
    else:
        return False
    return notification_send(duel=duel,
        user=_user_of(exemption.participant), kind=Kind.EXEMPTION, url=duel_url(duel),
        dedupe_key=notice_key("exemption", exemption.pk, exemption.status), message_id=message_id, params=params,
    ) is not None


@transaction.atomic
def duel_cancelled_notify(*, duel_id: int) -> int:
    """Each duellist learns the duel was cancelled before it started, and why."""
    duel = Duel.objects.get(pk=duel_id)
    sent = 0
    for participant in duel.participants.select_related("duellist__user"):
        sent += notification_send(duel=duel,
            user=_user_of(participant), kind=Kind.DUEL, url=duel_url(duel),
            dedupe_key=notice_key("duel", duel.pk, "cancelled", participant.pk),
            message_id=gettext_noop("%(duel)s : duel annulé avant son début ; vous pouvez vous inscrire à nouveau. "
                          "Motif : %(reason)s"), params={"duel": duel_name(duel), "reason": duel.cancel_reason},
        ) is not None
    return sent


# Corrections and referee tools

def adjudicate_url(duel: Duel) -> str:
    """The referee's page of the duel (where the declaration is written); the duel page if missing."""
    try:
        return reverse("duels:adjudicate", args=[duel.pk])
    except NoReverseMatch:
        return duel_url(duel)


def on_declaration_corrected(event) -> None:
    declaration_corrected_notify(declaration_id=event.declaration.pk, revision=event.declaration.revision)


def on_post_reopened(event) -> None:
    post_reopened_notify(window_id=event.window.pk, participant_id=event.participant_id)


def on_deadline_extended(event) -> None:
    deadline_extended_notify(window_id=event.window.pk, due_at=event.window.due_at)


@transaction.atomic
def declaration_corrected_notify(*, declaration_id: int, revision: int) -> int:
    """Each duellist learns that the referee corrected a published declaration, and why."""
    kept = DeclarationRevision.objects.select_related("declaration__window__duel").filter(
        declaration_id=declaration_id, number=revision
    ).first()
    if kept is None:
        return 0
    window = kept.declaration.window
    sent = 0
    for participant in window.duel.participants.select_related("duellist__user"):
        sent += notification_send(duel=window.duel,
            user=_user_of(participant), kind=Kind.DUEL, url=duel_url(window.duel),
            dedupe_key=notice_key("declaration", declaration_id, "corrected", revision, participant.pk),
            message_id=gettext_noop("%(duel)s : l'arbitre a corrigé la déclaration (%(window)s). Motif : %(reason)s"),
            params={"duel": duel_name(window.duel), "window": _window_name(window), "reason": kept.reason},
        ) is not None
    return sent


@transaction.atomic
def post_reopened_notify(*, window_id: int, participant_id: int) -> bool:
    """The duellist whose post was voided or missed may post again: until when."""
    window = _window(window_id)
    slot = window.slots.select_related("participant__duellist__user").filter(
        participant_id=participant_id, status=SlotStatus.WAITING
    ).first()
    if slot is None:
        return False
    return notification_send(duel=window.duel,
        user=_user_of(slot.participant), kind=Kind.DUEL, url=duel_url(window.duel),
        dedupe_key=reopened_key(window_id=window.pk, participant_id=participant_id, deadline=slot.deadline),
        message_id=gettext_noop("%(duel)s : l'arbitre vous permet de poster à nouveau (%(window)s), avant le "
                      "%(deadline)s."),
        params={"duel": duel_name(window.duel), "window": _window_name(window), "deadline": moment(slot.deadline)},
    ) is not None


@transaction.atomic
def deadline_extended_notify(*, window_id: int, due_at: dt.datetime) -> int:
    """Each duellist still awaited learns their new deadline."""
    window = _window(window_id)
    sent = 0
    for slot in window.slots.filter(status=SlotStatus.WAITING).select_related("participant__duellist__user"):
        sent += notification_send(duel=window.duel,
            user=_user_of(slot.participant), kind=Kind.DUEL, url=duel_url(window.duel),
            dedupe_key=notice_key("window", window.pk, "extended", slot.participant_id, slot.deadline.isoformat()),
            message_id=gettext_noop("%(duel)s : l'arbitre a prolongé le délai (%(window)s) jusqu'au %(deadline)s."),
            params={"duel": duel_name(window.duel), "window": _window_name(window),
                    "deadline": moment(slot.deadline)},
        ) is not None
    return sent
