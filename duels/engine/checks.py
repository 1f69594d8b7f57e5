"""Refused posts (RULES.md §4.1): what is wrong with a post given the duel as the phase opened.

`check_post` returns the first applicable code in the order of RULES.md, or None. It only looks,
never changes anything. Posts must be well formed (see scenario_schema.validate_post); checking
the rules is this module's job.
"""
from __future__ import annotations

from collections.abc import Collection

from .bets import DODGE_BETS, allowed_bets
from .house_rules import FREE, PER_DUEL
from .outcome import outcome
from .spells import Spell, is_int
from .state import ACTION, DEFENCE, FIRST_ZONE, LAST_ZONE, DuellistState, DuelState, on_stage

STEP_KINDS = ("move", "cast", "dodge", "nothing")

# Every code check_post can return, in the order RULES.md §4.1 gives precedence.
REFUSED_CODES = (
    "one-post-per-phase", "duellist-out", "not-targeted", "one-cast-per-post", "too-many-moves",
    "one-defence-action", "wrong-phase", "invalid-move", "off-stage", "stunned", "disarmed", "bound",
    "unknown-spell", "spell-level", "overlevel-used", "modulation-level", "same-spell-twice",
    "invalid-target", "not-defence-spell", "invalid-bet", "invalid-roll",
)
DUEL_OVER = "duel-over"


def step_kind(step: dict) -> str:
    for kind in STEP_KINDS:
        if kind in step:
            return kind
    raise ValueError(f"a step needs one of {', '.join(STEP_KINDS)}: {step!r}")


def check_post(state: DuelState, post: dict, *, require_rolls: bool,
               already_posted: Collection[str] = frozenset()) -> str | None:
    """The refused code for `post` in the phase `state.phase`, or None when it is accepted.

    `already_posted`: ids of the duellists whose post was already accepted in this phase (the
    engine does not keep it in the state: the caller holds the phase's posts anyway).
    `require_rolls=True` (replays): every bet needs a roll 1..6 and a roll needs a bet.
    `require_rolls=False` (live duels): the server rolls after checking, so a post must not carry
    any roll: one that does is refused as invalid-roll.
    A finished duel refuses everything with "duel-over".
    """
    if outcome(state).finished:
        return DUEL_OVER
    me = state.duellist(post["by"])
    steps = post.get("steps") or []
    kinds = [step_kind(s) for s in steps]
    return (
        _who_code(state, me, already_posted)
        or _shape_code(state.phase, steps, kinds)
        or _position_code(me, kinds)
        or _status_code(state.phase, me, kinds)
        or _cast_code(state, me, steps, kinds)
        or _dodge_code(steps, kinds)
        or _roll_code(steps, require_rolls)
    )


def _who_code(state: DuelState, me: DuellistState, already_posted: Collection[str]) -> str | None:
    if me.id in already_posted:
        return "one-post-per-phase"
    if me.out:
        return "duellist-out"
    if state.phase == DEFENCE and not any(h.target == me.id for h in state.pending):
        return "not-targeted"
    return None


def _shape_code(phase: str, steps: list[dict], kinds: list[str]) -> str | None:
    if kinds.count("cast") > 1:
        return "one-cast-per-post"
    if "cast" in kinds:
        at = kinds.index("cast")
        too_many = kinds[:at].count("move") > 1 or kinds[at + 1:].count("move") > 1
    else:
        too_many = kinds.count("move") > 1
    if too_many:
        return "too-many-moves"
    if phase == DEFENCE and len(steps) > 1:
        return "one-defence-action"
    if phase == ACTION and "dodge" in kinds:
        return "wrong-phase"
    for step, kind in zip(steps, kinds, strict=True):
        if kind == "move" and (phase == DEFENCE or not _is_zone(step["move"])):
            return "invalid-move"
    return None


def _is_zone(value) -> bool:
    return is_int(value) and FIRST_ZONE <= value <= LAST_ZONE


def _position_code(me: DuellistState, kinds: list[str]) -> str | None:
    """Off the stage (0 or 12) when the phase opened: only one climbing move, or a pass."""
    if not on_stage(me.pos) and ("cast" in kinds or kinds.count("move") > 1):
        return "off-stage"
    return None


def _status_code(phase: str, me: DuellistState, kinds: list[str]) -> str | None:
    """Statuses already on the duellist when the phase opened (they only weigh on action posts)."""
    if phase != ACTION:
        return None
    if me.stunned and ("move" in kinds or "cast" in kinds):
        return "stunned"
    if me.disarmed and "cast" in kinds:
        return "disarmed"
    if me.bound and "move" in kinds:
        return "bound"
    return None


def _cast_code(state: DuelState, me: DuellistState, steps: list[dict], kinds: list[str]) -> str | None:
    if "cast" not in kinds:
        return None
    step = steps[kinds.index("cast")]
    spell = state.spells.get(step["cast"])
    if spell is None:
        return "unknown-spell"
    return cast_option_code(state, me, spell, step)


def cast_option_code(state: DuelState, me: DuellistState, spell: Spell, step: dict) -> str | None:
    """Checks of one cast of a known spell, from spell-level to invalid-bet."""
    overlevel = step.get("overlevel") is True
    code = cast_rights_code(state, me, spell, step.get("modulation"), overlevel)
    if code:
        return code
    if not target_is_valid(state, me, spell, step.get("target"), step.get("zone")):
        return "invalid-target"
    if state.phase == DEFENCE and not spell.is_defence:
        return "not-defence-spell"
    if step.get("bet") not in allowed_bets(spell, me, rp=state.rp, overlevel=overlevel):
        return "invalid-bet"
    return None


def cast_rights_code(state: DuelState, me: DuellistState, spell: Spell, modulation: int | None,
                     overlevel: bool) -> str | None:
    """May this duellist cast this spell (this way) at all: spell-level to same-spell-twice.
    Shared with the options the pages show."""
    if spell.level != me.year + 1 if overlevel else spell.level > me.year:
        return "spell-level"
    if overlevel and me.overlevels >= state.house.overlevel_per_duel:
        return "overlevel-used"
    if modulation is not None and (overlevel or spell.modulation(modulation) is None or modulation > me.year):
        return "modulation-level"
    if repeats_a_cast(state, me, spell.slug):
        return "same-spell-twice"
    return None


def repeats_a_cast(state: DuelState, me: DuellistState, slug: str) -> bool:
    """The house's repetition rule (§4.1.1, §8 `repeat`): by default not the spell this duellist
    cast (paid) in the previous turn; `duel`: not one they cast earlier in the duel; `free`: no limit."""
    repeat = state.house.repeat
    if repeat == FREE:
        return False
    if repeat == PER_DUEL:
        return any(cast_slug == slug for _, cast_slug in me.casts)
    return me.cast_in_turn(state.turn - 1, slug)


def target_is_valid(state: DuelState, me: DuellistState, spell: Spell, target_id, zone) -> bool:
    """§7 Targets. Zone spells take a zone 1..11 and no target; others take no zone.
    Ruling: an opponent already out (but known) is a valid target; the spell then misses."""
    if spell.target == "zone":
        return target_id is None and _is_zone(zone)
    if zone is not None:
        return False
    if spell.target == "self":
        return target_id is None or target_id == me.id
    if spell.target == "ally":
        if target_id is None:
            return True
        ally = state.find_duellist(target_id)
        return ally is not None and ally.team == me.team
    if target_id is None:
        return False
    opponent = state.find_duellist(target_id) or state.creature(target_id)
    return opponent is not None and opponent.team != me.team


def _dodge_code(steps: list[dict], kinds: list[str]) -> str | None:
    for step, kind in zip(steps, kinds, strict=True):
        if kind == "dodge" and step["dodge"] not in DODGE_BETS:
            return "invalid-bet"
    return None


def step_needs_roll(step: dict) -> bool:
    """A step decided by the die: a cast with a bet, or a dodge."""
    return "dodge" in step or ("cast" in step and step.get("bet") is not None)


def _roll_code(steps: list[dict], require_rolls: bool) -> str | None:
    for step in steps:
        roll = step.get("roll")
        if not require_rolls:
            if roll is not None:
                return "invalid-roll"
            continue
        if step_needs_roll(step) and not (is_int(roll) and 1 <= roll <= 6):
            return "invalid-roll"
        if not step_needs_roll(step) and roll is not None:
            return "invalid-roll"
    return None
