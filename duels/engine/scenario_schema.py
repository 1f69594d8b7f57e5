"""Strict validation of replay scenarios (SCENARIOS.md "Input") and of post shapes.

Malformed input raises `ScenarioError(path, message)`, `path` being a JSON path such as
``turns[1].actions[0].steps[2]``. Rule violations in well-formed input are not errors here: they
are the `error` of the replay result (checks.py).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .house_rules import ENGINE_KNOBS, RULEBOOK, HouseRules, HouseRulesError
from .spells import Spell, SpellFormatError, is_int, spell_from_dict
from .state import FORMATS, START_POINTS

ROOT = "$"
# Keys a scenario may carry besides the input: the checker's `expect` and free documentation.
IGNORED_SCENARIO_KEYS = frozenset({"expect", "description", "comment", "notes", "name", "title"})
SCENARIO_KEYS = frozenset({"duel", "duellists", "spells", "turns", "house"}) | IGNORED_SCENARIO_KEYS
DUEL_KEYS = frozenset({"format", "rp"})
DUELLIST_KEYS = frozenset({"id", "team", "year", "types", "prodigium"})
TURN_KEYS = frozenset({"actions", "defence"})
POST_KEYS = frozenset({"by", "steps"})
# Which keys each kind of step may carry. A roll on a step without a bet is a rule matter
# (invalid-roll), not a format error, so every kind accepts `roll`.
STEP_KEYS = {
    "move": frozenset({"move", "roll"}),
    "cast": frozenset({"cast", "target", "zone", "bet", "roll", "modulation", "overlevel"}),
    "dodge": frozenset({"dodge", "roll"}),
    "nothing": frozenset({"nothing", "roll"}),
}
ALL_STEP_KEYS = frozenset().union(*STEP_KEYS.values())
CREATURE_ID = re.compile(r"^(?P<owner>.+)#[1-9][0-9]*$")


class ScenarioError(ValueError):
    def __init__(self, path: str, message: str):
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


@dataclass
class ScenarioTurn:
    actions: list[dict]
    defence: list[dict]


@dataclass
class Scenario:
    format: str
    rp: bool
    duellists: list[dict]
    spells: list[Spell]
    turns: list[ScenarioTurn] = field(default_factory=list)
    house: HouseRules = RULEBOOK


def _type_name(value) -> str:
    return {dict: "an object", list: "a list", str: "a string", bool: "a boolean", type(None): "null",
            int: "an integer", float: "a number"}.get(type(value), type(value).__name__)


def _expect(value, kind, path: str, what: str):
    ok = is_int(value) if kind is int else isinstance(value, kind)
    if not ok:
        raise ScenarioError(path, f"expected {what}, got {_type_name(value)}")
    return value


def _object(value, path: str, allowed: frozenset) -> dict:
    _expect(value, dict, path, "an object")
    for key in value:
        if key not in allowed:
            raise ScenarioError(path, f"unknown key {key!r}")
    return value


def _optional(data: dict, key: str, default):
    """An optional key; null counts as absent."""
    value = data.get(key)
    return default if value is None else value


def _required(data: dict, key: str, path: str):
    if key not in data:
        raise ScenarioError(path, f"missing key {key!r}")
    return data[key]


def parse_scenario(data, *, default_spells: list[dict]) -> Scenario:
    """Validate a scenario; `default_spells` (catalog dicts) apply when it has no `spells`."""
    data = _object(data, ROOT, SCENARIO_KEYS)
    duel = _object(_required(data, "duel", ROOT), "duel", DUEL_KEYS)
    fmt = _required(duel, "format", "duel")
    if not isinstance(fmt, str) or fmt not in FORMATS:
        raise ScenarioError("duel.format", f"expected '1v1' or '2v2', got {fmt!r}")
    rp = _expect(_optional(duel, "rp", False), bool, "duel.rp", "a boolean")
    duellists = _duellists(_required(data, "duellists", ROOT), fmt)
    ids = {d["id"] for d in duellists}
    if data.get("spells") is not None:
        spells = _spells(data["spells"], "spells")
    else:
        spells = _spells(default_spells, "spells (default catalog)")
    turns = _expect(_optional(data, "turns", []), list, "turns", "a list")
    house = _house(_optional(data, "house", {}))
    return Scenario(fmt, rp, duellists, spells, [_turn(t, f"turns[{i}]", ids) for i, t in enumerate(turns)], house)


def _house(value) -> HouseRules:
    """The scenario's house rules (RULES.md §8): only the knobs the engine applies."""
    _expect(value, dict, "house", "an object")
    try:
        return HouseRules.from_dict(value, allowed=ENGINE_KNOBS)
    except HouseRulesError as exc:
        raise ScenarioError(f"house.{exc.key}", exc.message) from None


def _duellists(value, fmt: str) -> list[dict]:
    _expect(value, list, "duellists", "a list")
    out, seen = [], set()
    for index, item in enumerate(value):
        path = f"duellists[{index}]"
        item = _object(item, path, DUELLIST_KEYS)
        duellist_id = _expect(_required(item, "id", path), str, f"{path}.id", "a string")
        if not duellist_id or "#" in duellist_id:
            raise ScenarioError(f"{path}.id", "a duellist id is a non-empty string without '#'")
        if duellist_id in seen:
            raise ScenarioError(f"{path}.id", f"duplicate duellist id {duellist_id!r}")
        seen.add(duellist_id)
        team = _expect(_required(item, "team", path), int, f"{path}.team", "an integer")
        if team not in (1, 2):
            raise ScenarioError(f"{path}.team", f"expected 1 or 2, got {team}")
        year = _expect(_required(item, "year", path), int, f"{path}.year", "an integer")
        if year not in START_POINTS:
            raise ScenarioError(f"{path}.year", f"expected 1..8, got {year}")
        types = _types(_optional(item, "types", []), f"{path}.types", year)
        prodigium = _expect(_optional(item, "prodigium", False), bool, f"{path}.prodigium", "a boolean")
        out.append({"id": duellist_id, "team": team, "year": year, "types": types, "prodigium": prodigium})
    for team in (1, 2):
        count = sum(1 for d in out if d["team"] == team)
        if count != FORMATS[fmt]:
            raise ScenarioError("duellists", f"a {fmt} duel needs {FORMATS[fmt]} duellist(s) in team {team}, got {count}")
    return out


def _types(value, path: str, year: int) -> list[str]:
    _expect(value, list, path, "a list")
    for index, item in enumerate(value):
        if not isinstance(item, str) or not item:
            raise ScenarioError(f"{path}[{index}]", f"expected a magic type slug, got {_type_name(item)}")
    # The 1-or-2 count of §2.5 is enforced when a live duellist chooses (duels.services.setup);
    # a replay takes the types as given, so one odd scenario never sinks a whole batch.
    return list(dict.fromkeys(value))


def _spells(value, path: str) -> list[Spell]:
    _expect(value, list, path, "a list")
    out, slugs = [], set()
    for index, item in enumerate(value):
        here = f"{path}[{index}]"
        try:
            spell = spell_from_dict(item)
        except SpellFormatError as exc:
            raise ScenarioError(f"{here}.{exc.path}" if exc.path else here, exc.message) from None
        if spell.slug in slugs:
            raise ScenarioError(f"{here}.slug", f"duplicate spell slug {spell.slug!r}")
        slugs.add(spell.slug)
        out.append(spell)
    return out


def _turn(value, path: str, ids: set[str]) -> ScenarioTurn:
    value = _object(value, path, TURN_KEYS)
    actions = _expect(_optional(value, "actions", []), list, f"{path}.actions", "a list")
    defence = _expect(_optional(value, "defence", []), list, f"{path}.defence", "a list")
    return ScenarioTurn(
        [validate_post(p, ids, f"{path}.actions[{i}]") for i, p in enumerate(actions)],
        [validate_post(p, ids, f"{path}.defence[{i}]") for i, p in enumerate(defence)],
    )


def validate_post(post, duellist_ids: set[str], path: str = "post") -> dict:
    """Check a post's shape and return it normalised: {"by", "steps"}, optional null keys dropped.
    Also for live posts, before `check_post`."""
    post = _object(post, path, POST_KEYS)
    by = _expect(_required(post, "by", path), str, f"{path}.by", "a string")
    if by not in duellist_ids:
        raise ScenarioError(f"{path}.by", f"unknown duellist id {by!r}")
    steps = _expect(_optional(post, "steps", []), list, f"{path}.steps", "a list")
    return {"by": by, "steps": [_step(s, duellist_ids, f"{path}.steps[{i}]") for i, s in enumerate(steps)]}


def _step(step, ids: set[str], path: str) -> dict:
    step = _object(step, path, ALL_STEP_KEYS)
    kinds = [k for k in STEP_KEYS if k in step]
    if len(kinds) != 1:
        found = " and ".join(kinds) if kinds else "none"
        raise ScenarioError(path, f"a step has exactly one of move, cast, dodge, nothing (found {found})")
    kind = kinds[0]
    for key in step:
        if key not in STEP_KEYS[kind]:
            raise ScenarioError(path, f"key {key!r} does not apply to a {kind} step")
    clean = {k: v for k, v in step.items() if v is not None or k == kind}
    _check_step_types(clean, ids, path)
    return clean


_STEP_TYPES = {
    "move": (int, "an integer zone"), "zone": (int, "an integer zone"), "roll": (int, "an integer"),
    "modulation": (int, "an integer level"), "cast": (str, "a spell slug"), "bet": (str, "a string such as '123'"),
    "dodge": (str, "a string such as '123'"), "target": (str, "a duellist or creature id"),
    "overlevel": (bool, "a boolean"),
}


def _check_step_types(step: dict, ids: set[str], path: str) -> None:
    for key, value in step.items():
        if key == "nothing":
            if value is not True:
                raise ScenarioError(f"{path}.nothing", "expected true")
            continue
        kind, what = _STEP_TYPES[key]
        _expect(value, kind, f"{path}.{key}", what)
    target = step.get("target")
    if target is not None and target not in ids:
        match = CREATURE_ID.match(target)
        if match is None or match["owner"] not in ids:
            raise ScenarioError(f"{path}.target", f"unknown duellist id {target!r}")
