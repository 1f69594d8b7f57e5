"""Applying one effect application to one target (RULES.md §7 effect keys, shields, knock-outs)."""
from __future__ import annotations

from . import events
from .board import Board
from .movement import pull_destination, push_destination
from .spells import Effect
from .state import CreatureState, DuellistState, on_stage

Source = DuellistState | CreatureState | None


def apply_effect(board: Board, source: Source, target: DuellistState | CreatureState, effect: Effect,
                 what: str | None = None) -> None:
    """Apply `effect` from `source` to `target`, keys in the §7 order. `what` names the spell for
    the events. A shield charge cancels a whole hostile application; a duellist taken to 0 PF takes
    no further key of the application."""
    if isinstance(target, CreatureState):
        _hurt_creature(board, target, effect.damage)
        return
    source_id = source.id if source is not None else None
    if target.out:
        return
    if effect.is_hostile and source_id != target.id and target.shield > 0:
        target.shield -= 1
        board.emit(events.absorbed(target.id, source_id or "?", what))
        return
    if _points(board, source_id, target, effect):
        return
    if _displace(board, source, target, effect):
        return
    for key in ("stun", "disarm", "bind"):
        if getattr(effect, key):
            _set_status(board, source_id, target, key)
    if effect.shield is not None:
        _give_shield(board, source, target, effect)


def _points(board: Board, source_id: str | None, target: DuellistState, effect: Effect) -> bool:
    """damage, drain, heal, restore. Returns True when the target was knocked out."""
    if effect.damage:
        lost = min(effect.damage, target.pf)
        target.pf -= lost
        board.emit(events.points(target.id, "damage", lost, source_id))
        if target.pf == 0:
            board.knock_out(target)
            return True
    if effect.drain:
        lost = min(effect.drain, target.pm)  # no overflow to PF
        target.pm -= lost
        board.emit(events.points(target.id, "drain", lost, source_id))
    if effect.heal:
        gained = min(effect.heal, target.start_pf - target.pf)
        target.pf += gained
        board.emit(events.points(target.id, "heal", gained, source_id))
    if effect.restore:
        gained = min(effect.restore, target.start_pm - target.pm)
        target.pm += gained
        board.emit(events.points(target.id, "restore", gained, source_id))
    return False


def _displace(board: Board, source: Source, target: DuellistState, effect: Effect) -> bool:
    """push then pull, measured from the source's current position. A duellist off the stage is
    not moved. Returns True when a fall knocked the target out."""
    if not (effect.push or effect.pull) or not on_stage(target.pos) or source is None:
        return False
    source_id = source.id
    if effect.push:
        start = target.pos
        target.pos, fell = push_destination(start, target.team, source.pos, effect.push)
        board.emit(events.displaced(target.id, "push", start, target.pos, source_id))
        if fell:
            lost = min(board.state.house.fall_pf, target.pf)
            target.pf -= lost
            board.emit(events.fell(target.id, target.pos, lost))
            if target.pf == 0:
                board.knock_out(target)
                return True
            return False  # off the stage now: a pull no longer moves it
    if effect.pull:
        start = target.pos
        target.pos = pull_destination(start, source.pos, effect.pull)
        board.emit(events.displaced(target.id, "pull", start, target.pos, source_id))
    return False


def _set_status(board: Board, source_id: str | None, target: DuellistState, key: str) -> None:
    attribute = {"stun": "stunned", "disarm": "disarmed", "bind": "bound"}[key]
    already = getattr(target, attribute)
    setattr(target, attribute, True)  # statuses never stack
    board.emit(events.status(target.id, key, already, source_id))


def _give_shield(board: Board, source: Source, target: DuellistState, effect: Effect) -> None:
    """The target gets the charges, or with `team` every member of the caster's team. Shields
    never stack: a new shield tops the charges up to its own count."""
    shield = effect.shield
    if shield.team and isinstance(source, DuellistState):
        receivers = [d for d in board.state.duellists if d.team == source.team and not d.out]
    else:
        receivers = [target]
    for receiver in receivers:
        receiver.shield = max(receiver.shield, shield.charges)
        board.emit(events.shielded(receiver.id, receiver.shield, source.id if source else None))


def _hurt_creature(board: Board, creature: CreatureState, damage: int) -> None:
    """Creatures take only damage; at 0 PF they vanish."""
    if not damage:
        return
    lost = min(damage, creature.pf)
    creature.pf -= lost
    board.emit(events.creature_hurt(creature.id, creature.name, lost, creature.pf))
    if creature.pf == 0:
        board.remove_creature(creature, "destroyed")
