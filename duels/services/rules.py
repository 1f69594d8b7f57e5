"""The one door from the services to the rules engine (duels/engine, pure Python).

The services store the engine's state as JSON (`DuelState.to_dict()`) and rebuild it here.
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
    "resolve_defence_phase", "spell_from_dict", "state_load", "step_needs_roll", "validate_post",
]


def state_load(data: dict) -> DuelState:
    return DuelState.from_dict(data)
