"""The tournament's topic through the forum bridge: « Créer le sujet sur le forum » and « Publier le
tirage en réponse » open the forum with a signed token (forum/tokens.py); the staff's browser posts
there with pont.js, which reports the message's address back. Registered with forum (forum cannot
import tournaments) in TournamentsConfig.ready."""
from __future__ import annotations

from django.db import transaction
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _

from accounts.permissions import MANAGE_TOURNAMENTS
from audit.models import AuditAction
from common.access import staff_may
from forum import addresses, tokens
from forum import selectors as forum
from forum.services import ForumError, forum_off_message
from forum.services.external import Publisher, register
from tournaments.models import Round, Tournament
from tournaments.pages.forum_topic import opening_bbcode, opening_subject, round_bbcode
from tournaments.services.common import audit

TOPIC, ROUND = "tourn-topic", "tourn-round"


def _staff(user) -> None:
    if not staff_may(user, MANAGE_TOURNAMENTS):
        raise ForumError("not-allowed", _("Vous ne pouvez pas publier cet élément sur le forum."), 403)


def _tournament(pk: int) -> Tournament:
    tournament = Tournament.objects.filter(pk=pk).first()
    if tournament is None:
        raise ForumError("not-found", _("Ce tournoi n'existe pas."), 404)
    return tournament


def _topic_id(tournament: Tournament) -> int:
    address = addresses.parse(tournament.forum_topic_url)
    if address is None:
        raise ForumError("no-topic", _("Ce tournoi n'a pas encore de sujet sur le forum."))
    return address.topic_id


def back_url(tournament: Tournament) -> str:
    return reverse("clubs:tournaments:forum_topic", args=[tournament.slug])


def open_link(*, user, tournament: Tournament, round: Round | None = None) -> str:
    """The forum page to open with the token in its fragment: a new topic, or a reply with the round."""
    _staff(user)
    if not forum.is_enabled():
        raise ForumError("forum-off", forum_off_message(), 404)
    if round is None:
        if tournament.forum_topic_url:
            raise ForumError("topic-exists", _("Ce tournoi a déjà son sujet sur le forum."))
        if not addresses.duel_section():
            raise ForumError("no-section", _("La section des duels du forum du club n'est pas renseignée : "
                                             "liez plutôt un sujet existant."))
        return f"{addresses.newtopic_url()}#estrade={tokens.make(scope=TOPIC, object_id=tournament.pk, user=user)}"
    target = addresses.reply_url(_topic_id(tournament))
    return f"{target}#estrade={tokens.make(scope=ROUND, object_id=round.pk, user=user)}"


def _topic_job(user, pk: int) -> dict:
    _staff(user)
    tournament = _tournament(pk)
    if tournament.forum_topic_url:
        raise ForumError("topic-exists", _("Ce tournoi a déjà son sujet sur le forum."))
    return {"kind": "topic", "action": "newtopic", "forum": addresses.duel_section(),
            "subject": opening_subject(tournament), "message": opening_bbcode(tournament),
            "label": _("Sujet du tournoi %(name)s") % {"name": tournament.name}}


@transaction.atomic
def _topic_report(user, pk: int, address, now) -> str:
    _staff(user)
    tournament = Tournament.objects.select_for_update().filter(pk=pk).first() or _tournament(pk)
    if tournament.forum_topic_url:
        raise ForumError("topic-exists", _("Ce tournoi a déjà son sujet sur le forum."))
    tournament.forum_topic_url, tournament.updated_at = addresses.topic_url(address.topic_id), now
    tournament.save(update_fields=["forum_topic_url", "updated_at"])
    audit(by=user, action=AuditAction.TOURNAMENT_CHANGE, tournament=tournament,
          changed={"forum_topic_url": ["", tournament.forum_topic_url]}, topic=address.topic_id)
    return back_url(tournament)


def _round(pk: int) -> Round:
    round = Round.objects.select_related("tournament").filter(pk=pk).first()
    if round is None:
        raise ForumError("not-found", _("Cette ronde n'existe pas."), 404)
    return round


def _round_job(user, pk: int) -> dict:
    _staff(user)
    round = _round(pk)
    return {"kind": ROUND, "action": "reply", "topic": _topic_id(round.tournament),
            "message": round_bbcode(round.tournament, round),
            "label": _("%(name)s, ronde %(n)s") % {"name": round.tournament.name, "n": round.number}}


def _round_report(user, pk: int, address, now) -> str:
    _staff(user)
    round = _round(pk)
    if address.topic_id != _topic_id(round.tournament):
        raise ForumError("wrong-topic", _("Ce message n'est pas dans le sujet du tournoi."))
    audit(by=user, action=AuditAction.TOURNAMENT_CHANGE, tournament=round.tournament,
          round_posted=round.number, url=address.url)
    return back_url(round.tournament)


def round_of(tournament: Tournament, pk: int) -> Round:
    return get_object_or_404(Round, tournament=tournament, pk=pk)


def connect() -> None:
    register(TOPIC, Publisher(job=_topic_job, report=_topic_report))
    register(ROUND, Publisher(job=_round_job, report=_round_report))
