"""Resolving one cast step (RULES.md §4.1 Cast: cost, bet, reach, effect)."""
from __future__ import annotations

from . import events
from .bets import NORMAL, allowed_bets, bet_wins, cast_cost, chosen_effect
from .board import Board
from .effects import apply_effect
from .spells import Effect, Spell
from .state import CreatureState, DuellistState, PendingHit, on_stage


def can_pay(caster: DuellistState, cost: int) -> bool:
    """PM first, the shortfall from PF; PF may reach exactly 0 but not go below (§4.1, §5.1)."""
    return cost <= caster.pm + caster.pf


def pay(caster: DuellistState, cost: int) -> tuple[int, int]:
    pm_paid = min(cost, caster.pm)
    pf_paid = cost - pm_paid
    caster.pm -= pm_paid
    caster.pf -= pf_paid
    return pm_paid, pf_paid


def record_cast(caster: DuellistState, turn: int, slug: str, overlevel: bool) -> None:
    """Remember a resolved cast for same-spell-twice and count an overlevel attempt. The end of each
    turn forgets the casts the repetition rule no longer needs (resolution._end_turn)."""
    caster.casts = (*caster.casts, (turn, slug))
    if overlevel:
        caster.overlevels += 1


def resolve_cast(board: Board, caster: DuellistState, step: dict) -> None:
    spell = board.state.spells[step["cast"]]
    overlevel = step.get("overlevel") is True
    modulation = step.get("modulation")
    cost = cast_cost(spell, modulation, overlevel)
    if not can_pay(caster, cost):
        board.emit(events.voided(caster.id, "cast", "cost", spell.name))
        return
    pm_paid, pf_paid = pay(caster, cost)
    record_cast(caster, board.state.turn, spell.slug, overlevel)
    bet, roll = step.get("bet"), step.get("roll")
    kind = allowed_bets(spell, caster, rp=board.state.rp, overlevel=overlevel).get(bet, NORMAL)
    effect = chosen_effect(spell, modulation, kind)
    numbers = {"cost": cost, "pm_paid": pm_paid, "pf_paid": pf_paid, "range": spell.range, "effect": kind}
    if bet is not None:
        numbers["bet"] = bet
    if modulation is not None:
        numbers["modulation"] = modulation
    if overlevel:
        numbers["overlevel"] = True
    _land(board, caster, spell, step, effect, bet, roll, numbers)
    if caster.pf == 0 and not caster.out:
        board.knock_out(caster)  # the spell resolved first (§4.1 Cost)


def _land(board: Board, caster: DuellistState, spell: Spell, step: dict, effect: Effect,
          bet: str | None, roll: int | None, numbers: dict) -> None:
    """Reach, dice and effect of a paid cast."""
    def report(outcome: str, aim: str | None) -> None:
        board.emit(events.cast(caster.id, spell.name, spell.slug, aim, bet, roll, outcome, numbers))

    if spell.target == "zone":
        _land_on_zone(board, caster, spell, step["zone"], effect, bet_wins(bet, roll), numbers, report)
    else:
        _land_on_target(board, caster, spell, step.get("target") or caster.id, effect, bet_wins(bet, roll),
                        numbers, report)


def _land_on_zone(board: Board, caster: DuellistState, spell: Spell, zone: int, effect: Effect, won: bool,
                  numbers: dict, report) -> None:
    """ZONE spells and summons measure their reach to the chosen zone."""
    numbers["zone"] = zone
    numbers["distance"] = abs(caster.pos - zone)
    aim = f"la zone {zone}"
    if numbers["distance"] > spell.range:
        report("out-of-range", aim)
    elif not won:
        report("failure", aim)
    elif effect.summon is not None:
        _summon(board, caster, zone, effect, report, aim)
    else:
        report("success", aim)
        _hit_area(board, caster, spell, zone, effect)


def _land_on_target(board: Board, caster: DuellistState, spell: Spell, target_id: str, effect: Effect,
                    won: bool, numbers: dict, report) -> None:
    """A duellist or creature target: a miss when gone or out of reach (self always reaches); a
    success on an opponent duellist that is neither ZONE nor AUTO waits as a pending hit."""
    target = board.target(target_id)
    if target is None or (isinstance(target, DuellistState) and target.out):
        return report("target-gone", target_id)
    if target is not caster:
        numbers["distance"] = abs(caster.pos - target.pos)
        if numbers["distance"] > spell.range:
            return report("out-of-range", target_id)
    if not won:
        return report("failure", target_id)
    dodgeable = (isinstance(target, DuellistState) and target.team != caster.team
                 and not spell.is_zone and not spell.is_auto)
    if dodgeable:
        board.state.pending = (*board.state.pending, PendingHit(caster.id, target.id, spell.slug, effect))
        return report("pending", target_id)
    report("success", target_id)
    apply_effect(board, caster, target, effect, spell.name)


def _summon(board: Board, caster: DuellistState, zone: int, effect: Effect, report, aim: str) -> None:
    """An INVOCATION puts a creature of the caster's team in a free zone; an occupied zone misses."""
    occupied = any(d.pos == zone and not d.out for d in board.state.duellists) or any(
        c.pos == zone for c in board.state.creatures)
    if occupied:
        return report("zone-occupied", aim)
    report("success", aim)
    summon = effect.summon
    caster.summoned += 1
    creature = CreatureState(
        id=f"{caster.id}#{caster.summoned}", owner=caster.id, team=caster.team, name=summon.name,
        pf=summon.pf, damage=summon.damage, range=summon.range, pos=zone,
        last_turn=board.state.turn + summon.turns - 1,
    )
    board.add_creature(creature)
    board.emit(events.summoned(caster.id, creature.id, creature.name, zone))


def _hit_area(board: Board, caster: DuellistState, spell: Spell, zone: int, effect: Effect) -> None:
    """ZONE: everyone in zones zone±radius but the caster, teammates included; creatures too.
    Duellists off the stage are in no zone. Targets are fixed before any effect moves them."""
    low, high = zone - spell.radius, zone + spell.radius
    duellists = [d for d in board.state.duellists
                 if d is not caster and not d.out and on_stage(d.pos) and low <= d.pos <= high]
    creatures = [c for c in board.state.creatures if low <= c.pos <= high]
    for target in (*duellists, *creatures):
        apply_effect(board, caster, target, effect, spell.name)
