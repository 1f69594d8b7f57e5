"""Expected value per PM of a spell: the catalog balance check (see the catalog's `_header`).

A rough, explicit model, meant to catch outliers (a level-1 spell worth a level-6 one), not to
price spells exactly. Value is counted in PF-equivalents:

    value(effect)  = Σ EFFECT_VALUES[key] (per point, per zone, per status; shields and summons below)
    rating(option) = chance(bet) × dodge × reach × value(effect) / cost

- chance: the best bet of an ordinary caster (1/2; AUTO/SOIN 1), or 1/2 for the bonus effect of a
  caster of the spell's type (the engine's bet table, via spells.odds);
- dodge: 0.75 for a hit the opponent may dodge (§4.1: opponent target, neither ZONE nor AUTO);
- reach: min(1, (range + radius + 2) / 6): the duellists start 4 zones apart, so range 4 is full
  value and range 1 is half of it; self and ally spells always reach;
- cost: the level (a modulation's level); SOIN spells cost no PM, so they are rated per level.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from spells import odds

# The band every rating must fall in. Its justification is the catalog's `_header`.
BAND = (0.3, 1.25)

EFFECT_VALUES = {
    "damage": 1.0,  # 1 PF
    "heal": 0.75,  # capped at the starting PF, worthless at full health, never wins a duel alone
    "drain": 0.75,  # a PM lost is paid later in PF, only once the victim's PM run out
    "restore": 0.5,  # both discounts: a PM back, capped
    "push": 0.5,  # per zone: the victim walks back at 1 PF a zone, or stays out of reach
    "pull": 0.5,
    "stun": 3.0,  # a whole post lost: the cast and the moves
    "disarm": 2.0,  # the cast lost, the moves kept
    "bind": 1.0,  # the moves lost
}
SHIELD_CHARGE = 1.25  # saves a dodge (2 PF, 1 chance in 2) on a coming hit; a guess in the action phase
SHIELD_TEAM = 1.5  # a team shield covers a partner too, in 2v2 only
SUMMON_PF = 0.25  # a creature blocks the way and soaks spells
DODGE = 0.75


def effect_value(effect: dict | None) -> float:
    if not effect:
        return 0.0
    value = sum(EFFECT_VALUES[key] * float(effect[key]) for key in EFFECT_VALUES if key in effect)
    if shield := effect.get("shield"):
        value += SHIELD_CHARGE * shield["charges"] * (SHIELD_TEAM if shield.get("team") else 1.0)
    if summon := effect.get("summon"):
        strikes = summon["damage"] * summon["turns"] * min(1.0, (summon["range"] + 2) / 4)
        value += strikes + SUMMON_PF * summon["pf"]
    return value


def _factor(spell: dict) -> float:
    """Dodge and reach factors of a spell (the same for all its modulations)."""
    factor = DODGE if odds.dodgeable(spell) else 1.0
    if spell["target"] in ("opponent", "zone"):
        factor *= min(1.0, (spell["range"] + (spell.get("radius") or 0) + 2) / 6)
    return factor


@dataclass(frozen=True)
class Rating:
    slug: str
    option: str  # "normal", "bonus", "modulation 5", "modulation 5 bonus"
    cost: int
    value: float

    def __str__(self) -> str:
        return f"{self.slug} ({self.option}, {self.cost} PM): {self.value:.2f}"


def spell_ratings(spell: dict) -> list[Rating]:
    """The rating of every way to cast a spell: normal and bonus effect, and each modulation's."""
    normal = float(odds.success_chance(spell) or Fraction(0))
    bonus = float(odds.success_chance(spell, odds.OWN_TYPE, bonus=True) or Fraction(0))
    factor = _factor(spell)
    variants = [(spell["level"], "", spell["effect"], spell.get("bonus"))]
    variants += [(m["level"], f"modulation {m['level']}", m["effect"], m.get("bonus"))
                 for m in spell.get("modulations", [])]
    ratings = []
    for cost, name, effect, bonus_effect in variants:
        ratings.append(Rating(spell["slug"], name or "normal", cost, normal * factor * effect_value(effect) / cost))
        if bonus_effect:
            value = bonus * factor * effect_value(bonus_effect) / cost
            ratings.append(Rating(spell["slug"], f"{name} bonus".strip(), cost, value))
    return ratings


def outliers(spells: list[dict], band: tuple[float, float] = BAND) -> list[Rating]:
    low, high = band
    return [r for spell in spells for r in spell_ratings(spell) if not low <= r.value <= high]
