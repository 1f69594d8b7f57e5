"""Single elimination by hand: the round-1 draw, draws under each rule, forfeits and disqualifications
mid-bracket, the third-place match and the placement, pairs as entrants, bad input."""
import pytest

from tournaments.engine import (
    A_WON,
    B_WON,
    BYE,
    DECIDED,
    DISQUALIFICATION,
    DRAW,
    FORFEIT,
    HIGHER_SEED,
    READY,
    REMATCH,
    WAITING,
    A,
    B,
    MatchKey,
    Placement,
    Result,
    TournamentError,
    bracket_state,
    build_bracket,
)

EIGHT = ["Hermione", "Harry", "Ron", "Luna", "Neville", "Ginny", "Draco", "Cho"]


def won(a, b):
    return Result(a, b, A_WON)


def test_round_one_puts_each_seed_against_its_mirror_and_byes_to_the_best():
    state = bracket_state(build_bracket(EIGHT[:6]), {})
    assert [(m.key, m.a, m.b, m.status) for m in state.matches if m.key.round == 1] == [
        (MatchKey(1, 1), "Hermione", None, BYE),
        (MatchKey(1, 2), "Luna", "Neville", READY),
        (MatchKey(1, 3), "Harry", None, BYE),
        (MatchKey(1, 4), "Ron", "Ginny", READY),
    ]
    assert [m.key for m in state.ready] == [MatchKey(1, 2), MatchKey(1, 4)]
    assert state.match(MatchKey(2, 1)).a == "Hermione" and state.match(MatchKey(2, 1)).status == WAITING


def test_a_draw_under_rematch_asks_for_a_new_duel_between_the_same_sides():
    bracket = build_bracket(EIGHT[:2], draw_rule=REMATCH)
    results = {MatchKey(1, 1): Result("Hermione", "Harry", DRAW)}
    final = bracket_state(bracket, results).match(MatchKey(1, 1))
    assert (final.status, final.next_duel, final.a, final.b) == (READY, MatchKey(1, 1, 1), "Hermione", "Harry")
    results[MatchKey(1, 1, 1)] = Result("Hermione", "Harry", DRAW)
    results[MatchKey(1, 1, 2)] = Result("Hermione", "Harry", B_WON)
    state = bracket_state(bracket, results)
    assert state.champion == "Harry"
    assert state.match(MatchKey(1, 1)).duels == (MatchKey(1, 1), MatchKey(1, 1, 1), MatchKey(1, 1, 2))


def test_a_draw_under_higher_seed_sends_the_better_seed_on_whichever_side_it_is():
    bracket = build_bracket(EIGHT[:4], draw_rule=HIGHER_SEED)
    results = {MatchKey(1, 1): won("Hermione", "Luna"), MatchKey(1, 2): Result("Harry", "Ron", DRAW)}
    assert bracket_state(bracket, results).match(MatchKey(1, 2)).winner == "Harry"
    results[MatchKey(2, 1)] = Result("Hermione", "Harry", DRAW)
    final = bracket_state(bracket, results).match(MatchKey(2, 1))
    assert (final.status, final.winner, final.decided_by) == (DECIDED, "Hermione", HIGHER_SEED)
    reversed_bracket = build_bracket(["Harry", "Hermione", "Ron", "Luna"], draw_rule=HIGHER_SEED)
    results = {MatchKey(1, 1): won("Harry", "Luna"), MatchKey(1, 2): won("Hermione", "Ron"),
               MatchKey(2, 1): Result("Harry", "Hermione", DRAW)}
    assert bracket_state(reversed_bracket, results).champion == "Harry"


@pytest.mark.parametrize("how", [FORFEIT, DISQUALIFICATION])
@pytest.mark.parametrize("side", [A, B])
def test_a_forfeit_or_disqualification_mid_bracket_advances_the_opponent(how, side):
    bracket = build_bracket(EIGHT)
    results = {MatchKey(1, s): won(*pair) for s, pair in enumerate(
        [("Hermione", "Cho"), ("Luna", "Neville"), ("Harry", "Draco"), ("Ron", "Ginny")], start=1)}
    results[MatchKey(2, 1)] = Result.forfeited("Hermione", "Luna", by=side, how=how)
    state = bracket_state(bracket, results)
    quarter = state.match(MatchKey(2, 1))
    expected = "Luna" if side == A else "Hermione"
    assert (quarter.winner, quarter.decided_by) == (expected, how)
    assert state.match(MatchKey(3, 1)).a == expected


def test_the_third_place_match_and_the_placement():
    bracket = build_bracket(EIGHT, third_place=True)
    results = {MatchKey(1, 1): won("Hermione", "Cho"), MatchKey(1, 2): won("Luna", "Neville"),
               MatchKey(1, 3): won("Harry", "Draco"), MatchKey(1, 4): won("Ron", "Ginny"),
               MatchKey(2, 1): won("Hermione", "Luna"), MatchKey(2, 2): Result("Harry", "Ron", B_WON)}
    state = bracket_state(bracket, results)
    assert {(m.key, m.a, m.b) for m in state.ready} == {(MatchKey(3, 1), "Hermione", "Ron"),
                                                        (MatchKey(3, 2), "Luna", "Harry")}
    results[MatchKey(3, 1)] = won("Hermione", "Ron")
    results[MatchKey(3, 2)] = Result("Luna", "Harry", B_WON)
    state = bracket_state(bracket, results)
    assert state.finished and state.champion == "Hermione"
    assert state.placements() == (
        Placement("Hermione", 1, 1), Placement("Ron", 2, 2), Placement("Harry", 3, 3), Placement("Luna", 4, 4),
        Placement("Neville", 5, 8), Placement("Ginny", 5, 8), Placement("Draco", 5, 8), Placement("Cho", 5, 8))


def test_without_a_third_place_match_the_semi_final_losers_share_third():
    bracket = build_bracket(EIGHT[:5])
    results = {MatchKey(1, 2): won("Luna", "Neville"), MatchKey(2, 1): won("Hermione", "Luna"),
               MatchKey(2, 2): won("Harry", "Ron"), MatchKey(3, 1): Result("Hermione", "Harry", B_WON)}
    assert bracket_state(bracket, results).placements() == (
        Placement("Harry", 1, 1), Placement("Hermione", 2, 2), Placement("Ron", 3, 4), Placement("Luna", 3, 4),
        Placement("Neville", 5, 5))


def test_pairs_are_entrants_like_any_other():
    pairs = [("Fred", "George"), ("Harry", "Ginny"), ("Ron", "Hermione")]
    bracket = build_bracket(pairs, draw_rule=HIGHER_SEED)
    results = {MatchKey(1, 2): Result(("Harry", "Ginny"), ("Ron", "Hermione"), DRAW),
               MatchKey(2, 1): Result(("Fred", "George"), ("Harry", "Ginny"), B_WON)}
    assert bracket_state(bracket, results).champion == ("Harry", "Ginny")


def test_a_recorded_duel_between_other_sides_is_not_counted():
    bracket = build_bracket(EIGHT[:4])
    results = {MatchKey(1, 1): won("Hermione", "Luna"), MatchKey(1, 2): won("Harry", "Ron"),
               MatchKey(2, 1): won("Hermione", "Ron")}
    state = bracket_state(bracket, results)
    assert state.match(MatchKey(2, 1)).status == "stale" and state.champion is None
    assert state.unused == (MatchKey(2, 1),)


@pytest.mark.parametrize("entrants, options, code", [
    (["A"], {}, "too-few-entrants"),
    ([f"E{i}" for i in range(257)], {}, "too-many-entrants"),
    (["A", "B", "A"], {}, "duplicate-entrant"),
    (["A", "B", "C"], {"third_place": True}, "invalid-option"),
    (["A", "B"], {"draw_rule": "coin"}, "invalid-option"),
])
def test_a_bracket_refuses_bad_input_with_a_code(entrants, options, code):
    with pytest.raises(TournamentError) as error:
        build_bracket(entrants, **options)
    assert error.value.code == code


def test_a_result_refuses_a_drawn_forfeit_and_a_side_meeting_itself():
    with pytest.raises(TournamentError):
        Result("A", "B", DRAW, how=FORFEIT)
    with pytest.raises(TournamentError):
        Result("A", "A", A_WON)
