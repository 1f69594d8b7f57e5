"""The tournament's notices (the bell and its e-mail), through accounts' notice system: stored in the
transaction of what they tell, once each by their dedupe key. Subscribers of the tournament events
(config/events.py), plus the staff's notices the services call directly."""
from __future__ import annotations

from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext_noop

from accounts.models import Notification, User
from accounts.notice_keys import notice_key
from accounts.services.notifications import notification_send
from clubs.roles import club_staff_ids
from common.messages import moment
from tournaments.models import Entrant, Match, Tournament

Kind = Notification.Kind


def tournament_url(tournament: Tournament) -> str:
    """The tournament's public page (its bracket or standings, the player's buttons)."""
    return _link("tournaments:page", tournament)


def manage_url(tournament: Tournament) -> str:
    """The tournament's page in the club's control panel (staff)."""
    return _link("clubs:tournaments:manage", tournament)


def _link(name: str, tournament: Tournament) -> str:
    try:
        return reverse(name, args=[tournament.slug])
    except NoReverseMatch:  # a URLconf without the tournament's pages (a test's)
        return ""


def _users(entrant: Entrant | None) -> list[User]:
    if entrant is None:
        return []
    return [d.user for d in entrant.duellists if d.user_id]


def on_round_drawn(event) -> None:
    """« Votre match commence »: each duellist of the round learns their opponent and the round's end; a bye
    is told it goes through."""
    tournament, round = event.tournament, event.round
    matches = Match.objects.filter(round=round).select_related(
        "side_a__duellist__user", "side_a__partner__user", "side_b__duellist__user", "side_b__partner__user")
    for match in matches:
        for side, other in ((match.side_a, match.side_b), (match.side_b, match.side_a)):
            for user in _users(side):
                if match.duel_id:
                    message_id = gettext_noop("%(tournament)s, ronde %(round)s : votre match contre %(opponent)s "
                                              "commence (duel n°%(duel)s), à jouer avant le %(ends)s.")
                elif other is None:
                    message_id = gettext_noop("%(tournament)s, ronde %(round)s : vous êtes exempté(e) et passez "
                                              "directement.")
                else:
                    continue  # decided at once by a forfeit: the match's own notice tells it
                notification_send(
                    user=user, kind=Kind.DUEL, url=tournament_url(tournament), message_id=message_id,
                    params={"tournament": tournament.name, "round": round.number, "duel": match.duel_id,
                            "opponent": str(other) if other else "", "ends": moment(round.ends_at)},
                    dedupe_key=notice_key("tournament", tournament.pk, "match", match.pk, "drawn", user.pk))


def on_match_decided(event) -> None:
    """« Qualifié » / « éliminé »: in elimination, each side learns whether it goes on."""
    tournament, match = event.tournament, event.match
    if event.qualified is None:
        return
    entrants = {e.pk: e for e in Entrant.objects.filter(pk__in=[event.qualified, event.eliminated])
                .select_related("duellist__user", "partner__user")}
    for entrant_id, message_id in (
        (event.qualified, gettext_noop("%(tournament)s : vous êtes qualifié(e) pour la suite.")),
        (event.eliminated, gettext_noop("%(tournament)s : vous êtes éliminé(e). Merci d'avoir participé !")),
    ):
        for user in _users(entrants.get(entrant_id)):
            notification_send(user=user, kind=Kind.DUEL, url=tournament_url(tournament), message_id=message_id,
                              params={"tournament": tournament.name},
                              dedupe_key=notice_key("tournament", tournament.pk, "match", match.pk, "decided",
                                                    user.pk))


def on_finished(event) -> None:
    """« Vainqueur du tournoi »: every entrant learns who won."""
    tournament = event.tournament
    winner = Entrant.objects.select_related("duellist", "partner").filter(pk=tournament.winner_id).first()
    for entrant in tournament.entrants.select_related("duellist__user", "partner__user").filter(seed__isnull=False):
        for user in _users(entrant):
            notification_send(
                user=user, kind=Kind.DUEL, url=tournament_url(tournament),
                message_id=gettext_noop("%(tournament)s est terminé : victoire de %(winner)s."),
                params={"tournament": tournament.name, "winner": str(winner) if winner else "—"},
                dedupe_key=notice_key("tournament", tournament.pk, "finished", user.pk))


def _staff(tournament: Tournament) -> list[User]:
    return list(User.objects.filter(pk__in=club_staff_ids(), is_active=True).order_by("pk"))


def staff_told_correction(*, tournament: Tournament, match: Match, stale: list[Match]) -> None:
    """A corrected result touches matches drawn after it: the staff decide (nothing was rewritten)."""
    for user in _staff(tournament):
        notification_send(
            user=user, kind=Kind.DUEL, url=manage_url(tournament),
            message_id=gettext_noop("%(tournament)s : le résultat corrigé du duel n°%(duel)s change la suite du "
                                    "tournoi ; %(count)s rencontre(s) marquée(s) à revoir. Décidez-en depuis la "
                                    "gestion du tournoi."),
            params={"tournament": tournament.name, "duel": match.duel_id, "count": len(stale)},
            dedupe_key=notice_key("tournament", tournament.pk, "correction", match.pk, match.decided_at.timestamp(),
                                  user.pk))


def staff_told_draw_failed(*, tournament: Tournament, round, code: str) -> None:
    """The next round could not be drawn at a duel's end (the duel's end stands)."""
    for user in _staff(tournament):
        notification_send(
            user=user, kind=Kind.DUEL, url=manage_url(tournament),
            message_id=gettext_noop("%(tournament)s : la ronde après la ronde %(round)s n'a pas pu être tirée "
                                    "(%(code)s). Relancez le tirage depuis la gestion du tournoi."),
            params={"tournament": tournament.name, "round": round.number, "code": code},
            dedupe_key=notice_key("tournament", tournament.pk, "draw-failed", round.pk, user.pk))
