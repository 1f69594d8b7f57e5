"""A Swiss of 6 over 3 rounds without a rematch, and groups then elimination, played through their duels."""
import pytest

from tests.support.tournament_play import open_matches, play_round, running
from tournaments import selectors
from tournaments.models import Match, TournamentStatus

pytestmark = pytest.mark.django_db


def test_a_swiss_of_six_plays_three_rounds_without_a_rematch_and_crowns_the_top_of_the_table():
    tournament, _staff, _entrants = running(entrants=6, format="swiss", swiss_rounds=3)
    for number in (1, 2, 3):
        assert tournament.rounds.count() == number
        assert len(open_matches(tournament)) == 3
        play_round(tournament, winner=1 if number != 2 else 2)
        tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    pairs = [frozenset((m.side_a_id, m.side_b_id)) for m in Match.objects.filter(tournament=tournament)]
    assert len(pairs) == 9 and len(set(pairs)) == 9  # nobody met twice
    [(_number, table)] = selectors.standings(tournament)
    assert tournament.winner_id == table[0].entrant


def test_groups_then_elimination_qualify_the_top_of_each_group():
    tournament, _staff, _entrants = running(entrants=6, format="groups_then_elimination", group_count=2,
                                            qualifiers_per_group=2)
    for _ in range(3):  # groups of three: three rounds, one resting each time
        assert tournament.rounds.order_by("-number").first().stage == "group"
        assert len(open_matches(tournament)) == 2
        play_round(tournament, winner=1)
        tournament.refresh_from_db()
    tables = dict(selectors.standings(tournament))
    qualified = {row.entrant for table in tables.values() for row in table[:2]}
    assert set(tournament.elimination_order) == qualified
    semis = open_matches(tournament)
    assert len(semis) == 2 and all(m.round.stage == "elimination" for m in semis)
    play_round(tournament, winner=1)
    play_round(tournament, winner=1)
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED and tournament.winner_id in qualified
    assert selectors.bracket(tournament).champion == tournament.winner_id
