"""Estrade's rules engine: pure Python (stdlib only, no Django), one implementation of RULES.md
for live duels and replays. Dice are inputs: the engine never draws a number.

Typical live use (the lifecycle service):
    state = new_duel_state(format="1v1", rp=False, duellists=[...], spells=[spell_from_dict(d) ...])
    code = check_post(state, post, require_rolls=False, already_posted=ids_already_posted)
    ... the server adds the rolls, then at the declaration:
    result = resolve_action_phase(state, posts)      # or resolve_defence_phase
    store result.state.to_dict(), result.events; open a window for result.expected_posters
"""
from .bets import allowed_bets, chance
from .checks import DUEL_OVER, REFUSED_CODES, check_post, step_needs_roll
from .events import Event
from .options import options_for
from .outcome import Outcome, apply_disqualification, apply_forfeit, apply_penalty, outcome
from .replay import replay
from .resolution import PhaseResult, expected_posters, resolve_action_phase, resolve_defence_phase
from .scenario_schema import ScenarioError, validate_post
from .spells import Effect, Modulation, Shield, Spell, SpellFormatError, Summon, spell_from_dict
from .state import (
    ACTION,
    DEFENCE,
    START_POINTS,
    CreatureState,
    DuellistState,
    DuelState,
    PendingHit,
    new_duel_state,
)

__all__ = [
    "ACTION", "DEFENCE", "DUEL_OVER", "REFUSED_CODES", "START_POINTS",
    "CreatureState", "DuelState", "DuellistState", "Effect", "Event", "Modulation", "Outcome",
    "PendingHit", "PhaseResult", "ScenarioError", "Shield", "Spell", "SpellFormatError", "Summon",
    "allowed_bets", "apply_disqualification", "apply_forfeit", "apply_penalty", "chance",
    "check_post", "expected_posters", "new_duel_state", "options_for", "outcome", "replay",
    "resolve_action_phase", "resolve_defence_phase", "spell_from_dict", "step_needs_roll", "validate_post",
]
