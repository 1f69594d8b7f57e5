"""What the tournament engine's tests share: hypothesis settings, and playing a bracket or a Swiss
tournament to its end with random results."""
import random

from hypothesis import HealthCheck, settings

from tournaments.engine import (
    A_WON,
    B_WON,
    DISQUALIFICATION,
    DRAW,
    FORFEIT,
    A,
    B,
    Bracket,
    BracketState,
    Result,
    bracket_state,
    swiss_pairings,
)

TOURNAMENT_PROPERTIES = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_result(rng: random.Random, a, b, *, draw_chance: float = 0.0, forfeit_chance: float = 0.0) -> Result:
    """A duel between a and b: a draw, a forfeit or disqualification, or a played win, with random PF
    left and faults."""
    numbers = {"pf_left": (rng.randint(0, 30), rng.randint(0, 30)), "faults": (rng.randint(0, 3), rng.randint(0, 3))}
    roll = rng.random()
    if roll < draw_chance:
        return Result(a, b, DRAW, **numbers)
    if roll < draw_chance + forfeit_chance:
        return Result.forfeited(a, b, by=rng.choice([A, B]), how=rng.choice([FORFEIT, DISQUALIFICATION]), **numbers)
    return Result(a, b, rng.choice([A_WON, B_WON]), **numbers)


def play_bracket(bracket: Bracket, rng: random.Random, **chances) -> tuple[dict, BracketState]:
    """Play every ready match until the bracket is finished: the recorded duels and the final state."""
    results: dict = {}
    state = bracket_state(bracket, results)
    while not state.finished:
        assert state.ready, "an unfinished bracket always has a match to play"
        for match in state.ready:
            results[match.next_duel] = random_result(rng, match.a, match.b, **chances)
        state = bracket_state(bracket, results)
    return results, state


def play_swiss(entrants: list, rounds: int, rng: random.Random, **chances) -> tuple[list, list, list]:
    """Pair and play `rounds` Swiss rounds: the rounds as paired, the results and the byes."""
    paired, results, byes = [], [], []
    for _ in range(rounds):
        next_round = swiss_pairings(entrants, results, byes)
        paired.append(next_round)
        results += [random_result(rng, a, b, **chances) for a, b in next_round.pairs]
        if next_round.bye is not None:
            byes.append(next_round.bye)
    return paired, results, byes
