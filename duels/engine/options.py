"""What a duellist may do now ("options"), for the pages: they show these and never re-implement
a rule. Everything comes from the same functions the checks and the resolution use.
The result is JSON-serializable."""
from __future__ import annotations

from .bets import DODGE_BETS, allowed_bets, cast_cost, chance, chosen_effect, has_magic_type
from .checks import cast_rights_code, target_is_valid
from .house_rules import PER_DUEL, HouseRules
from .movement import move_destination
from .outcome import outcome
from .resolution import expected_posters
from .spells import Spell
from .state import ACTION, FIRST_ZONE, LAST_ZONE, DuellistState, DuelState, on_stage


def options_for(state: DuelState, duellist_id: str) -> dict:
    """For the phase open in `state`: can the duellist post, and what can they put in the post.

    Keys: duellist, turn, phase, can_post, reason (the refused code when they cannot post),
    points (pf, pm, pos, on_stage, statuses), moves (reachable zones and PF cost), spells
    (castable spells with their ways of casting, costs, targets/zones in reach, bets and odds),
    defence (in the defence phase: pending hits, dodge, DEFENCE spells, nothing).
    """
    me = state.duellist(duellist_id)
    can_post = duellist_id in expected_posters(state)
    options = {
        "duellist": me.id, "turn": state.turn, "phase": state.phase, "can_post": can_post,
        "reason": None if can_post else _why_not(state, me),
        "points": {"pf": me.pf, "pm": me.pm, "pos": me.pos, "on_stage": on_stage(me.pos),
                   "stunned": me.stunned, "disarmed": me.disarmed, "bound": me.bound, "shield": me.shield},
        "moves": [], "spells": [], "unavailable_spells": [], "defence": None,
    }
    if not can_post:
        return options
    if state.phase == ACTION:
        if not (me.stunned or me.bound):
            options["moves"] = reachable_zones(state, me)
        if on_stage(me.pos) and not (me.stunned or me.disarmed):
            options["spells"] = castable_spells(state, me)
            options["unavailable_spells"] = unavailable_spells(state, me)
    else:
        options["defence"] = _defence_options(state, me)
    return options


def _why_not(state: DuelState, me: DuellistState) -> str:
    if outcome(state).finished:
        return "duel-over"
    return "duellist-out" if me.out else "not-targeted"


def reachable_zones(state: DuelState, me: DuellistState) -> list[dict]:
    """Zones a voluntary move (or a climb back from off the stage) can end in, with their PF cost.
    Blocked moves end before the blocking zone, so only reachable destinations are listed."""
    costs: dict[int, int] = {}
    for wanted in range(FIRST_ZONE, LAST_ZONE + 1):
        end, cost = move_destination(state, me, wanted)
        if end != me.pos and cost <= me.pf:
            costs[end] = cost
    return [{"zone": zone, "cost": cost, "knocks_out": cost == me.pf} for zone, cost in sorted(costs.items())]


def castable_spells(state: DuelState, me: DuellistState) -> list[dict]:
    """Spells the duellist may cast in this phase, each with its allowed ways of casting."""
    out = []
    for spell in state.spells.values():
        if state.phase != ACTION and not spell.is_defence:
            continue
        variants = [v for v in _variants(state, me, spell) if v is not None]
        if variants:
            out.append({
                "slug": spell.slug, "name": spell.name, "level": spell.level, "type": spell.type,
                "tags": list(spell.tags), "target": spell.target, "range": spell.range,
                "radius": spell.radius, "own_type": has_magic_type(me, spell),
                "variants": variants, "targets": _targets(state, me, spell),
            })
    return out


UNAVAILABLE_REASONS = {
    "same-spell-twice": "lancé au tour précédent",
    "spell-level": "niveau {level} : au-delà de votre année",
    "overlevel-used": "niveau {level} : tentative de niveau supérieur déjà faite dans ce duel",
}
# The same reasons under house rules that change them (§8 `repeat: duel`, `overlevel_per_duel`).
HOUSE_REASONS = {
    "same-spell-twice": "déjà lancé dans ce duel",
    "overlevel-used": "niveau {level} : plus de tentative de niveau supérieur permise dans ce duel",
}


def unavailable_spells(state: DuelState, me: DuellistState) -> list[dict]:
    """Spells of this phase the duellist may not cast at all now, each with the reason (code and
    French text), so the page can show them greyed instead of leaving them out (§4.1.1, §2.2).
    Spells that may be cast but not paid for stay in `spells` (with `affordable` false): posting
    them is allowed, the cast is void at resolution."""
    out = []
    for spell in state.spells.values():
        if state.phase != ACTION and not spell.is_defence:
            continue
        if any(v is not None for v in _variants(state, me, spell)):
            continue
        code = cast_rights_code(state, me, spell, None, False)
        if code == "spell-level" and spell.level == me.year + 1:
            code = cast_rights_code(state, me, spell, None, True) or code  # overlevel-used (or cast last turn)
        code = code if code in UNAVAILABLE_REASONS else "spell-level"
        out.append({"slug": spell.slug, "name": spell.name, "level": spell.level, "code": code,
                    "reason": _reason(state, code).format(level=spell.level),
                    "house_rule": worded_by_house(state.house, code)})
    return sorted(out, key=lambda u: (u["level"], u["name"]))


def worded_by_house(house: HouseRules, code: str) -> bool:
    """Does the club's rule behind refusal `code` differ from the rulebook's wording (§8 `repeat: duel`,
    `overlevel_per_duel` other than 1)? Then its reason states the club's rule."""
    return ((code == "same-spell-twice" and house.repeat == PER_DUEL)
            or (code == "overlevel-used" and house.overlevel_per_duel != 1))


def _reason(state: DuelState, code: str) -> str:
    return HOUSE_REASONS[code] if worded_by_house(state.house, code) else UNAVAILABLE_REASONS[code]


def _variants(state: DuelState, me: DuellistState, spell: Spell):
    """The plain cast, each modulation, and the overlevel attempt, when the rules allow them."""
    yield _variant(state, me, spell, None, False)
    for modulation in spell.modulations:
        yield _variant(state, me, spell, modulation.level, False)
    yield _variant(state, me, spell, None, True)


def _variant(state: DuelState, me: DuellistState, spell: Spell, modulation: int | None, overlevel: bool):
    if cast_rights_code(state, me, spell, modulation, overlevel):
        return None
    cost = cast_cost(spell, modulation, overlevel)
    pm_paid = min(cost, me.pm)
    bets = [
        {"bet": bet, "effect": kind, "probability": float(chance(bet)), "odds": f"{len(bet) if bet else 6}/6",
         "gives": chosen_effect(spell, modulation, kind).to_dict()}
        for bet, kind in allowed_bets(spell, me, rp=state.rp, overlevel=overlevel).items()
    ]
    return {"modulation": modulation, "overlevel": overlevel, "cost": cost, "pm_paid": pm_paid,
            "pf_paid": cost - pm_paid, "affordable": cost <= me.pm + me.pf,
            "knocks_out": cost - pm_paid == me.pf and cost > 0, "bets": bets}


def _targets(state: DuelState, me: DuellistState, spell: Spell) -> list[dict]:
    """Valid targets (or zones) and whether each is in reach from the current position."""
    if spell.target == "zone":
        occupied = {d.pos for d in state.duellists if not d.out} | {c.pos for c in state.creatures}
        summons = spell.effect.summon is not None
        return [{"zone": z, "distance": abs(me.pos - z), "in_reach": abs(me.pos - z) <= spell.range,
                 "free": z not in occupied if summons else True}
                for z in range(FIRST_ZONE, LAST_ZONE + 1)]
    out = []
    for candidate in (*state.duellists, *state.creatures):
        if isinstance(candidate, DuellistState) and candidate.out:
            continue  # valid but pointless: the spell would miss
        if not target_is_valid(state, me, spell, candidate.id, None):
            continue
        distance = abs(me.pos - candidate.pos)
        out.append({"id": candidate.id, "kind": "duellist" if isinstance(candidate, DuellistState) else "creature",
                    "team": candidate.team, "pos": candidate.pos, "distance": distance,
                    "in_reach": candidate is me or distance <= spell.range})
    return out


def _defence_options(state: DuelState, me: DuellistState) -> dict:
    hits = [h for h in state.pending if h.target == me.id]
    return {
        "pending_hits": [{"caster": h.caster, "spell": h.spell, "spell_name": state.spells[h.spell].name,
                          "effect": h.effect.to_dict(), "dodgeable": index == 0}
                         for index, h in enumerate(hits)],
        "dodge": {"cost": state.house.dodge_pf, "void": me.pf < state.house.dodge_pf,
                  "bets": [{"bet": bet, "probability": float(chance(bet)), "odds": "3/6"} for bet in DODGE_BETS]},
        "spells": castable_spells(state, me) if on_stage(me.pos) else [],  # off the stage: no casting
        "nothing": True,
    }
