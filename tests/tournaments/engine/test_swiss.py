"""Swiss: pairing by score with no rematch, one bye a player at most (a win), deterministic, a clear
error when no pairing is left, and the standings with Buchholz."""
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.support.tournaments import TOURNAMENT_PROPERTIES, play_swiss
from tournaments.engine import (
    A_WON,
    B_WON,
    DRAW,
    SWISS_TIE_BREAKS,
    Result,
    TournamentError,
    swiss,
    swiss_pairings,
    swiss_standings,
)


@TOURNAMENT_PROPERTIES
@given(field=st.integers(2, 40), rounds=st.integers(1, 12), rng_seed=st.integers(0, 2**32 - 1))
def test_swiss_rounds_never_repeat_a_duel_nor_a_bye(field, rounds, rng_seed):
    # Up to ceil(field / 2) rounds a pairing always exists (what is left of the field is dense enough).
    rounds = min(rounds, (field + 1) // 2)
    entrants = [f"P{i}" for i in range(field)]
    paired, results, byes = play_swiss(entrants, rounds, random.Random(rng_seed), draw_chance=0.2,
                                       forfeit_chance=0.1)
    meetings = [frozenset(r.sides) for r in results]
    assert len(meetings) == len(set(meetings)), "no rematch"
    assert max(Counter(byes).values(), default=0) <= 1, "one bye at most"
    assert len(byes) == (rounds if field % 2 else 0)
    for swiss_round in paired:
        present = [e for pair in swiss_round.pairs for e in pair] + [b for b in [swiss_round.bye] if b]
        assert sorted(present) == sorted(entrants)
    for row in swiss_standings(entrants, results, byes):
        assert row.points == 3 * (row.wins + row.byes) + row.draws
        assert row.played + row.byes == rounds


@TOURNAMENT_PROPERTIES
@given(field=st.integers(2, 16), rng_seed=st.integers(0, 2**32 - 1))
def test_swiss_pairing_is_deterministic(field, rng_seed):
    entrants = list(range(field))
    _, results, byes = play_swiss(entrants, (field + 1) // 2 - 1, random.Random(rng_seed), draw_chance=0.3)
    assert swiss_pairings(entrants, results, byes) == swiss_pairings(entrants, list(results), list(byes))


def test_the_first_round_pairs_by_seed_and_the_last_seed_sits_out():
    first = swiss_pairings(["A", "B", "C", "D", "E"], [])
    assert (first.pairs, first.bye) == ((("A", "B"), ("C", "D")), "E")


def test_the_bye_goes_to_the_lowest_ranked_without_one_and_leaders_meet():
    results = [Result("A", "B", A_WON), Result("C", "D", B_WON)]
    second = swiss_pairings(["A", "B", "C", "D", "E"], results, ["E"])
    # A, D and E (the bye) lead on 3 points, by seed; B and C on 0: C is the worse seed, so the bye.
    assert second.bye == "C"
    assert second.pairs == (("A", "D"), ("E", "B"))
    third = swiss_pairings(["A", "B", "C", "D", "E"], results + [Result("A", "D", A_WON), Result("E", "B", A_WON)],
                           ["E", "C"])
    # A and E on 6, D and C on 3, B on 0 gets the bye. A v E would leave D v C, who met: step back.
    assert third.bye == "B"
    assert third.pairs == (("A", "C"), ("E", "D"))


def test_leaders_who_already_met_are_paired_with_the_next_best():
    results = [Result("A", "B", DRAW), Result("C", "D", A_WON)]
    assert swiss_pairings(["A", "B", "C", "D"], results).pairs == (("C", "A"), ("B", "D"))


def test_a_field_with_no_valid_pairing_left_is_a_clear_error():
    entrants = ["A", "B", "C", "D"]
    _, results, _ = play_swiss(entrants, 3, random.Random(1))
    with pytest.raises(TournamentError) as error:
        swiss_pairings(entrants, results)
    assert error.value.code == "no-valid-pairing"
    _, results, byes = play_swiss(["A", "B", "C"], 3, random.Random(1))
    assert sorted(byes) == ["A", "B", "C"]
    with pytest.raises(TournamentError) as error:
        swiss_pairings(["A", "B", "C"], results, byes)
    assert error.value.code == "no-valid-pairing"


def test_buchholz_comes_right_after_the_points():
    assert SWISS_TIE_BREAKS[:2] == ("points", "buchholz")
    # B and C both won once; B beat the strong D, C beat the weak E.
    results = [Result("A", "B", A_WON), Result("B", "D", A_WON), Result("D", "E", A_WON),
               Result("C", "E", A_WON, pf_left=(30, 0)), Result("A", "C", A_WON)]
    table = swiss_standings(["A", "C", "B", "D", "E"], results)
    rows = {row.entrant: row for row in table}
    assert rows["B"].buchholz == rows["A"].points + rows["D"].points == 9
    assert rows["C"].buchholz == rows["E"].points + rows["A"].points == 6
    assert [row.entrant for row in table][:3] == ["A", "B", "C"]


def test_pairs_play_swiss_like_anyone():
    pairs = [("Fred", "George"), ("Harry", "Ginny"), ("Ron", "Hermione"), ("Luna", "Neville")]
    first = swiss_pairings(pairs, [])
    second = swiss_pairings(pairs, [Result(a, b, B_WON) for a, b in first.pairs])
    assert second.pairs == ((("Harry", "Ginny"), ("Luna", "Neville")), (("Fred", "George"), ("Ron", "Hermione")))


@TOURNAMENT_PROPERTIES
@given(field=st.integers(4, 20), played=st.integers(0, 12), rng_seed=st.integers(0, 2**32 - 1))
def test_the_search_guided_by_the_matching_pairs_like_the_plain_search(field, played, rng_seed):
    entrants = list(range(field))
    _, results, byes = play_swiss(entrants, min(played, (field + 1) // 2), random.Random(rng_seed))
    try:
        expected = swiss_pairings(entrants, results, byes)
    except TournamentError:
        expected = None
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(swiss, "SEARCH_BUDGET", 0)
        try:
            guided = swiss_pairings(entrants, results, byes)
        except TournamentError:
            guided = None
    assert guided == expected
