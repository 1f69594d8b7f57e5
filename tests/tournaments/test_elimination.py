"""A single elimination played through the duel services: each duel's end records its match, a complete
round draws the next, the final names the winner."""
import pytest

from duels.models import DuelStatus
from tests.support.tournament_play import end, open_matches, play_round, running
from tournaments.models import Match, TournamentStatus

pytestmark = pytest.mark.django_db


def test_four_entrants_play_to_a_winner_through_their_duels():
    tournament, _staff, entrants = running(entrants=4)
    first = open_matches(tournament)
    assert len(first) == 2
    assert all(m.duel.status == DuelStatus.SETUP and m.duel.referee_id for m in first)
    for match in first:
        players = {p.duellist.user_id for p in match.duel.participants.select_related("duellist")}
        assert match.duel.referee_id not in players
    play_round(tournament, winner=1)
    tournament.refresh_from_db()
    assert tournament.rounds.count() == 2
    [final] = open_matches(tournament)
    assert {final.side_a_id, final.side_b_id} == {m.side_a_id for m in first}
    end(final.duel, winner=2)
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    assert tournament.winner_id == final.side_b_id
    assert Match.objects.filter(tournament=tournament, outcome="").count() == 0
