"""Estrade's tournament engine: pure Python (stdlib only, no Django). It keeps no state of its own:
the caller stores the entrants (in seed order), the options and the recorded results, and asks the
engine again after each result. An entrant is an opaque id (a player, or a pair in 2v2); results are
`Result`s between side a and side b. Errors are `TournamentError`s carrying a code, never text.

Formats (the rules each module's docstring states, for the rules page to quote):
- elimination: `build_bracket`, `bracket_state` (ready matches, champion, placements); a drawn duel
  follows REMATCH or HIGHER_SEED.
- corrections: `correction_impact` (the bracket is recomputed; duels already played downstream of a
  changed result are listed as affected, never re-attributed).
- round_robin: `snake_groups`, `round_robin_schedule`, `standings`, `elimination_from_groups`.
- swiss: `swiss_pairings`, `swiss_standings`.
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
    FORFEIT,
    PLAYED,
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
from .standings import SWISS_TIE_BREAKS, TIE_BREAKS, Points, Standing, standings
from .swiss import SwissRound, swiss_pairings, swiss_standings

__all__ = [
    "A", "A_WON", "B", "B_WON", "BYE", "DECIDED", "DISQUALIFICATION", "DRAW", "DRAW_RULES", "FORFEIT",
    "HIGHER_SEED", "MAX_ENTRANTS", "PLAYED", "READY", "REMATCH", "STALE", "SWISS_TIE_BREAKS", "TIE_BREAKS",
    "WAITING", "Bracket", "BracketState", "CorrectionImpact", "EntrantId", "Match", "MatchKey", "Placement",
    "Points", "Result", "RoundRobinRound", "Standing", "SwissRound", "TournamentError", "bracket_state",
    "build_bracket", "correction_impact", "cross_seeded_qualifiers", "downstream_matches",
    "elimination_from_groups", "round_robin_schedule", "seeding_positions", "snake_groups", "standings",
    "swiss_pairings", "swiss_standings",
]
