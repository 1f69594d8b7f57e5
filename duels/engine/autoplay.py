"""Random legal duels, built from `options_for`: for benchmarks, property tests and demo data.
The caller passes a `random.Random`, so a seed reproduces a duel exactly."""
from __future__ import annotations

import random

from .checks import check_post
from .house_rules import ENGINE_KNOBS, RULEBOOK, HouseRules
from .options import options_for
from .outcome import outcome
from .resolution import expected_posters, resolve_action_phase, resolve_defence_phase
from .spells import spell_from_dict
from .state import ACTION, magic_type_count, new_duel_state


def random_post(state, duellist_id: str, rng: random.Random, *, rolls: bool = True) -> dict:
    """A post the rules accept for this duellist in the open phase (rolls added when `rolls`)."""
    options = options_for(state, duellist_id)
    if state.phase == ACTION:
        steps = _action_steps(options, rng)
    else:
        steps = _defence_steps(options["defence"], rng)
    if not rolls:
        for step in steps:
            step.pop("roll", None)
    return {"by": duellist_id, "steps": steps}


def _action_steps(options: dict, rng: random.Random) -> list[dict]:
    moves, spells = options["moves"], options["spells"]
    steps: list[dict] = []
    roll = rng.random()
    if roll < 0.1 or not (moves or spells):
        return steps  # a pass
    if moves and (not spells or roll < 0.3 or rng.random() < 0.3):
        steps.append({"move": rng.choice(moves)["zone"]})
    if spells and roll >= 0.3:
        cast = _random_cast(rng.choice(spells), rng)
        if cast:
            steps.append(cast)
            if moves and rng.random() < 0.15:
                steps.append({"move": rng.choice(moves)["zone"]})
    return steps


def _random_cast(spell: dict, rng: random.Random) -> dict | None:
    variant = rng.choice(spell["variants"])
    step: dict = {"cast": spell["slug"]}
    if variant["modulation"] is not None:
        step["modulation"] = variant["modulation"]
    if variant["overlevel"]:
        step["overlevel"] = True
    targets = spell["targets"]
    in_reach = [t for t in targets if t["in_reach"]] or targets
    if not in_reach:
        return None
    chosen = rng.choice(in_reach)
    if "zone" in chosen:
        step["zone"] = chosen["zone"]
    elif spell["target"] == "opponent" or rng.random() < 0.5:
        step["target"] = chosen["id"]
    bet = rng.choice(variant["bets"])["bet"]
    if bet is not None:
        step["bet"] = bet
        step["roll"] = rng.randint(1, 6)
    return step


def _defence_steps(defence: dict, rng: random.Random) -> list[dict]:
    roll = rng.random()
    if roll < 0.6:
        return [{"dodge": rng.choice(defence["dodge"]["bets"])["bet"], "roll": rng.randint(1, 6)}]
    if roll < 0.8 and defence["spells"]:
        cast = _random_cast(rng.choice(defence["spells"]), rng)
        if cast:
            return [cast]
    return [{"nothing": True}] if roll < 0.9 else []


def random_duellists(rng: random.Random, fmt: str, magic_types: list[str]) -> list[dict]:
    per_team = 1 if fmt == "1v1" else 2
    out = []
    for index in range(2 * per_team):
        year = rng.randint(1, 8)
        out.append({"id": "ABCD"[index], "team": 1 + index // per_team, "year": year,
                    "types": rng.sample(magic_types, magic_type_count(year)), "prodigium": rng.random() < 0.2})
    return out


def random_scenario(rng: random.Random, spells: list[dict], *, fmt: str = "2v2", max_turns: int = 30,
                    absent: float = 0.1, house: HouseRules = RULEBOOK) -> dict:
    """Play a random legal duel and return it as a replay scenario (without `expect`).
    `absent`: the chance that an expected duellist does not post in a phase. `house`: the duel's
    house rules (the scenario's `house` block when they differ from the rulebook)."""
    types = sorted({s["type"] for s in spells if s.get("type")} | {"defense", "soins", "malefices"})
    duellists = random_duellists(rng, fmt, types)
    rp = rng.random() < 0.3
    state = new_duel_state(format=fmt, rp=rp, duellists=duellists, spells=[spell_from_dict(s) for s in spells],
                           house=house)
    turns = []
    while len(turns) < max_turns and not outcome(state).finished:
        actions = _phase_posts(state, rng, absent)
        turn = {"actions": actions}
        first = resolve_action_phase(state, actions)
        state = first.state
        if first.defence_follows:
            turn["defence"] = _phase_posts(state, rng, absent)
            state = resolve_defence_phase(state, turn["defence"]).state
        turns.append(turn)
    scenario = {"duel": {"format": fmt, "rp": rp}, "duellists": duellists, "spells": spells, "turns": turns}
    engine_knobs = {key: value for key, value in house.to_dict().items() if key in ENGINE_KNOBS}
    if engine_knobs:
        scenario["house"] = engine_knobs
    return scenario


def _phase_posts(state, rng: random.Random, absent: float) -> list[dict]:
    posters = [p for p in expected_posters(state) if rng.random() >= absent]
    rng.shuffle(posters)
    posts = []
    for poster in posters:
        post = random_post(state, poster, rng)
        code = check_post(state, post, require_rolls=True, already_posted={p["by"] for p in posts})
        if code:  # options and checks disagree: a bug worth stopping for
            raise AssertionError(f"options_for offered a refused post ({code}): {post}")
        posts.append(post)
    return posts
