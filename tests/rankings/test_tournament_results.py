"""A tournament's matches are duels: each counts once in the champions table, as any duel does, and
winning the tournament adds nothing (RULES §3.3.2 gives points per duel won, none per tournament)."""
import pytest

from rankings.models import ClubFigure, DuelFigures, Result, Standing
from tests.support.tournament_play import play_round, running
from tournaments.models import Match, TournamentStatus

pytestmark = pytest.mark.django_db


def all_time(duellist) -> Standing:
    return Standing.objects.get(duellist=duellist, season=None, kind="", format="", year=0)


def test_a_four_entrant_tournament_counts_each_duel_once_and_no_points_for_winning_it():
    tournament, _staff, entrants = running(entrants=4)
    play_round(tournament, winner=1)
    play_round(tournament, winner=1)
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    duels = list(Match.objects.filter(tournament=tournament).exclude(duel=None).values_list("duel", flat=True))
    assert len(duels) == 3
    assert Result.objects.count() == 6 and Result.objects.filter(duel__in=duels).count() == 6
    assert DuelFigures.objects.count() == 3 and ClubFigure.objects.get(name="duels").value == 3
    winner = next(e for e in entrants if e.pk == tournament.winner_id)
    lines = {e.pk: all_time(e.duellist) for e in entrants}
    assert (lines[winner.pk].points, lines[winner.pk].wins, lines[winner.pk].duels) == (2, 2, 2)
    others = sorted((lines[e.pk].points, lines[e.pk].duels) for e in entrants if e.pk != winner.pk)
    assert others == [(0, 1), (0, 1), (1, 2)]
    assert sum(line.points for line in lines.values()) == 3  # one point per duel won, nothing more
    assert sum(line.duels for line in lines.values()) == 6
