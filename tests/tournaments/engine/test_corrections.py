"""A correction of a finished match: the bracket is recomputed, and the later duels it invalidates
are listed (never re-attributed to other sides)."""
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.support.tournaments import TOURNAMENT_PROPERTIES, play_bracket
from tournaments.engine import (
    A_WON,
    B_WON,
    DRAW,
    PLAYED,
    READY,
    REMATCH,
    STALE,
    MatchKey,
    Result,
    TournamentError,
    bracket_state,
    build_bracket,
    correction_impact,
    downstream_matches,
)

EIGHT = ["Hermione", "Harry", "Ron", "Luna", "Neville", "Ginny", "Draco", "Cho"]


@pytest.fixture
def finished_bracket():
    bracket = build_bracket(EIGHT, third_place=True)
    results = {MatchKey(1, 1): Result("Hermione", "Cho", A_WON), MatchKey(1, 2): Result("Luna", "Neville", A_WON),
               MatchKey(1, 3): Result("Harry", "Draco", A_WON), MatchKey(1, 4): Result("Ron", "Ginny", A_WON),
               MatchKey(2, 1): Result("Hermione", "Luna", A_WON), MatchKey(2, 2): Result("Harry", "Ron", A_WON),
               MatchKey(3, 1): Result("Hermione", "Harry", A_WON), MatchKey(3, 2): Result("Luna", "Ron", A_WON)}
    return bracket, results


def test_a_corrected_first_round_result_lists_the_later_duels_it_invalidates(finished_bracket):
    bracket, results = finished_bracket
    impact = correction_impact(bracket, results, MatchKey(1, 2), Result("Luna", "Neville", B_WON))
    assert impact.advancing_changed
    assert impact.affected == (MatchKey(2, 1), MatchKey(3, 1), MatchKey(3, 2))
    quarter = impact.after.match(MatchKey(2, 1))
    assert (quarter.status, quarter.a, quarter.b) == (STALE, "Hermione", "Neville")
    assert impact.after.champion is None, "the final is not silently kept with other sides"
    assert results[MatchKey(3, 1)] == Result("Hermione", "Harry", A_WON), "the recorded results are untouched"


def test_a_corrected_semi_final_affects_the_final_and_the_third_place_match(finished_bracket):
    bracket, results = finished_bracket
    impact = correction_impact(bracket, results, MatchKey(2, 2), Result("Harry", "Ron", B_WON))
    assert impact.affected == (MatchKey(3, 1), MatchKey(3, 2))
    assert {(m.a, m.b) for m in (impact.after.match(MatchKey(3, 1)), impact.after.match(MatchKey(3, 2)))} == {
        ("Hermione", "Ron"), ("Luna", "Harry")}


def test_a_correction_that_keeps_the_same_winner_affects_nothing(finished_bracket):
    bracket, results = finished_bracket
    impact = correction_impact(bracket, results, MatchKey(1, 3),
                               Result.forfeited("Harry", "Draco", by="b", pf_left=(12, 0)))
    assert not impact.advancing_changed and impact.affected == ()
    assert impact.after.champion == "Hermione"


def test_a_win_corrected_into_a_draw_under_rematch_needs_a_replay(finished_bracket):
    _, results = finished_bracket
    bracket = build_bracket(EIGHT, third_place=True, draw_rule=REMATCH)
    impact = correction_impact(bracket, results, MatchKey(3, 1), Result("Hermione", "Harry", DRAW))
    final = impact.after.match(MatchKey(3, 1))
    assert (final.status, final.next_duel) == (READY, MatchKey(3, 1, 1)) and impact.affected == ()


def test_the_downstream_matches_follow_the_path_to_the_final(finished_bracket):
    bracket, _ = finished_bracket
    assert downstream_matches(bracket, MatchKey(1, 4)) == (MatchKey(2, 2), MatchKey(3, 1), MatchKey(3, 2))
    assert downstream_matches(bracket, MatchKey(3, 1)) == ()


def test_a_correction_changes_an_outcome_not_who_played(finished_bracket):
    bracket, results = finished_bracket
    with pytest.raises(TournamentError) as error:
        correction_impact(bracket, results, MatchKey(1, 1), Result("Cho", "Hermione", A_WON, PLAYED))
    assert error.value.code == "result-sides-mismatch"
    with pytest.raises(TournamentError) as error:
        correction_impact(bracket, results, MatchKey(1, 1, 1), None)
    assert error.value.code == "no-such-match"


def test_voiding_a_duel_makes_its_match_ready_again(finished_bracket):
    bracket, results = finished_bracket
    impact = correction_impact(bracket, results, MatchKey(3, 2), None)
    assert impact.after.match(MatchKey(3, 2)).status == READY and impact.affected == ()
    assert bracket_state(bracket, results).finished and not impact.after.finished


@TOURNAMENT_PROPERTIES
@given(field=st.integers(2, 64), rng_seed=st.integers(0, 2**32 - 1), third_place=st.booleans(), pick=st.data())
def test_reversing_any_finished_match_affects_exactly_the_duels_played_after_it_on_its_path(
        field, rng_seed, third_place, pick):
    bracket = build_bracket(list(range(field)), third_place=third_place and field >= 4)
    results, _ = play_bracket(bracket, random.Random(rng_seed), forfeit_chance=0.2)
    key = pick.draw(st.sampled_from(sorted(results)))
    old = results[key]
    reversed_result = Result(old.a, old.b, B_WON if old.outcome == A_WON else A_WON)
    impact = correction_impact(bracket, results, key, reversed_result)
    later = set(downstream_matches(bracket, key))
    assert impact.affected == tuple(sorted(k for k in results if k.match in later))
    assert impact.advancing_changed
    assert impact.after.finished == (impact.affected == ())
