"""The ledger the duels write: a finished duel's points at the club's rates (the duel's own house rules),
a correction's reversing entries, a tournament winner's points, and the ledger never edited."""
import pytest

from clubs.models import Club
from cup.models import Cause, House, ImmutableEntryError, LedgerEntry
from cup.selectors import standings
from cup.services.ledger import duel_points_record
from tests.cup.support import put
from tests.support.corrections import backfire, finished
from tests.support.duels import started_duel

pytestmark = pytest.mark.django_db


def totals() -> dict[str, int]:
    return {house.name: house.total for house in standings()}


def finished_between(winner_house: str, loser_house: str, *, winner: int = 1):
    """A finished duel whose winner is in `winner_house`; houses are set before it ends."""
    duel, referee, hitter, hit, declaration = finished(winner)
    put(hitter.duellist, winner_house)
    put(hit.duellist, loser_house)
    LedgerEntry.objects.filter(duel=duel).exists() or duel_points_record(duel=duel)  # houses came after the end
    return duel, referee, hitter, hit, declaration


def test_a_new_club_has_the_four_houses():
    club = Club.objects.create(slug="poudlard2", name="Poudlard")
    assert list(House._base_manager.filter(club=club).values_list("name", flat=True)) == [
        "Gryffondor", "Serdaigle", "Poufsouffle", "Serpentard"]


def test_a_finished_duel_moves_its_winners_house_up_at_the_clubs_rate():
    duel, *_ = finished_between("Gryffondor", "Serpentard")
    assert totals() == {"Gryffondor": 10, "Serdaigle": 0, "Poufsouffle": 0, "Serpentard": 0}
    entry = LedgerEntry.objects.get(duel=duel)
    assert (entry.cause, entry.outcome, entry.points) == (Cause.DUEL, "win", 10)


def test_the_rates_are_the_duels_own_house_rules(club):
    club.house_rules = {"cup_win": 7, "cup_loss": 2}
    club.save()
    duel, *_ = finished_between("Serdaigle", "Poufsouffle")
    assert totals()["Serdaigle"] == 7 and totals()["Poufsouffle"] == 2
    club.house_rules = {"cup_win": 50}  # a change after the duel started does not apply to it
    club.save()
    assert duel_points_record(duel=duel) == []  # idempotent: nothing new


def test_a_duellist_without_a_house_earns_nothing():
    duel, referee, hitter, hit, declaration = finished()
    assert LedgerEntry.objects.filter(duel=duel).count() == 0
    assert set(totals().values()) == {0}


def test_the_houses_are_read_when_the_duel_ends():
    duel, referee, (a, b) = started_duel()
    put(a.duellist, "Poufsouffle")
    put(b.duellist, "Serpentard")
    from tests.support.duels import bet_for, declare, post

    post(duel, a, [{"cast": "coup", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [])
    declare(duel, referee)
    if duel.status != "finished":
        post(duel, b, [{"nothing": True}])
        declare(duel, referee)
    assert totals()["Poufsouffle"] == 10


def test_a_correction_reverses_the_duels_entries_and_writes_the_new_ones():
    duel, referee, hitter, hit, declaration = finished_between("Gryffondor", "Serpentard")
    backfire(declaration, referee, hitter)  # the winner's spell backfires: the other one wins
    assert totals() == {"Serpentard": 10, "Gryffondor": 0, "Serdaigle": 0, "Poufsouffle": 0}
    reversal = LedgerEntry.objects.get(duel=duel, cause=Cause.CORRECTION)
    assert reversal.points == -10 and reversal.reverses.house.name == "Gryffondor"
    assert reversal.occurred_at == reversal.reverses.occurred_at  # counts in the original's period
    assert LedgerEntry.objects.filter(duel=duel).count() == 3  # nothing edited: the first entry is still there


def test_the_ledger_is_insert_only():
    duel, *_ = finished_between("Gryffondor", "Serpentard")
    entry = LedgerEntry.objects.get(duel=duel)
    entry.points = 100
    with pytest.raises(ImmutableEntryError):
        entry.save()
    with pytest.raises(ImmutableEntryError):
        entry.delete()
    with pytest.raises(ImmutableEntryError):
        LedgerEntry.objects.filter(pk=entry.pk).update(points=1)
    with pytest.raises(ImmutableEntryError):
        LedgerEntry.objects.all().delete()
