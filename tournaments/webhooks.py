"""The tournament's events told to the club's webhooks (Discord channels, signed endpoints): « tirage
publié », « qualifié / éliminé », « vainqueur du tournoi ». Subscribers of config/events.py that call
webhooks' public `club_announce` (webhooks knows nothing of tournaments); each sentence is written in
the webhook's language when it is stored, in the transaction of the event."""
from __future__ import annotations

from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext as _

from tournaments.models import Entrant, Match
from tournaments.notices import tournament_url
from webhooks.models import EventKind
from webhooks.services.announcements import absolute
from webhooks.services.club_events import club_announce
from webhooks.services.messages import when


def image_url(tournament) -> str:
    """The bracket's picture, always the current one (short cache): the same address in every message."""
    try:
        return absolute(reverse("tournaments:bracket_png", args=[tournament.slug]))
    except NoReverseMatch:
        return ""


def _subject(tournament) -> dict:
    return {"type": "tournament", "id": tournament.pk, "slug": tournament.slug, "name": tournament.name,
            "format": tournament.format, "status": tournament.status}


def _names(ids) -> dict[int, str]:
    ids = [i for i in ids if i]
    return {e.pk: str(e) for e in Entrant.objects.filter(pk__in=ids).select_related("duellist", "partner")}


def on_round_drawn(event) -> None:
    tournament, round = event.tournament, event.round
    matches = list(Match.objects.filter(round=round).order_by("group", "slot", "replay"))
    names = _names([m.side_a_id for m in matches] + [m.side_b_id for m in matches])
    pairings = [{"a": names.get(m.side_a_id, "?"), "b": names.get(m.side_b_id) if m.side_b_id else None,
                 "duel": m.duel_id} for m in matches]

    def sentence() -> str:
        head = _("%(tournament)s : tirage de la ronde %(round)s publié, à jouer avant le %(ends)s.") % {
            "tournament": tournament.name, "round": round.number, "ends": when(round.ends_at)}
        lines = [_("%(a)s contre %(b)s") % p if p["b"] else _("%(a)s — exempt(e)") % p for p in pairings]
        return "\n".join([head, *(f"• {line}" for line in lines)])

    club_announce(EventKind.TOURNAMENT_ROUND_DRAWN, title=tournament.name, sentence=sentence,
                  subject=_subject(tournament), link=absolute(tournament_url(tournament)),
                  image_url=image_url(tournament), data={"round": round.number, "pairings": pairings})


def on_match_decided(event) -> None:
    """In elimination only (a qualified and an eliminated entrant); group and Swiss results are in the
    standings, not a message each."""
    if event.qualified is None:
        return
    tournament = event.tournament
    names = _names([event.qualified, event.eliminated])
    qualified, eliminated = names.get(event.qualified, "?"), names.get(event.eliminated, "")

    def sentence() -> str:
        if eliminated:
            return _("%(tournament)s : %(qualified)s est qualifié(e), %(eliminated)s est éliminé(e).") % {
                "tournament": tournament.name, "qualified": qualified, "eliminated": eliminated}
        return _("%(tournament)s : %(qualified)s est qualifié(e).") % {
            "tournament": tournament.name, "qualified": qualified}

    club_announce(EventKind.TOURNAMENT_MATCH_DECIDED, title=tournament.name, sentence=sentence,
                  subject=_subject(tournament), link=absolute(tournament_url(tournament)),
                  data={"match": event.match.pk, "qualified": qualified, "eliminated": eliminated or None})


def on_finished(event) -> None:
    tournament = event.tournament
    winner = _names([tournament.winner_id]).get(tournament.winner_id, "—")

    def sentence() -> str:
        return _("%(tournament)s est terminé : victoire de %(winner)s !") % {
            "tournament": tournament.name, "winner": winner}

    club_announce(EventKind.TOURNAMENT_FINISHED, title=tournament.name, sentence=sentence,
                  subject=_subject(tournament), link=absolute(tournament_url(tournament)),
                  image_url=image_url(tournament), data={"winner": winner})
