"""Estrade's rules engine: pure Python (stdlib only, no Django), one implementation of RULES.md
for live duels and replays. Dice are inputs: the engine never draws a number.

Typical live use (the lifecycle service):
    state = new_duel_state(format="1v1", rp=False, duellists=[...], spells=[spell_from_dict(d) ...],
                           house=HouseRules.from_dict(club_knobs))   # RULES.md §8; RULEBOOK by default
    code = check_post(state, post, require_rolls=False, already_posted=ids_already_posted)
    ... the server adds the rolls, then at the declaration:
    result = resolve_action_phase(state, posts)      # or resolve_defence_phase
    store result.state.to_dict(), result.events; open a window for result.expected_posters

Rulings where RULES.md is silent (each has a test named test_ruling_...):
- A duellist who does not post in an action phase passes; that pass is the post a status received
  before it was waiting for, so the status is used up (a status received after one's own post
  waits for next turn's post).
- A pending push/pull is measured from the caster's position at the second declaration.
- An opponent already out is a valid target (the spell misses, paid); a vanished creature's id is
  unknown (invalid-target). A knocked-out duellist holds no zone (no blocking, summons may land).
- A voided cast (unpaid, stunned, disarmed...) is not a resolved cast: it does not count for
  same-spell-twice nor use up the overlevel attempt.
- Creatures strike at the end of the action phase they appear in.
- A new shield never stacks: the charges are topped up to the new shield's count.
- Off the stage (0/12) when the defence phase opens: a dodge is allowed, a DEFENCE spell is
  refused `off-stage` (the rule says "casts", in either phase).
- Prodigium members in RP duels bet only 123/456 on their overlevel attempt.
- A modulation without a bonus gives its own normal effect on a bonus bet.
- Replay: defence posts in a turn that ended at the first declaration (also by a knock-out) are
  refused `not-targeted` (`duellist-out` for an out poster); an error in a defence phase keeps
  that turn's first declaration in `turns` (second: null).
- Live posts (`require_rolls=False`) must not carry rolls: a roll is refused `invalid-roll`.
- `check_post` takes `already_posted` (ids) rather than keeping posters in the state.
"""
from .bets import allowed_bets, bet_wins, chance
from .checks import DUEL_OVER, REFUSED_CODES, check_post, step_needs_roll
from .events import Event
from .house_rules import RULEBOOK, HouseRules, HouseRulesError
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
    "ACTION", "DEFENCE", "DUEL_OVER", "REFUSED_CODES", "RULEBOOK", "START_POINTS",
    "CreatureState", "DuelState", "DuellistState", "Effect", "Event", "HouseRules", "HouseRulesError",
    "Modulation", "Outcome",
    "PendingHit", "PhaseResult", "ScenarioError", "Shield", "Spell", "SpellFormatError", "Summon",
    "allowed_bets", "apply_disqualification", "apply_forfeit", "apply_penalty", "chance",
    "check_post", "expected_posters", "new_duel_state", "options_for", "outcome", "replay",
    "resolve_action_phase", "resolve_defence_phase", "spell_from_dict", "step_needs_roll", "validate_post",
    "bet_wins",
]
