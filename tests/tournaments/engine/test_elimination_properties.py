"""Bracket arithmetic on many field sizes, with random results played to the end."""
import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from tests.support.tournaments import TOURNAMENT_PROPERTIES, play_bracket
from tournaments.engine import BYE, DECIDED, HIGHER_SEED, REMATCH, MatchKey, build_bracket, seeding_positions

field_sizes = st.one_of(st.integers(2, 64), st.sampled_from([100, 127, 129, 200, 255, 256]))
rng_seeds = st.integers(0, 2**32 - 1)


def duels_lost(results: dict, entrant) -> list[MatchKey]:
    return [key for key, result in results.items() if result.loser == entrant]


@TOURNAMENT_PROPERTIES
@given(field=field_sizes, rng_seed=rng_seeds, third_place=st.booleans())
def test_a_bracket_without_draws_crowns_one_winner_after_n_minus_one_matches(field, rng_seed, third_place):
    third_place = third_place and field >= 4
    entrants = [f"E{i}" for i in range(field)]
    bracket = build_bracket(entrants, third_place=third_place)
    results, state = play_bracket(bracket, random.Random(rng_seed), forfeit_chance=0.2)
    assert len(results) == field - 1 + third_place
    assert state.unused == ()
    champion = state.champion
    assert champion in entrants and duels_lost(results, champion) == []
    third_place_match = MatchKey(bracket.rounds, 2)
    for entrant in entrants:
        if entrant == champion:
            continue
        lost = [key for key in duels_lost(results, entrant) if key != third_place_match]
        assert len(lost) == 1, f"{entrant} is eliminated exactly once"
        played = [key for key, result in results.items() if result.involves(entrant) and key != third_place_match]
        assert max(played) == lost[0], f"{entrant} plays until eliminated, never after"
    places = state.placements()
    assert sorted(p.entrant for p in places) == sorted(entrants)
    assert [p.entrant for p in places if p.place == 1] == [champion]


@TOURNAMENT_PROPERTIES
@given(field=field_sizes, rng_seed=rng_seeds)
def test_byes_go_to_the_top_seeds_and_only_in_round_one(field, rng_seed):
    entrants = list(range(100, 100 + field))
    bracket = build_bracket(entrants)
    _, state = play_bracket(bracket, random.Random(rng_seed))
    byes = [m for m in state.matches if m.status == BYE]
    assert all(m.key.round == 1 for m in byes)
    assert len(byes) == bracket.size - field
    assert sorted(bracket.seed_of(m.a) for m in byes) == list(range(1, len(byes) + 1))
    assert all(m.status == DECIDED for m in state.matches if m.key.round > 1)


@TOURNAMENT_PROPERTIES
@given(field=field_sizes, rng_seed=rng_seeds)
def test_seeds_one_and_two_can_only_meet_in_the_final(field, rng_seed):
    bracket = build_bracket([f"S{i}" for i in range(1, field + 1)])
    results, _ = play_bracket(bracket, random.Random(rng_seed))
    for key, result in results.items():
        if set(result.sides) == {"S1", "S2"}:
            assert key == MatchKey(bracket.rounds, 1)


@TOURNAMENT_PROPERTIES
@given(field=st.integers(2, 64), rng_seed=rng_seeds, rule=st.sampled_from([REMATCH, HIGHER_SEED]))
def test_draws_end_by_the_rule_of_the_tournament(field, rng_seed, rule):
    bracket = build_bracket(list(range(field)), draw_rule=rule)
    results, state = play_bracket(bracket, random.Random(rng_seed), draw_chance=0.3)
    decisive = [r for r in results.values() if r.winner is not None]
    draws = [key for key, r in results.items() if r.winner is None]
    if rule == HIGHER_SEED:
        assert len(results) == field - 1
        assert all(key.replay == 0 for key in results)
        for key in draws:
            match = state.match(key)
            assert match.decided_by == HIGHER_SEED
            assert bracket.seed_of(match.winner) < bracket.seed_of(match.loser)
    else:
        assert len(decisive) == field - 1
        assert all(key.rematch() in results for key in draws), "every draw is replayed"
    assert state.champion is not None


def test_the_seeding_positions_are_the_standard_ones():
    assert seeding_positions(2) == (1, 2)
    assert seeding_positions(4) == (1, 4, 2, 3)
    assert seeding_positions(8) == (1, 8, 4, 5, 2, 7, 3, 6)
    for size in (16, 32, 64, 128, 256):
        positions = seeding_positions(size)
        assert sorted(positions) == list(range(1, size + 1))
        assert all(positions[i] + positions[i + 1] == size + 1 for i in range(0, size, 2))
        top_half = Counter(p <= size // 2 for p in positions[: size // 2])
        assert 1 in positions[: size // 2] and 2 in positions[size // 2:] and top_half[True] == size // 4
