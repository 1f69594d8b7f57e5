"""Private-message batches the bridge sends from a member's forum account, one by one and paced.

Invitations (staff): a fresh link per member without an account (accounts.services.invitations), its
message kept until the PM is sent, then blanked (the link is not stored in the clear any longer).
Reminders (referee): the duellists still expected in the open phase. Reopening a batch on the forum
continues with the unsent messages; the newest token takes the batch over, so two tabs never send it."""
from __future__ import annotations

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.permissions import ISSUE_ACCOUNT_LINKS
from accounts.services.invitations import InvitationError, invitation_create, invitation_pm_bbcode
from audit.models import AuditAction
from audit.services import audit_record
from common.access import staff_may
from duels.models import Duel, SlotStatus, WindowState
from duels.permissions import is_duel_referee
from forum import addresses, selectors, tokens
from forum.models import PmBatch, PmDelivery
from forum.services import ForumError, forum_off_message

AUDIT_PM = AuditAction.FORUM_PM
MAX_ERROR = 500


def _require_forum() -> None:
    if not selectors.is_enabled():
        raise ForumError("forum-off", forum_off_message(), 404)


@transaction.atomic
def invitation_batch_create(*, by) -> PmBatch:
    _require_forum()
    if not staff_may(by, ISSUE_ACCOUNT_LINKS):
        raise ForumError("not-allowed", _("Réservé à l'équipe."), 403)
    members = selectors.pending_invitation_members()
    if not members:
        raise ForumError("nothing-to-send", _("Aucune invitation à envoyer."))
    batch = PmBatch.objects.create(kind=PmBatch.Kind.INVITATION, created_by=by, created_at=timezone.now(),
                                   subject=_("Ton invitation à l'Estrade, le club de duel"))
    position = 0
    for member in members:
        try:
            issued = invitation_create(duellist=member, created_by=by)
        except InvitationError:
            continue
        position += 1
        PmDelivery.objects.create(batch=batch, position=position, recipient=member.forum_name, duellist=member,
                                  invitation=issued.invitation, message=invitation_pm_bbcode(issued=issued))
    audit_record(actor=by, action=AUDIT_PM, data={"event": "batch", "batch": batch.pk, "kind": batch.kind,
                                                   "recipients": position})
    return batch


@transaction.atomic
def reminder_batch_create(*, duel: Duel, by) -> PmBatch:
    _require_forum()
    if not is_duel_referee(duel, by):
        raise ForumError("not-allowed", _("Réservé à l'arbitre du duel."), 403)
    window = duel.windows.filter(state=WindowState.OPEN).first()
    slots = [] if window is None else list(
        window.slots.filter(status=SlotStatus.WAITING).select_related("participant__duellist").order_by("deadline"))
    if not slots:
        raise ForumError("nothing-to-send", _("Personne n'est attendu dans ce duel."))
    batch = PmBatch.objects.create(kind=PmBatch.Kind.REMINDER, created_by=by, created_at=timezone.now(), duel=duel,
                                   subject=_("Rappel : le duel n°%(n)s t'attend") % {"n": duel.pk})
    link = selectors.duel_url(duel)
    for position, slot in enumerate(slots, start=1):
        duellist = slot.participant.duellist
        until = timezone.localtime(slot.deadline).strftime("%d/%m/%Y %H:%M")
        message = "\n".join([
            _("Bonjour %(name)s,") % {"name": duellist.forum_name}, "",
            _("Le duel n°%(n)s attend ton message avant le %(until)s.") % {"n": duel.pk, "until": until},
            f"[url={link}]{_('Jouer sur Estrade')}[/url]", "",
            _("— %(referee)s, ton arbitre") % {"referee": by.get_username()},
        ])
        PmDelivery.objects.create(batch=batch, position=position, recipient=duellist.forum_name,
                                  duellist=duellist, message=message)
    audit_record(actor=by, action=AUDIT_PM, duel=duel, data={"event": "batch", "batch": batch.pk,
                                                              "kind": batch.kind, "recipients": len(slots)})
    return batch


def may_send(batch: PmBatch, user) -> bool:
    if batch.kind == PmBatch.Kind.INVITATION:
        return staff_may(user, ISSUE_ACCOUNT_LINKS)
    return batch.duel is not None and is_duel_referee(batch.duel, user)


def open_link(*, batch: PmBatch, user) -> str:
    _require_forum()
    if not may_send(batch, user):
        raise ForumError("not-allowed", _("Vous ne pouvez pas envoyer ce lot."), 403)
    return f"{addresses.pm_url()}#estrade={tokens.make(scope='batch', object_id=batch.pk, user=user)}"


def _batch_for(token: tokens.BridgeToken, *, lock: bool = False) -> PmBatch:
    batches = PmBatch.objects.select_for_update() if lock else PmBatch.objects
    batch = batches.filter(pk=token.object_id).first()
    if batch is None:
        raise ForumError("not-found", _("Ce lot de MP n'existe plus."), 404)
    return batch


def _user(token: tokens.BridgeToken):
    user = User.objects.filter(pk=token.user_id, is_active=True).first()
    if user is None:
        raise ForumError("token-forged", _("Ce lien du pont n'est pas valide. Repartez de la page Estrade."), 403)
    return user


@transaction.atomic
def job_for(token: tokens.BridgeToken) -> dict:
    """The batch's unsent messages; this token takes the batch over (an older tab stops)."""
    _require_forum()
    user = _user(token)
    batch = _batch_for(token, lock=True)
    if not may_send(batch, user):
        raise ForumError("not-allowed", _("Vous ne pouvez pas envoyer ce lot."), 403)
    if batch.current_nonce != token.nonce:
        batch.current_nonce = token.nonce
        batch.save(update_fields=["current_nonce"])
    deliveries = list(batch.deliveries.order_by("position"))
    todo = [{"id": d.pk, "to": d.recipient, "subject": batch.subject, "message": d.message,
             "error": d.error} for d in deliveries if d.sent_at is None]
    return {"kind": "batch", "batch": batch.pk, "label": f"{batch.get_kind_display()} n°{batch.pk}",
            "total": len(deliveries), "sent": len(deliveries) - len(todo), "deliveries": todo,
            "pace": float(settings.FORUM_PM_PACE_SECONDS), "user": user.get_username()}


@transaction.atomic
def delivery_report(*, token: tokens.BridgeToken, delivery_id: int, ok: bool, error: str = "") -> dict:
    """One message sent (or refused by the forum, with its own words). A message already recorded as
    sent stays as it was: nothing is counted twice."""
    user = _user(token)
    batch = _batch_for(token, lock=True)
    if batch.current_nonce != token.nonce:
        raise ForumError("batch-taken", _("Ce lot a été rouvert dans un autre onglet : cet onglet s'arrête."), 409)
    delivery = batch.deliveries.filter(pk=delivery_id).first()
    if delivery is None:
        raise ForumError("not-found", _("Ce MP n'est pas dans le lot."), 404)
    now = timezone.now()
    if delivery.sent_at is not None:
        return {"ok": True, "already": True}
    if ok:
        delivery.sent_at, delivery.sent_by, delivery.error = now, user, ""
        if batch.kind == PmBatch.Kind.INVITATION:
            delivery.message = ""  # it held the invitation link
        delivery.save(update_fields=["sent_at", "sent_by", "error", "message"])
        audit_record(actor=user, action=AUDIT_PM, duel=batch.duel, data={
            "event": "sent", "batch": batch.pk, "to": delivery.recipient})
    else:
        delivery.error, delivery.error_at = (error or _("Échec sans message du forum."))[:MAX_ERROR], now
        delivery.save(update_fields=["error", "error_at"])
    left = batch.deliveries.filter(sent_at__isnull=True).count()
    if left == 0:
        tokens.mark_used(token, now=now)
    return {"ok": True, "left": left}
