"""Two matches of a round finishing at once: the tournament's row lock orders them, and the next round is
drawn exactly once, by whichever finished second (PostgreSQL; skipped elsewhere)."""
import pytest
from django.db import connection

from duels.models import Participant
from duels.services.faults import fault_record
from tests.concurrency import in_club, run_together
from tests.support.tournament_play import open_matches, running, start
from tournaments.models import Match, Round

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def postgres_only():
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL row locks (SQLite serializes whole transactions)")


def _knock_out(duel):
    loser = Participant.objects.get(duel=duel, team=2)
    return lambda: fault_record(duel=duel, participant=loser, by=duel.referee, note="Coup bas", pf_penalty=999)


@pytest.mark.parametrize("round_", range(3))
def test_the_last_two_matches_of_a_round_finishing_together_draw_the_next_round_once(round_):
    tournament, _staff, _entrants = running(entrants=4)
    first, second = open_matches(tournament)
    for match in (first, second):
        start(match.duel)
    results = run_together(in_club(tournament.club, _knock_out(first.duel)),
                           in_club(tournament.club, _knock_out(second.duel)))
    assert not [r for r in results if isinstance(r, Exception)], results
    assert Round.objects.filter(tournament=tournament).count() == 2
    [final] = Match.objects.filter(tournament=tournament, round__number=2)
    assert {final.side_a_id, final.side_b_id} == {first.side_a_id, second.side_a_id}
    assert final.duel_id is not None
    assert Round.objects.get(tournament=tournament, number=1).completed_at is not None
