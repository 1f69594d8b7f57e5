"""Creatures (RULES.md §7 Creatures): they strike at the end of each action phase and vanish when
their turns run out. Summoning is in casting.py; blocking in movement.py."""
from __future__ import annotations

from . import events
from .board import Board
from .effects import apply_effect
from .spells import Effect
from .state import CreatureState, DuellistState, on_stage


def strike_target(board: Board, creature: CreatureState) -> DuellistState | None:
    """The nearest opposing duellist on the stage within range; ties go to the lowest position,
    then to the duellist listed first."""
    best = None
    best_key = None
    for index, d in enumerate(board.state.duellists):
        if d.team == creature.team or d.out or not on_stage(d.pos):
            continue
        distance = abs(d.pos - creature.pos)
        if distance > creature.range:
            continue
        key = (distance, d.pos, index)
        if best_key is None or key < best_key:
            best, best_key = d, key
    return best


def creatures_strike(board: Board) -> None:
    """End of the action phase: each creature, in summoning order, strikes once (not dodgeable;
    a shield charge cancels it)."""
    for creature in board.state.creatures:
        target = strike_target(board, creature)
        if target is None or not creature.damage:
            continue
        board.emit(events.creature_strikes(creature.id, creature.name, target.id, creature.damage))
        apply_effect(board, creature, target, Effect(damage=creature.damage))


def creatures_expire(board: Board) -> None:
    """End of the turn: a creature vanishes at the end of the turn its `turns` run out."""
    for creature in board.state.creatures:
        if creature.last_turn <= board.state.turn:
            board.remove_creature(creature, "expired")
