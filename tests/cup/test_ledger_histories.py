"""The cup's totals are the sums of its ledger, whatever happened: duels ending, their results corrected,
members changing house, points given and cancelled by hand — in any order (random histories)."""
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cup.models import Cause, House, LedgerEntry
from cup.selectors import standings
from cup.services.awards import award_cancel, points_award
from tests.cup.support import put
from tests.support.corrections import backfire
from tests.support.duels import bet_for, declare, post, started_duel
from tests.support.tournament_play import staff_member

pytestmark = pytest.mark.django_db
HOUSES = ("Gryffondor", "Serdaigle", "Poufsouffle", "Serpentard")
WIN, LOSS = 10, 2  # the club's rates in these histories


def totals() -> dict[str, int]:
    return {house.name: house.total for house in standings()}


def ledger_sums() -> dict[str, int]:
    sums = dict.fromkeys(HOUSES, 0)
    for name, points in LedgerEntry.objects.values_list("house__name", "points"):
        sums[name] += points
    return sums


def duel_between(winner_house: str, loser_house: str):
    """A duel whose side A, in `winner_house`, wins with a fatal blow (tests/support/corrections.finished)."""
    duel, referee, (a, b) = started_duel()
    put(a.duellist, winner_house)
    put(b.duellist, loser_house)
    post(duel, a, [{"cast": "coup", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [])
    declaration = declare(duel, referee)
    if duel.status != "finished":
        post(duel, b, [{"nothing": True}])
        declaration = declare(duel, referee)
    assert duel.status == "finished"
    return {"duel": duel, "referee": referee, "a": a, "b": b, "declaration": declaration, "corrected": False}


def house_of(participant) -> str:
    participant.duellist.refresh_from_db()
    return participant.duellist.house_member.house.name


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                 HealthCheck.too_slow])
@given(steps=st.lists(st.sampled_from(["duel", "correct", "award", "cancel", "move"]), min_size=3, max_size=7),
       seed=st.integers(0, 2**32))
def test_the_totals_are_the_ledgers_sums_under_any_history(club, steps, seed):
    rng = random.Random(seed)
    club.house_rules = {"cup_win": WIN, "cup_loss": LOSS}
    club.save()
    staff = staff_member()
    expected = totals()  # what earlier examples left (one database for every example)
    duels, awards = [], []
    for step in ["duel", *steps]:
        if step == "duel":
            winner, loser = rng.choice(HOUSES), rng.choice(HOUSES)
            duels.append(duel_between(winner, loser))
            expected[winner] += WIN
            expected[loser] += LOSS
        elif step == "correct" and any(not d["corrected"] for d in duels):
            played = rng.choice([d for d in duels if not d["corrected"]])
            earned = {entry.duellist_id: entry.house.name
                      for entry in LedgerEntry.objects.filter(duel=played["duel"], cause=Cause.DUEL)}
            expected[earned[played["a"].duellist_id]] -= WIN  # the entries reversed where they counted
            expected[earned[played["b"].duellist_id]] -= LOSS
            backfire(played["declaration"], played["referee"], played["a"])  # B wins now
            expected[house_of(played["b"])] += WIN  # the new result where each one is now
            expected[house_of(played["a"])] += LOSS
            played["corrected"] = True
        elif step == "award":
            house = House.objects.get(name=rng.choice(HOUSES))
            points = rng.choice([-1, 1]) * rng.randint(1, 50)
            awards.append(points_award(by=staff, house=house, points=points, reason="Cours de potions"))
            expected[house.name] += points
        elif step == "cancel" and awards:
            entry = awards.pop(rng.randrange(len(awards)))
            award_cancel(by=staff, entry=entry, reason="Erreur de maison")
            expected[entry.house.name] -= entry.points
        elif step == "move" and duels:
            played = rng.choice(duels)
            put(played[rng.choice("ab")].duellist, rng.choice(HOUSES))  # earned points stay where they were
        assert totals() == expected == ledger_sums(), (step, steps)
