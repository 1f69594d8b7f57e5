"""Who forfeited and when, told to the others in the duel and to its referee (same contract as
`duels.services.notices`: stored in the forfeit's transaction, each notice once by its dedupe key; only
their e-mails leave after commit)."""
from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext_noop

from accounts.models import Notification
from accounts.notice_keys import notice_key
from accounts.services.notifications import notification_send
from common.messages import moment
from duels.models import Duel, DuelStatus, Participant
from duels.services.notices import duel_name, duel_url

Kind = Notification.Kind


def on_forfeit(event) -> None:
    """Runs in the forfeit's transaction, once the duel's state (and result, if it ended) is written."""
    forfeit_notify(participant_id=event.participant.pk)


def winners_of(duel: Duel) -> str:
    return " & ".join(p.duellist.forum_name for p in duel.participants.select_related("duellist").order_by("pk")
                      if p.team == duel.winner_team)


@transaction.atomic
def forfeit_notify(*, participant_id: int) -> int:
    """The other duellists and the referee learn who gave up, when, and the result if it ended the duel."""
    quitter = Participant.objects.select_related("duel__referee", "duellist").get(pk=participant_id)
    duel = quitter.duel
    params = {"duel": duel_name(duel), "name": quitter.duellist.forum_name, "when": moment(quitter.forfeited_at)}
    if duel.status == DuelStatus.FINISHED and duel.is_draw:
        message_id = gettext_noop("%(duel)s : %(name)s abandonne le duel (%(when)s). Match nul.")
    elif duel.status == DuelStatus.FINISHED:
        message_id = gettext_noop("%(duel)s : %(name)s abandonne le duel (%(when)s). Victoire de %(winners)s.")
        params["winners"] = winners_of(duel)
    else:
        message_id = gettext_noop("%(duel)s : %(name)s abandonne le duel (%(when)s) ; le duel continue sans lui ou elle.")
    readers = [p.duellist.user for p in duel.participants.select_related("duellist__user").exclude(pk=quitter.pk)]
    if duel.referee_id:
        readers.append(duel.referee)
    sent = 0
    for user in readers:
        if user is None:
            continue
        sent += notification_send(duel=duel,
            user=user, kind=Kind.DUEL, url=duel_url(duel), dedupe_key=notice_key("duel", duel.pk, "forfeit", quitter.pk, user.pk),
            message_id=message_id, params=params,
        ) is not None
    return sent


__all__ = ["forfeit_notify", "on_forfeit"]
