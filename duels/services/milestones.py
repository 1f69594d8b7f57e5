"""Notices for the moments of a duel's life that are not a window's: an opponent found (with the year
gap), a referee assigned, a declaration published (and the result with each one's reward).

Same contract as `duels.services.notices`: the `on_*` subscribers (config/events.py) run inside the
service's transaction, store the notices there and then, each once (dedupe key), linking to where the
reader acts; only their e-mails leave after commit. The declaration's notice tells each one's reward:
rankings, which records the rewards, passes them (`rankings.notices`)."""
from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_noop, ngettext

from accounts.models import Notification
from accounts.notice_keys import notice_key, reminder_prefix, reopened_prefix
from accounts.services.notifications import notification_send
from common.messages import joined, phrase, plural
from duels.models import Declaration, DeclarationStatus, Duel, WindowSlot
from duels.services.notices import duel_name, duel_url, turn_notice_key

Kind = Notification.Kind


def on_duel_matched(event) -> None:
    duel_matched_notify(duel_id=event.duel.pk)


def on_referee_assigned(event) -> None:
    referee_assigned_notify(duel_id=event.duel.pk, referee_id=event.duel.referee_id)


def on_post_submitted(event) -> None:
    turn_notices_read(post=event.post)  # "à vous de poster" is done


def _participants(duel: Duel) -> list:
    return list(duel.participants.select_related("duellist__user").order_by("team", "pk"))


def _names(participants) -> str:
    return " & ".join(p.duellist.forum_name for p in participants)


@transaction.atomic
def duel_matched_notify(*, duel_id: int) -> int:
    """Each duellist learns who they face (and with whom), the year gap if any, and that magic types
    are to be chosen on the duel page."""
    duel = Duel.objects.get(pk=duel_id)
    participants = _participants(duel)
    sent = 0
    for me in participants:
        opponents = [p for p in participants if p.team != me.team]
        partners = [p for p in participants if p.team == me.team and p.pk != me.pk]
        gap = max(p.year for p in participants) - min(p.year for p in participants)
        parts = [phrase(gettext_noop("%(duel)s : adversaire trouvé — vous affrontez %(opponents)s."),
                        duel=duel_name(duel), opponents=_names(opponents))]
        if partners:
            parts.append(phrase(gettext_noop("Partenaire : %(names)s."), names=_names(partners)))
        if gap:
            parts.append(plural("Écart d'années : %(gap)d an.", "Écart d'années : %(gap)d ans.", gap,
                                gap=gap))
        parts.append(phrase(gettext_noop("Choisissez vos types de magie ; un arbitre va prendre le duel.")))
        sent += notification_send(duel=duel, user=me.duellist.user, kind=Kind.DUEL, url=duel_url(duel), **_sentences(parts),
                                  dedupe_key=notice_key("duel", duel.pk, "matched", me.pk)) is not None
    return sent


@transaction.atomic
def referee_assigned_notify(*, duel_id: int, referee_id: int | None) -> int:
    duel = Duel.objects.select_related("referee").get(pk=duel_id)
    if duel.referee_id is None or duel.referee_id != referee_id:
        return 0  # replaced since: the new referee's own notice will follow
    sent = 0
    for me in _participants(duel):
        sent += notification_send(duel=duel,
            user=me.duellist.user, kind=Kind.DUEL, url=duel_url(duel),
            dedupe_key=notice_key("duel", duel.pk, "referee", referee_id, me.pk),
            message_id=gettext_noop("%(duel)s : %(referee)s arbitre votre duel. Le signal de départ sera donné quand "
                          "chacun aura choisi ses types de magie."),
            params={"duel": duel_name(duel), "referee": duel.referee.get_username()},
        ) is not None
    return sent


def _catalogue_plurals() -> None:  # pragma: no cover (never called)
    """Shows makemessages the plural pairs that `plural(...)` stores as plain strings (gettext_noop has
    no plural form; xgettext reads ngettext's two ids as one entry)."""
    ngettext("Écart d'années : %(gap)d an.", "Écart d'années : %(gap)d ans.", 0)


def _sentences(parts: list[dict]) -> dict:
    """Several sentences as one notice: each translated on its own, joined by a space."""
    return {"message_id": "%(text)s", "params": {"text": joined(" ", parts)}}


@transaction.atomic
def declaration_published_notify(*, declaration_id: int, rewards: dict[int, dict] | None = None) -> int:
    """Each duellist learns the declaration is out; when it ends the duel, the result and their reward
    (`rewards`: a message part per participant id, from the results recorded)."""
    declaration = Declaration.objects.select_related("window__duel").get(pk=declaration_id)
    if declaration.status != DeclarationStatus.PUBLISHED:
        return 0
    window, duel = declaration.window, declaration.window.duel
    participants = _participants(duel)
    phase = phrase(gettext_noop("phase d'action") if window.phase == "action" else gettext_noop("phase de défense"))
    sent = 0
    for me in participants:
        parts = [phrase(gettext_noop("%(duel)s : l'arbitre a publié la déclaration (tour %(turn)s, %(phase)s)."),
                        duel=duel_name(duel), turn=window.turn, phase=phase)]
        if duel.status == "finished":
            winners = [p for p in participants if p.team == duel.winner_team]
            parts.append(phrase(gettext_noop("Match nul.")) if duel.is_draw else phrase(
                gettext_noop("Victoire de %(names)s !"), names=_names(winners)))
            reward = (rewards or {}).get(me.pk)
            if reward is not None:
                parts.append(phrase(gettext_noop("Votre récompense : %(reward)s."), reward=reward))
        sent += notification_send(duel=duel,
            user=me.duellist.user, kind=Kind.DUEL, url=f"{duel_url(duel)}#declaration-{declaration.pk}",
            dedupe_key=notice_key("declaration", declaration.pk, "published", me.pk), **_sentences(parts),
        ) is not None
    return sent


def turn_notices_read(*, post) -> int:
    """Once the duellist has posted, the notices asking them to post in that window ("à vous de
    poster", its reminders, a reopened post) are marked read: the bell only counts what is still due."""
    slot_ids = list(WindowSlot.objects.filter(window_id=post.window_id, participant_id=post.participant_id)
                    .values_list("pk", flat=True))
    asked = Q(dedupe_key=turn_notice_key(post.window, post.participant_id)) | Q(
        dedupe_key__startswith=reopened_prefix(window_id=post.window_id, participant_id=post.participant_id))
    for slot_id in slot_ids:
        asked |= Q(dedupe_key__startswith=reminder_prefix(slot_id=slot_id))
    return Notification.objects.filter(asked, user=post.participant.duellist.user, read_at__isnull=True).update(
        read_at=timezone.now())
