"""A tournament's winner earns their house the club's `cup_tournament_win`, once, beside each duel's points."""
import pytest

from cup.models import Cause, LedgerEntry
from cup.services.ledger import tournament_points_record
from tests.cup.support import put
from tests.support.tournament_play import play_round, running

pytestmark = pytest.mark.django_db


def test_the_tournament_winner_earns_the_tournament_points_once(club):
    club.house_rules = {"cup_tournament_win": 40}
    club.save()
    tournament, staff, entrants = running(entrants=2)
    for entrant, house in zip(entrants, ("Serdaigle", "Serpentard"), strict=True):
        put(entrant.duellist, house)
    play_round(tournament, winner=1)
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    [entry] = LedgerEntry.objects.filter(cause=Cause.TOURNAMENT)
    assert entry.duellist_id == tournament.winner.duellist_id and entry.points == 40
    assert entry.tournament_id == tournament.pk
    assert tournament_points_record(tournament=tournament) == []  # once
    assert LedgerEntry.objects.filter(cause=Cause.DUEL).count() == 1  # the final's winner (a loss earns 0)
