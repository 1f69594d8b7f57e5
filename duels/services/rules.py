"""The one door from the services to the rules engine (duels/engine, pure Python).

The services store the engine's state as JSON (`state_dump`, lean: the catalog stays in the duel's
snapshot) and rebuild it here (`state_load`, given the snapshot).
"""
from __future__ import annotations

from duels.engine import (
    DuelState,
    Outcome,
    PhaseResult,
    ScenarioError,
    apply_disqualification,
    apply_forfeit,
    apply_penalty,
    bet_wins,
    check_post,
    expected_posters,
    new_duel_state,
    outcome,
    resolve_action_phase,
    resolve_defence_phase,
    spell_from_dict,
    step_needs_roll,
    validate_post,
)
from duels.engine.adjustments import adjustment_error, apply_adjustments, resolve_with_adjustments

__all__ = [
    "DuelState", "Outcome", "PhaseResult", "ScenarioError", "adjustment_error", "apply_adjustments",
    "apply_disqualification", "resolve_with_adjustments", "apply_forfeit",
    "apply_penalty", "bet_wins", "check_post", "expected_posters", "new_duel_state", "outcome", "resolve_action_phase",
    "resolve_defence_phase", "spell_from_dict", "state_dump", "state_load", "step_needs_roll", "validate_post",
]


def state_load(data: dict, spells: list[dict] | None = None) -> DuelState:
    """A stored state back in the engine. Stored states are lean (no catalog): pass the duel's snapshot
    (`duel.spells`) wherever the engine needs the spells (checks, resolution, options)."""
    return DuelState.from_dict(data, spells=spells)


def state_dump(state: DuelState) -> dict:
    """The stored form of a state (the duel's, a declaration's before and after): without the spell
    catalog, which the duel's snapshot already holds. The one serializer for every stored state."""
    return state.to_dict(catalog=False)
