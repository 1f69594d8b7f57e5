"""Bets and odds of a spell for the pages and the balance check (RULES.md §4.1 Cast, step 2).

The table of allowed bets is the engine's (`duels.engine.bets.allowed_bets`): this module only
groups it by caster situation for display, so the page can never disagree with the rules.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from duels.engine.bets import BONUS, allowed_bets, chance
from duels.engine.spells import spell_from_dict
from duels.engine.state import DuellistState

ORDINARY = "ordinary"  # a caster without the spell's magic type
OWN_TYPE = "own_type"  # a caster who named the spell's magic type for the duel
OVERLEVEL = "overlevel"  # the once-per-duel attempt at the level above one's year
OVERLEVEL_PRODIGIUM = "overlevel_prodigium"  # the same, by a Prodigium member in an RP duel

# Which caster each situation describes: (has the spell's type, prodigium + RP duel, overlevel).
_CASTERS = {
    ORDINARY: (False, False, False),
    OWN_TYPE: (True, False, False),
    OVERLEVEL: (False, False, True),
    OVERLEVEL_PRODIGIUM: (False, True, True),
}


@dataclass(frozen=True)
class BetOption:
    bets: tuple[str, ...]  # empty: no bet, the spell always succeeds
    chance: Fraction
    bonus: bool  # a success applies the bonus effect (else the normal one)

    @property
    def percent(self) -> int:
        return round(self.chance * 100)


@dataclass(frozen=True)
class Situation:
    key: str
    options: tuple[BetOption, ...]


def dodgeable(spell: dict) -> bool:
    """§4.1 Effect: a successful hit on an opponent that is neither ZONE nor AUTO can be dodged."""
    return spell["target"] == "opponent" and not {"ZONE", "AUTO"} & set(spell["tags"])


def bet_situations(spell: dict) -> list[Situation]:
    """For a §7 spell dict: each caster situation with its bet options, best odds first.

    Options giving the normal effect at worse odds than another option are left out (a typed
    caster may bet 123/456 on an AUTO spell without a bonus, but never would)."""
    parsed = spell_from_dict(spell)
    situations = []
    for key, (own_type, prodigium, overlevel) in _CASTERS.items():
        if own_type and parsed.type is None:
            continue
        caster = DuellistState(id="lanceur", team=1, year=8, types=(parsed.type,) if own_type else (),
                               prodigium=prodigium, pf=0, pm=0, pos=4)
        grouped: dict[tuple[Fraction, bool], list[str]] = {}
        for bet, kind in allowed_bets(parsed, caster, rp=prodigium, overlevel=overlevel).items():
            bonus = kind == BONUS and parsed.bonus is not None
            grouped.setdefault((chance(bet), bonus), []).append(bet)
        options = [BetOption(tuple(b for b in bets if b is not None), odds, bonus)
                   for (odds, bonus), bets in grouped.items()]
        best_normal = max((o.chance for o in options if not o.bonus), default=Fraction(0))
        options = [o for o in options if o.bonus or o.chance == best_normal]
        situations.append(Situation(key, tuple(sorted(options, key=lambda o: (-o.chance, o.bonus)))))
    return situations


def success_chance(spell: dict, situation: str = ORDINARY, *, bonus: bool = False) -> Fraction | None:
    """The best chance of success in one situation for the normal (or bonus) effect; None if impossible."""
    for found in bet_situations(spell):
        if found.key == situation:
            return max((o.chance for o in found.options if o.bonus == bonus), default=None)
    return None
