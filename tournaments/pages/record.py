"""What tournaments add to the rankings' pages (registered in TournamentsConfig.ready, rankings/extras.py):
on a duellist's record, the tournament and round of each duel listed that belongs to one, and the
tournaments they entered with their placement; on the club statistics, the tournament duels played.
A fixed number of queries, whatever the number of duels or tournaments."""
from __future__ import annotations

from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext as _

from duels.models import DuelStatus
from rankings.extras import RecordExtra
from tournaments import engine
from tournaments.export.labels import match_name
from tournaments.models import Entrant, Match, Stage, Tournament, TournamentFormat, TournamentStatus
from tournaments.pages.overview import group_title
from tournaments.services.common import key_of, result_of
from tournaments.services.draw import bracket_of


def round_label(tournament: Tournament, match: Match) -> str:
    """"Demi-finales, match 1", "Finale", "Poule A, ronde 2", "Ronde 3"."""
    if match.round.stage == Stage.ELIMINATION and tournament.elimination_order:
        return match_name(bracket_of(tournament), key_of(match))
    if match.round.stage == Stage.GROUP:
        return _("%(group)s, ronde %(n)s") % {"group": group_title(match.group), "n": match.bracket_round}
    return _("Ronde %(n)s") % {"n": match.bracket_round}


def duel_labels(duel_ids: list[int]) -> dict[int, tuple[str, str]]:
    """Duel id -> ("Coupe d'hiver — Finale", the tournament's page) for the duels played in a tournament."""
    labels = {}
    for match in Match.objects.filter(duel_id__in=duel_ids).select_related("tournament", "round"):
        text = f"{match.tournament.name} — {round_label(match.tournament, match)}"
        labels[match.duel_id] = (text, reverse("tournaments:page", args=[match.tournament.slug]))
    return labels


def _place(tournament: Tournament, entrant_id: int, matches: list[Match]) -> int | None:
    """The entrant's place when known: the bracket's placements once there is an elimination stage that
    reached them, else their rank in their group or in the Swiss standings (finished tournaments only)."""
    results = [(m, result_of(m)) for m in matches if m.outcome and m.side_b_id]
    if tournament.elimination_order:
        elimination = {key_of(m): r for m, r in results if m.round.stage == Stage.ELIMINATION}
        state = engine.bracket_state(bracket_of(tournament), elimination)
        placed = next((p.place for p in state.placements() if p.entrant == entrant_id), None)
        if placed is not None or tournament.format == TournamentFormat.SINGLE_ELIMINATION:
            return placed
    if tournament.status != TournamentStatus.FINISHED or not tournament.seed_order:
        return None
    if tournament.format == TournamentFormat.SWISS:
        byes = [m.side_a_id for m in matches if m.side_b_id is None]
        table = engine.swiss_standings(tournament.seed_order, [r for _m, r in results], byes)
    else:
        group = next((g for g in engine.snake_groups(tournament.seed_order, tournament.group_count)
                      if entrant_id in g), [])
        table = engine.standings(group, [r for m, r in results if m.round.stage == Stage.GROUP
                                         and r.a in group and r.b in group])
    return next((row.rank for row in table if row.entrant == entrant_id), None)


def entries(duellist) -> list[dict]:
    """The tournaments they entered (as a player or a partner), newest first: its status and their place."""
    entered = list(Entrant.objects.filter(Q(duellist=duellist) | Q(partner=duellist))
                   .exclude(tournament__status=TournamentStatus.DRAFT)
                   .select_related("tournament").order_by("-tournament__created_at", "-pk"))
    by_tournament: dict[int, list[Match]] = {}
    for match in Match.objects.filter(tournament__in=[e.tournament_id for e in entered]).select_related("round"):
        by_tournament.setdefault(match.tournament_id, []).append(match)
    return [{"entrant": e, "tournament": e.tournament,
             "place": _place(e.tournament, e.pk, by_tournament.get(e.tournament_id, [])),
             "won": e.tournament.winner_id == e.pk} for e in entered]


def duellist_record_extra(duellist, duel_ids: list[int]) -> RecordExtra:
    return RecordExtra(duel_labels=duel_labels(duel_ids), template="tournaments/_record_entries.html",
                       context={"tournament_entries": entries(duellist)})


def statistics_figures() -> list[tuple[str, object]]:
    played = Match.objects.filter(duel__status=DuelStatus.FINISHED).count()
    return [(_("Duels de tournoi joués"), played)]
