"""The action and defence forms' choices, built from the engine's `options_for`: one choice per way of
casting (with cost, targets or zones in reach, each bet's odds), and the move costs before and after the
cast. Presentation only: what may be done is the engine's answer."""
from __future__ import annotations

from duels.engine import DuelState, options_for
from duels.engine.movement import climb_destination, move_destination
from duels.engine.options import reachable_zones
from duels.engine.state import on_stage
from duels.models import Participant, Phase
from duels.pages.presenters import names_by_engine_id
from duels.pages.zone_options import occupants_by_zone, zone_target
from spells.describe import effect_text


def variant_key(slug: str, modulation: int | None, overlevel: bool) -> str:
    return f"{slug}__{modulation or 0}__{1 if overlevel else 0}"


def parse_variant_key(key: str) -> tuple[str, int | None, bool] | None:
    parts = (key or "").split("__")
    if len(parts) != 3 or not parts[1].isdigit() or parts[2] not in ("0", "1"):
        return None
    return parts[0], int(parts[1]) or None, parts[2] == "1"


def cast_choices(spells: list[dict], names: dict[str, str], type_names: dict[str, str], *,
                 occupants: dict[int, list[dict]] | None = None, labels: dict[str, str] | None = None,
                 me_id: str | None = None) -> list[dict]:
    """One choice per way of casting (plain, each modulation, the overlevel attempt), from the
    engine's options, with its cost, the targets or zones in reach and each bet's odds. Each target
    carries its position, so the page recomputes distance and reach after a move (duel.js)."""
    occupants = occupants or {}
    labels = labels or {}
    out = []
    for spell in spells:
        targets = []
        for t in spell["targets"]:
            if "zone" in t:
                targets.append(zone_target(t, spell, occupants))
            else:
                label = names.get(t["id"], t["id"])
                targets.append({"value": t["id"], "label": label, "pos": t["pos"], "distance": t["distance"],
                                "in_reach": t["in_reach"], "creature": t["kind"] == "creature",
                                "is_self": t["id"] == me_id})
        for variant in spell["variants"]:
            key = variant_key(spell["slug"], variant["modulation"], variant["overlevel"])
            # a modulation without a bonus effect falls back to its normal one: that bet is no "effet bonus"
            normal_gives = [b["gives"] for b in variant["bets"] if b["effect"] != "bonus"]
            bets = [{"value": b["bet"] or "none", "bet": b["bet"], "odds": b["odds"], "percent": round(b["probability"] * 100),
                     "bonus": b["effect"] == "bonus" and b["gives"] not in normal_gives,
                     "gives": effect_text(b["gives"], target=spell["target"])}
                    for b in variant["bets"]]
            out.append({
                "key": key, "bet_name": f"bet-{key}", "target_name": f"target-{key}", "zone_name": f"zone-{key}",
                "slug": spell["slug"], "name": labels.get(spell["slug"], spell["name"]), "level": spell["level"],
                "range": spell["range"], "radius": spell["radius"], "target": spell["target"],
                "tags": spell["tags"], "type_name": type_names.get(spell["type"] or "", ""),
                "own_type": spell["own_type"], "modulation": variant["modulation"],
                "overlevel": variant["overlevel"], "cost": variant["cost"], "pm_paid": variant["pm_paid"],
                "pf_paid": variant["pf_paid"], "affordable": variant["affordable"],
                "knocks_out": variant["knocks_out"], "bets": bets, "targets": targets,
                "zone_target": spell["target"] == "zone", "self_target": spell["target"] == "self",
                "summon": "INVOCATION" in spell["tags"],
                "any_in_reach": any(t["in_reach"] for t in targets) or spell["target"] == "self",
            })
    return sorted(out, key=lambda c: (c["overlevel"], c["level"], c["name"], c["modulation"] or 0))


def announced_moves_of(posts: list) -> list[tuple[str, list[int]]]:
    """The moves the open phase's posts announce, by author in posting order (what the hints depend on)."""
    return [(post.participant.engine_id, [step["move"] for step in post.steps or () if "move" in step])
            for post in posts if any("move" in step for step in post.steps or ())]


def with_announced_moves(state: DuelState, posts: list) -> DuelState:
    """The stage as the duellist's own post will find it: the opening positions, then the moves already
    announced in the open phase's earlier posts, in posting order (the declaration resolves them first,
    RULES.md §4.1), each stopped by blocking as the engine stops it. Hints only (distances, reach, zones
    held, blocked moves): what a post may contain is still checked against the phase as it opened, and
    the dice of earlier casts (pushes, pulls) are unknown until the declaration."""
    moves = announced_moves_of(posts)
    if not moves or state.phase != Phase.ACTION:
        return state
    moved = state.clone()
    for engine_id, zones in moves:
        mover = moved.find_duellist(engine_id)
        if mover is None or mover.out or mover.stunned or mover.bound:
            continue
        for wanted in zones:
            if not on_stage(mover.pos) and climb_destination(moved, mover, wanted) is None:
                continue
            end, cost = move_destination(moved, mover, wanted)
            if cost <= mover.pf:
                mover.pos = end
    return moved


def move_costs_after(state: DuelState, engine_id: str, moves: list[dict]) -> dict[int, dict[int, int]]:
    """For the move after the cast: from each zone the first move can end in (and from where the
    duellist stands), the engine's reachable zones and their PF cost (the page shows the ones
    matching the first move)."""
    me = state.duellist(engine_id)
    table = {}
    for start in [me.pos, *[m["zone"] for m in moves]]:
        moved = state.clone()
        moved_me = moved.duellist(engine_id)
        moved_me.pos = start
        table[start] = {z["zone"]: z["cost"] for z in reachable_zones(moved, moved_me)}
    return table


def my_options(state: DuelState, participant: Participant, participants: list[Participant],
               type_names: dict[str, str], spell_labels: dict[str, str] | None = None) -> dict:
    options = options_for(state, participant.engine_id)
    names = names_by_engine_id(participants)
    extra = {"occupants": occupants_by_zone(state, participant.engine_id, names), "labels": spell_labels,
             "me_id": participant.engine_id}
    view = {"raw": options, "can_post": options["can_post"], "reason": options["reason"],
            "phase": options["phase"], "points": options["points"], "moves": options["moves"],
            "before_costs": {m["zone"]: m["cost"] for m in options["moves"]}}
    if options["phase"] == Phase.ACTION:
        view["casts"] = cast_choices(options["spells"], names, type_names, **extra)
        if options["can_post"]:
            after = move_costs_after(state, participant.engine_id, options["moves"])
            view["after_costs"] = after
            view["after_here"] = after.get(options["points"]["pos"], {})
    elif options["defence"]:
        defence = options["defence"]
        view["defence"] = {
            **defence,
            "hits": [{**h, "caster_name": names.get(h["caster"], h["caster"]), "effect_text": effect_text(h["effect"]),
                      "spell_name": (spell_labels or {}).get(h["spell"], h["spell_name"])}
                     for h in defence["pending_hits"]],
            "dodge_bets": [{**b, "percent": round(b["probability"] * 100)} for b in defence["dodge"]["bets"]],
            "casts": cast_choices(defence["spells"], names, type_names, **extra),
        }
    return view
