"""A club's house rules (RULES.md §8): its numbers of the rulebook, frozen into each duel it starts.

`HouseRules()` (`RULEBOOK`) is the rulebook itself. The engine reads the knobs of the duel it resolves
(`state.house`): starting PF/PM by year (and so the heal/restore caps), the dodge, move and fall costs,
the overlevel attempts per duel and the repetition rule. The other knobs (deadlines, words, rewards…)
are carried here, validated, so the services read one value; the engine never uses them.

`from_dict` takes the JSON form (only the knobs that differ, as `to_dict` writes them; `points` names
only the years it changes: `{"3": [20, 9]}`) and raises `HouseRulesError` naming the key for an unknown
knob or a value out of its range.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from types import MappingProxyType

# §2.3–2.4: starting PF and PM by year (8 = Adult).
RULEBOOK_POINTS = MappingProxyType({1: (10, 5), 2: (13, 7), 3: (16, 8), 4: (19, 10), 5: (22, 12), 6: (25, 15),
                                    7: (28, 18), 8: (32, 20)})
YEARS = tuple(RULEBOOK_POINTS)
PF_RANGE, PM_RANGE = (1, 99), (0, 99)

CONSECUTIVE, PER_DUEL, FREE = "consecutive", "duel", "free"
REPEAT_RULES = (CONSECUTIVE, PER_DUEL, FREE)

# Integer knobs: (low, high), both included. §8's table.
INT_RANGES = {
    "dodge_pf": (0, 9), "move_pf": (1, 9), "fall_pf": (0, 9), "overlevel_per_duel": (0, 3),
    "min_words": (0, 1000), "deadline_hours": (12, 336), "exemptions": (0, 3), "exemption_days": (1, 14),
    "absences_to_disqualify": (1, 9), "wand_rest_duels": (0, 20), "eligibility_days": (0, 365),
    "eligibility_posts": (0, 10000), "win_points": (0, 10), "win_salary_days": (0, 30),
    "draw_salary_days": (0, 30),
    # The house cup's rates (cup/): points for the house of each duellist by outcome, and a tournament's winner.
    "cup_win": (0, 100), "cup_draw": (0, 100), "cup_loss": (0, 100), "cup_tournament_win": (0, 500),
}
# The knobs the engine applies (the only ones a replay scenario's `house` may name, SCENARIOS.md).
ENGINE_KNOBS = frozenset({"points", "dodge_pf", "move_pf", "fall_pf", "overlevel_per_duel", "repeat"})


class HouseRulesError(ValueError):
    """A knob that does not exist or a value out of its range; `key` names it (`points.3` for a year)."""

    def __init__(self, key: str, message: str):
        super().__init__(f"{key}: {message}")
        self.key = key
        self.message = message


def _points_table(table) -> MappingProxyType:
    """A read-only year -> (PF, PM) mapping (pairs as tuples; `_problem` checks the values)."""
    items = table.items() if isinstance(table, Mapping) else ()
    return MappingProxyType({year: tuple(pair) if isinstance(pair, (list, tuple)) else pair for year, pair in items})


@dataclass(frozen=True, slots=True)
class HouseRules:
    points: MappingProxyType = field(default_factory=lambda: RULEBOOK_POINTS)  # year -> (PF, PM), every year 1..8
    dodge_pf: int = 2
    move_pf: int = 1
    fall_pf: int = 1
    overlevel_per_duel: int = 1
    repeat: str = CONSECUTIVE
    min_words: int = 100
    deadline_hours: int = 48
    exemptions: int = 1
    exemption_days: int = 5
    absences_to_disqualify: int = 3
    wand_rest_duels: int = 4
    eligibility_days: int | None = None  # None: one calendar month (§1.1)
    eligibility_posts: int = 50
    win_points: int = 1
    win_salary_days: int = 4
    draw_salary_days: int = 2
    chocogrenouille: bool = True
    cup_win: int = 10
    cup_draw: int = 5
    cup_loss: int = 0
    cup_tournament_win: int = 50

    def __post_init__(self):
        object.__setattr__(self, "points", _points_table(self.points))  # read-only, pairs as tuples
        problem = _problem(self)
        if problem:
            raise HouseRulesError(*problem)

    def __hash__(self):
        return hash(tuple(tuple(self.points.items()) if f.name == "points" else getattr(self, f.name)
                          for f in fields(self)))

    def start_points(self, year: int) -> tuple[int, int]:
        """(PF, PM) a duellist of this year starts with: also the heal and restore caps."""
        return self.points[year]

    def to_dict(self) -> dict:
        """The knobs that differ from the rulebook (so the rulebook is `{}`); `points` by changed year."""
        out = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "points":
                changed = {str(y): list(value[y]) for y in YEARS if value[y] != RULEBOOK_POINTS[y]}
                if changed:
                    out["points"] = changed
            elif value != f.default:
                out[f.name] = value
        return out

    @classmethod
    def from_dict(cls, data, *, allowed: frozenset[str] | None = None) -> HouseRules:
        """The house rules of `data` (knobs absent keep the rulebook's). `allowed` limits the knobs
        accepted (a replay scenario names only the engine's). Raises HouseRulesError."""
        if not isinstance(data, dict):
            raise HouseRulesError("house", f"expected an object, got {type(data).__name__}")
        if not data:
            return RULEBOOK
        known = allowed if allowed is not None else KNOBS
        for key in data:
            if key not in known:
                raise HouseRulesError(str(key), "unknown house rule")
        values = dict(data)
        if "points" in values:
            values["points"] = _points_from_dict(values["points"])
        return cls(**values)  # ranges: __post_init__


KNOBS = frozenset(f.name for f in fields(HouseRules))


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_value(key: str, value) -> None:
    if key == "repeat":
        if value not in REPEAT_RULES:
            raise HouseRulesError(key, f"expected one of {', '.join(REPEAT_RULES)}, got {value!r}")
    elif key == "chocogrenouille":
        if not isinstance(value, bool):
            raise HouseRulesError(key, f"expected true or false, got {value!r}")
    elif key == "eligibility_days" and value is None:
        return
    else:
        low, high = INT_RANGES[key]
        if not _is_int(value) or not low <= value <= high:
            raise HouseRulesError(key, f"expected an integer {low}..{high}, got {value!r}")


def _points_from_dict(data) -> MappingProxyType:
    """`{"3": [20, 9]}` (year keys as strings, as JSON has them, or integers) over the rulebook table."""
    if not isinstance(data, dict):
        raise HouseRulesError("points", f"expected an object of years, got {type(data).__name__}")
    table = dict(RULEBOOK_POINTS)
    for key, pair in data.items():
        year = _year(key)
        if year is None:
            raise HouseRulesError(f"points.{key}", f"unknown year (expected 1..{YEARS[-1]})")
        table[year] = pair  # checked with the whole value (_problem)
    return _points_table(table)


def _year(key) -> int | None:
    if _is_int(key):
        year = key
    elif isinstance(key, str) and key.isascii() and key.isdigit():
        year = int(key)
    else:
        return None
    return year if year in RULEBOOK_POINTS else None


def _problem(rules: HouseRules) -> tuple[str, str] | None:
    """The first knob out of range, as (key, message): built values are checked like parsed ones."""
    if set(rules.points) != set(YEARS):
        return "points", f"expected PF and PM for every year 1..{YEARS[-1]}"
    for year, pair in rules.points.items():
        if not isinstance(pair, tuple) or len(pair) != 2:
            return f"points.{year}", "expected a pair [PF, PM]"
        for what, value, (low, high) in (("PF", pair[0], PF_RANGE), ("PM", pair[1], PM_RANGE)):
            if not _is_int(value) or not low <= value <= high:
                return f"points.{year}", f"{what} must be an integer {low}..{high}, got {value!r}"
    for f in fields(rules):
        if f.name != "points":
            try:
                _check_value(f.name, getattr(rules, f.name))
            except HouseRulesError as exc:
                return exc.key, exc.message
    return None


RULEBOOK = HouseRules()
