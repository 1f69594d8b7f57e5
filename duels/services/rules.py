"""The one door from the services to the rules engine (duels/engine, pure Python).

The services store the engine's state as JSON (`DuelState.to_dict()`) and rebuild it here.
"""
from __future__ import annotations

from duels.engine.checks import check_post
from duels.engine.outcome import Outcome, apply_disqualification, apply_forfeit, apply_penalty, outcome
from duels.engine.resolution import PhaseResult, expected_posters, resolve_action_phase, resolve_defence_phase
from duels.engine.scenario_schema import ScenarioError, validate_post
from duels.engine.spells import spell_from_dict
from duels.engine.state import DuelState, new_duel_state

__all__ = [
    "DuelState", "Outcome", "PhaseResult", "apply_disqualification", "apply_forfeit", "apply_penalty",
    "check_post", "expected_posters", "new_duel_state", "outcome", "resolve_action_phase",
    "resolve_defence_phase", "spell_from_dict", "state_load", "ScenarioError", "validate_post",
]


def state_load(data: dict) -> DuelState:
    return DuelState.from_dict(data)
