"""Notices for the moments of a duel's life that are not a window's: an opponent found (with the year
gap), a referee assigned, a declaration published (and the result with each one's reward).

Same contract as `duels.services.notices`: the services call the `on_*` hooks inside their transaction,
which store the notices there and then, each once (dedupe key), linking to where the reader acts; only
their e-mails leave after commit."""
from __future__ import annotations

from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_noop, ngettext

from accounts.models import Notification
from accounts.services.notifications import notice_part_text, notification_send
from common.messages import joined, phrase, plural
from duels.models import Declaration, DeclarationStatus, Duel, WindowSlot
from duels.services.notices import duel_name, duel_url, turn_notice_key
from rankings.models import Result
from webhooks.models import EventKind
from webhooks.services import announce

Kind = Notification.Kind


def on_duel_matched(duel: Duel) -> None:
    announce(EventKind.DUEL_MATCHED, duel)  # Discord and signed webhooks (rows now, sent after commit)
    duel_matched_notify(duel_id=duel.pk)


def on_referee_assigned(duel: Duel) -> None:
    referee_assigned_notify(duel_id=duel.pk, referee_id=duel.referee_id)


def on_declaration_published(declaration: Declaration) -> None:
    """Called once the declaration's consequences are written (the duel finished and its results, or
    the next window opened): the notice tells the result and each one's reward."""
    announce(EventKind.DECLARATION_PUBLISHED, declaration.window.duel, declaration=declaration)  # webhooks
    declaration_published_notify(declaration_id=declaration.pk)


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
        sent += notification_send(user=me.duellist.user, kind=Kind.DUEL, url=duel_url(duel), **_sentences(parts),
                                  dedupe_key=f"duel:{duel.pk}:matched:{me.pk}") is not None
    return sent


@transaction.atomic
def referee_assigned_notify(*, duel_id: int, referee_id: int | None) -> int:
    duel = Duel.objects.select_related("referee").get(pk=duel_id)
    if duel.referee_id is None or duel.referee_id != referee_id:
        return 0  # replaced since: the new referee's own notice will follow
    sent = 0
    for me in _participants(duel):
        sent += notification_send(
            user=me.duellist.user, kind=Kind.DUEL, url=duel_url(duel),
            dedupe_key=f"duel:{duel.pk}:referee:{referee_id}:{me.pk}",
            message_id=gettext_noop("%(duel)s : %(referee)s arbitre votre duel. Le signal de départ sera donné quand "
                          "chacun aura choisi ses types de magie."),
            params={"duel": duel_name(duel), "referee": duel.referee.get_username()},
        ) is not None
    return sent


def _catalogue_plurals() -> None:  # pragma: no cover (never called)
    """Shows makemessages the plural pairs that `plural(...)` stores as plain strings (gettext_noop has
    no plural form; xgettext reads ngettext's two ids as one entry)."""
    ngettext("Écart d'années : %(gap)d an.", "Écart d'années : %(gap)d ans.", 0)
    ngettext("%(n)d point de champion", "%(n)d points de champion", 0)


def _sentences(parts: list[dict]) -> dict:
    """Several sentences as one notice: each translated on its own, joined by a space."""
    return {"message_id": "%(text)s", "params": {"text": joined(" ", parts)}}


def _reward(result) -> str:
    """The reward in the active language (as a notice shows it)."""
    return notice_part_text(_reward_part(result))


def _reward_part(result) -> dict:
    parts = [plural("%(n)d point de champion", "%(n)d points de champion", result.champion_points)]
    if result.purse and result.salary_year:  # the purse follows the year of study (RULES.md §3.3.2)
        parts.append(phrase(gettext_noop("%(n)d gallions (salaire de l'année d'étude %(year)s)"), n=result.purse,
                            year=phrase(gettext_noop("Adulte")) if result.salary_year == 8 else str(result.salary_year)))
    elif result.purse:
        parts.append(phrase(gettext_noop("%(n)d gallions"), n=result.purse))
    if result.chocogrenouille:
        parts.append(phrase(gettext_noop("une chocogrenouille")))
    return joined(", ", parts)


@transaction.atomic
def declaration_published_notify(*, declaration_id: int) -> int:
    """Each duellist learns the declaration is out; when it ends the duel, the result and their reward."""
    declaration = Declaration.objects.select_related("window__duel").get(pk=declaration_id)
    if declaration.status != DeclarationStatus.PUBLISHED:
        return 0
    window, duel = declaration.window, declaration.window.duel
    participants = _participants(duel)
    results = {r.participant_id: r for r in Result.objects.filter(duel=duel)}
    phase = phrase(gettext_noop("phase d'action") if window.phase == "action" else gettext_noop("phase de défense"))
    sent = 0
    for me in participants:
        parts = [phrase(gettext_noop("%(duel)s : l'arbitre a publié la déclaration (tour %(turn)s, %(phase)s)."),
                        duel=duel_name(duel), turn=window.turn, phase=phase)]
        if duel.status == "finished":
            winners = [p for p in participants if p.team == duel.winner_team]
            parts.append(phrase(gettext_noop("Match nul.")) if duel.is_draw else phrase(
                gettext_noop("Victoire de %(names)s !"), names=_names(winners)))
            result = results.get(me.pk)
            if result is not None:
                parts.append(phrase(gettext_noop("Votre récompense : %(reward)s."), reward=_reward_part(result)))
        sent += notification_send(
            user=me.duellist.user, kind=Kind.DUEL, url=f"{duel_url(duel)}#declaration-{declaration.pk}",
            dedupe_key=f"declaration:{declaration.pk}:published:{me.pk}", **_sentences(parts),
        ) is not None
    return sent


def turn_notices_read(*, post) -> int:
    """Once the duellist has posted, the notices asking them to post in that window ("à vous de
    poster", its reminders, a reopened post) are marked read: the bell only counts what is still due."""
    slot_ids = list(WindowSlot.objects.filter(window_id=post.window_id, participant_id=post.participant_id)
                    .values_list("pk", flat=True))
    asked = Q(dedupe_key=turn_notice_key(post.window, post.participant_id)) | Q(
        dedupe_key__startswith=f"window:{post.window_id}:reopened:{post.participant_id}:")
    for slot_id in slot_ids:
        asked |= Q(dedupe_key__startswith=f"slot:{slot_id}:reminder-")
    return Notification.objects.filter(asked, user=post.participant.duellist.user, read_at__isnull=True).update(
        read_at=timezone.now())
