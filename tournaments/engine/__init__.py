"""Estrade's tournament engine: pure Python (stdlib only, no Django). It keeps no state of its own:
the caller stores the entrants (in seed order), the options and the recorded results, and asks the
engine again after each result. An entrant is an opaque hashable id (a player, or a pair in 2v2);
results are `Result`s between side a and side b. Errors are `TournamentError`s carrying a code
(the constants below), never text: the pages translate.

Formats (each module's docstring states its rules, for the rules page to quote):
- elimination: `build_bracket(seed_order, third_place=, draw_rule=REMATCH|HIGHER_SEED)`, then
  `bracket_state(bracket, {MatchKey: Result})`: `.ready` (record each under `match.next_duel`),
  `.champion`, `.finished`, `.placements()`.
- corrections: `correction_impact(bracket, results, key, new_result)` (the bracket is recomputed;
  duels already played downstream of a changed result are listed as affected, never re-attributed).
- round_robin: `snake_groups`, `round_robin_schedule`, `standings`, `elimination_from_groups`.
- swiss: `swiss_pairings(entrants, results, byes)` for each round, `swiss_standings`.
- standings: the points and the written tie-breaks (TIE_BREAKS, SWISS_TIE_BREAKS).
"""
from .corrections import CorrectionImpact, correction_impact, downstream_matches
from .elimination import (
    BYE,
    DECIDED,
    DRAW_RULES,
    HIGHER_SEED,
    MAX_ENTRANTS,
    READY,
    REMATCH,
    STALE,
    WAITING,
    Bracket,
    BracketState,
    Match,
    MatchKey,
    Placement,
    bracket_state,
    build_bracket,
    seeding_positions,
)
from .results import (
    A_WON,
    B_WON,
    DISQUALIFICATION,
    DRAW,
    DUPLICATE_ENTRANT,
    FORFEIT,
    INVALID_OPTION,
    INVALID_RESULT,
    NO_SUCH_MATCH,
    NO_VALID_PAIRING,
    PLAYED,
    RESULT_SIDES_MISMATCH,
    TOO_FEW_ENTRANTS,
    TOO_MANY_ENTRANTS,
    UNKNOWN_ENTRANT,
    A,
    B,
    EntrantId,
    Result,
    TournamentError,
)
from .round_robin import (
    RoundRobinRound,
    cross_seeded_qualifiers,
    elimination_from_groups,
    round_robin_schedule,
    snake_groups,
)
from .standings import DEFAULT_POINTS, SWISS_TIE_BREAKS, TIE_BREAKS, Points, Standing, standings
from .swiss import SwissRound, swiss_pairings, swiss_standings

__all__ = [
    "DEFAULT_POINTS", "DUPLICATE_ENTRANT", "INVALID_OPTION", "INVALID_RESULT", "NO_SUCH_MATCH", "NO_VALID_PAIRING",
    "RESULT_SIDES_MISMATCH", "TOO_FEW_ENTRANTS", "TOO_MANY_ENTRANTS", "UNKNOWN_ENTRANT",
    "A", "A_WON", "B", "B_WON", "BYE", "DECIDED", "DISQUALIFICATION", "DRAW", "DRAW_RULES", "FORFEIT",
    "HIGHER_SEED", "MAX_ENTRANTS", "PLAYED", "READY", "REMATCH", "STALE", "SWISS_TIE_BREAKS", "TIE_BREAKS",
    "WAITING", "Bracket", "BracketState", "CorrectionImpact", "EntrantId", "Match", "MatchKey", "Placement",
    "Points", "Result", "RoundRobinRound", "Standing", "SwissRound", "TournamentError", "bracket_state",
    "build_bracket", "correction_impact", "cross_seeded_qualifiers", "downstream_matches",
    "elimination_from_groups", "round_robin_schedule", "seeding_positions", "snake_groups", "standings",
    "swiss_pairings", "swiss_standings",
]
