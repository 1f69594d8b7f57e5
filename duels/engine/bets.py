"""Bets (RULES.md §4.1 Cast, step 2): which bets a cast allows, what each one gives, its odds.

One table serves the checks (`invalid-bet`), the resolution (which effect applies) and the pages
(odds shown to the player).
"""
from __future__ import annotations

from fractions import Fraction

from .spells import Effect, Spell
from .state import DuellistState

NORMAL, BONUS = "normal", "bonus"
NO_BET = None  # AUTO/SOIN spells may be cast without a bet: they then always succeed
ORDINARY_BETS = ("123", "456")
BETTER_ODDS_BETS = ("1234", "3456")
OVERLEVEL_BETS = ("12", "34", "56")
DODGE_BETS = ("123", "456")


def has_magic_type(duellist: DuellistState, spell: Spell) -> bool:
    return spell.type is not None and spell.type in duellist.types


def allowed_bets(spell: Spell, caster: DuellistState, *, rp: bool, overlevel: bool) -> dict[str | None, str]:
    """Map each allowed bet (None = no bet) to the effect it gives: NORMAL or BONUS."""
    if overlevel:
        # Never a bonus nor better odds; AUTO/SOIN bet like ordinary spells here.
        bets = ORDINARY_BETS if rp and caster.prodigium else OVERLEVEL_BETS
        return dict.fromkeys(bets, NORMAL)
    own_type = has_magic_type(caster, spell)
    if spell.bets_optional:
        allowed: dict[str | None, str] = {NO_BET: NORMAL}
        if own_type:
            allowed.update(dict.fromkeys(ORDINARY_BETS, BONUS))
        return allowed
    if own_type:
        return {**dict.fromkeys(ORDINARY_BETS, BONUS), **dict.fromkeys(BETTER_ODDS_BETS, NORMAL)}
    return dict.fromkeys(ORDINARY_BETS, NORMAL)


def bet_wins(bet: str | None, roll: int | None) -> bool:
    return bet is None or (roll is not None and str(roll) in bet)


def chance(bet: str | None) -> Fraction:
    """Probability that the cast succeeds with this bet on a d6."""
    return Fraction(1) if bet is None else Fraction(len(bet), 6)


def chosen_effect(spell: Spell, modulation_level: int | None, kind: str) -> Effect:
    """The effect a successful cast applies. A modulation replaces the spell's effects; a missing
    bonus falls back to the normal effect of the same spell (or modulation)."""
    if modulation_level is not None:
        modulation = spell.modulation(modulation_level)
        normal, bonus = modulation.effect, modulation.bonus
    else:
        normal, bonus = spell.effect, spell.bonus
    if kind == BONUS and bonus is not None:
        return bonus
    return normal


def cast_cost(spell: Spell, modulation_level: int | None, overlevel: bool) -> int:
    """§4.1 Cost: the spell's (or modulation's) level; SOIN is free except on an overlevel attempt."""
    if spell.is_soin and not overlevel:
        return 0
    return modulation_level if modulation_level is not None else spell.level
