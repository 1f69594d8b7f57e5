"""Round-robin groups: the snake draw, the circle schedule, the standings and their written tie-breaks,
and the cross-seeded elimination stage from the top of each group."""
import random
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.support.tournaments import TOURNAMENT_PROPERTIES, play_bracket, random_result
from tournaments.engine import (
    A_WON,
    DRAW,
    Points,
    Result,
    TournamentError,
    bracket_state,
    build_bracket,
    cross_seeded_qualifiers,
    elimination_from_groups,
    round_robin_schedule,
    snake_groups,
    standings,
)


def test_snake_groups_deal_the_seeds_back_and_forth():
    assert snake_groups(list(range(1, 11)), 3) == ((1, 6, 7), (2, 5, 8), (3, 4, 9, 10))
    with pytest.raises(TournamentError) as error:
        snake_groups([1, 2, 3, 4, 5], 3)
    assert error.value.code == "invalid-option"


@TOURNAMENT_PROPERTIES
@given(field=st.integers(4, 64), group_count=st.integers(1, 8))
def test_snake_groups_keep_everyone_once_and_the_sizes_even(field, group_count):
    group_count = min(group_count, field // 2)
    groups = snake_groups(list(range(field)), group_count)
    assert sorted(e for group in groups for e in group) == list(range(field))
    assert max(map(len, groups)) - min(map(len, groups)) <= 1
    assert [group[0] for group in groups] == list(range(group_count)), "one top seed in each group"
    assert all(list(group) == sorted(group) for group in groups)


@TOURNAMENT_PROPERTIES
@given(size=st.integers(2, 24))
def test_each_pair_of_a_group_meets_exactly_once(size):
    group = [f"P{i}" for i in range(size)]
    schedule = round_robin_schedule(group)
    assert len(schedule) == (size - 1 if size % 2 == 0 else size)
    meetings = [frozenset(pair) for rnd in schedule for pair in rnd.pairs]
    assert sorted(meetings, key=sorted) == sorted((frozenset(p) for p in combinations(group, 2)), key=sorted)
    for rnd in schedule:
        present = [e for pair in rnd.pairs for e in pair] + ([rnd.resting] if rnd.resting is not None else [])
        assert sorted(present) == sorted(group), "everyone plays or rests, once a round"
    if size % 2:
        assert sorted(rnd.resting for rnd in schedule) == sorted(group), "each rests once"


@TOURNAMENT_PROPERTIES
@given(size=st.integers(2, 12), rng_seed=st.integers(0, 2**32 - 1))
def test_the_standings_add_up(size, rng_seed):
    rng = random.Random(rng_seed)
    group = list(range(size))
    results = [random_result(rng, a, b, draw_chance=0.3, forfeit_chance=0.1)
               for rnd in round_robin_schedule(group) for a, b in rnd.pairs]
    table = standings(group, results, points=Points(3, 1, 0))
    assert [row.rank for row in table] == list(range(1, size + 1))
    draws = sum(r.outcome == DRAW for r in results)
    assert sum(row.points for row in table) == 3 * (len(results) - draws) + 2 * draws
    assert all(row.played == size - 1 == row.wins + row.draws + row.losses for row in table)
    assert all(row.points == 3 * row.wins + row.draws for row in table)
    assert sum(row.pf_left for row in table) == sum(sum(r.pf_left) for r in results)
    assert [row.points for row in table] == sorted((row.points for row in table), reverse=True)


def test_a_three_way_tie_is_settled_by_head_to_head_before_pf_left():
    # C, B, A, D, E in seed order; A, B and C end on 6 points: A beat B and C, B beat C.
    results = [Result("A", "B", A_WON), Result("A", "C", A_WON, pf_left=(0, 30)), Result("B", "C", A_WON),
               Result("D", "A", A_WON), Result("E", "A", A_WON), Result("B", "D", A_WON), Result("E", "B", A_WON),
               Result("C", "D", A_WON, pf_left=(30, 0)), Result("C", "E", A_WON), Result("D", "E", DRAW)]
    table = standings(["C", "B", "A", "D", "E"], results)
    assert [(row.entrant, row.points) for row in table] == [("E", 7), ("A", 6), ("B", 6), ("C", 6), ("D", 4)]


def cycle(**numbers_of) -> list[Result]:
    """A beat B, B beat C, C beat A, and each beat D: a three-way tie head-to-head cannot break."""
    def numbers(a, b):
        return {"pf_left": (numbers_of.get(a, (0, 0))[0], 0), "faults": (numbers_of.get(a, (0, 0))[1], 0)}
    return [Result("A", "B", A_WON, **numbers("A", "B")), Result("B", "C", A_WON, **numbers("B", "C")),
            Result("C", "A", A_WON, **numbers("C", "A")), Result("A", "D", A_WON), Result("B", "D", A_WON),
            Result("C", "D", A_WON)]


def test_a_head_to_head_cycle_is_settled_by_pf_left_then_faults_then_seed():
    by_pf = standings(["A", "B", "C", "D"], cycle(A=(10, 0), B=(5, 0), C=(20, 0)))
    assert [row.entrant for row in by_pf] == ["C", "A", "B", "D"]
    by_faults = standings(["A", "B", "C", "D"], cycle(A=(10, 2), B=(10, 1), C=(20, 3)))
    assert [row.entrant for row in by_faults] == ["C", "B", "A", "D"]
    by_seed = standings(["B", "C", "A", "D"], cycle())
    assert [row.entrant for row in by_seed] == ["B", "C", "A", "D"]


def test_head_to_head_is_skipped_while_the_tied_have_not_all_met():
    # A, B and C on 3 points; only A and B met (A won): PF left decides, not that one duel.
    results = [Result("A", "B", A_WON), Result("B", "D", A_WON, pf_left=(20, 0)),
               Result("C", "E", A_WON, pf_left=(10, 0))]
    assert [row.entrant for row in standings(["A", "B", "C", "D", "E"], results)] == ["B", "C", "A", "D", "E"]


def test_results_of_strangers_are_refused():
    with pytest.raises(TournamentError) as error:
        standings(["A", "B"], [Result("A", "Z", A_WON)])
    assert error.value.code == "unknown-entrant"


@TOURNAMENT_PROPERTIES
@given(group_count=st.integers(2, 8), per_group=st.integers(1, 4))
def test_round_one_of_the_elimination_stage_never_pits_two_of_a_group(group_count, per_group):
    tops = [[(g, place) for place in range(per_group)] for g in range(group_count)]
    order = cross_seeded_qualifiers(tops)
    assert list(order[:group_count]) == [top[0] for top in tops], "the group winners are the top seeds"
    state = bracket_state(build_bracket(order), {})
    for match in state.matches:
        if match.key.round == 1 and match.b is not None:
            assert match.a[0] != match.b[0], f"{match.a} v {match.b}"


def test_groups_then_elimination_end_to_end():
    rng = random.Random(7)
    groups = snake_groups([f"E{i}" for i in range(1, 13)], 3)
    tables = []
    for group in groups:
        results = [random_result(rng, a, b, draw_chance=0.2) for rnd in round_robin_schedule(group) for a, b in rnd.pairs]
        tables.append(standings(group, results))
    bracket = elimination_from_groups(tables, 2, third_place=True)
    assert bracket.seed_order[:3] == tuple(table[0].entrant for table in tables)
    assert set(bracket.seed_order[3:]) == {table[1].entrant for table in tables}
    _, state = play_bracket(bracket, rng)
    assert state.finished and state.champion in bracket.seed_order
    with pytest.raises(TournamentError):
        elimination_from_groups(tables, 5)
