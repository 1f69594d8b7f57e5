"""Duel state: plain dataclasses with an exact JSON round trip (`to_dict` / `from_dict`).

Engine functions never mutate a state they are given: resolution works on `clone()` and returns
the clone. The state carries the duel's frozen spell catalog. `to_dict()` writes it too, so one JSON
document is enough to carry on a duel (scenario files, replays); `to_dict(catalog=False)` leaves it
out: what the server stores after every declaration, next to the duel's snapshot of the catalog,
which `from_dict(data, spells=snapshot)` puts back. Parsing a catalog is the costly part of loading a
state, so each snapshot is parsed once per process (`spells_parsed`, keyed by its content).

The state also carries the duel's house rules (RULES.md §8, `house`): every number the engine applies
comes from there. The document names them (`"house": {...}`, only the knobs that differ) only when they
differ from the rulebook, so a rulebook duel's document is exactly what it was before house rules.
"""
from __future__ import annotations

import json
import operator
from collections import OrderedDict
from dataclasses import dataclass, field, fields

from .house_rules import RULEBOOK, RULEBOOK_POINTS, HouseRules
from .spells import Effect, Spell, effect_from_dict, spell_from_dict

# §2.3–2.4, the rulebook's table: the years that exist. A duel's own table is `state.house.points`.
START_POINTS = RULEBOOK_POINTS
FIRST_ZONE, LAST_ZONE = 1, 11
OFF_STAGE_LOW, OFF_STAGE_HIGH = 0, 12
START_ZONE = {1: 4, 2: 8}
FORMATS = {"1v1": 1, "2v2": 2}  # duellists per team

ACTION, DEFENCE = "action", "defence"
ACTIVE, KNOCKED_OUT, FORFEITED, DISQUALIFIED = "active", "knocked-out", "forfeited", "disqualified"
STATUSES = (ACTIVE, KNOCKED_OUT, FORFEITED, DISQUALIFIED)


def magic_type_count(year: int) -> int:
    """§2.5: one magic type for years 1–5, two for 6–8."""
    return 1 if year <= 5 else 2


def on_stage(pos: int) -> bool:
    return FIRST_ZONE <= pos <= LAST_ZONE


def _shallow_copier(cls):
    """A fast shallow copy for a dataclass whose fields are all init arguments, in order
    (several times faster than copy.copy: resolution copies the state for every phase)."""
    values = operator.attrgetter(*(f.name for f in fields(cls)))
    return lambda obj: cls(*values(obj))


@dataclass(slots=True)
class DuellistState:
    id: str
    team: int
    year: int
    types: tuple[str, ...]
    prodigium: bool
    pf: int
    pm: int
    pos: int
    status: str = ACTIVE
    # Statuses waiting for this duellist's next unresolved action post (§7 stun/disarm/bind).
    stunned: bool = False
    disarmed: bool = False
    bound: bool = False
    shield: int = 0  # charges left until the end of the turn
    overlevels: int = 0  # overlevel attempts resolved in this duel
    # (turn, slug) of resolved casts (same-spell-twice, §4.1): the current and previous turn's, or
    # every one of the duel under the house rule `repeat: duel`.
    casts: tuple[tuple[int, str], ...] = ()
    summoned: int = 0  # creatures summoned so far: the next one is f"{id}#{summoned + 1}"
    # The duel's house rules (the same object as the DuelState's; not part of the duellist's document).
    house: HouseRules = RULEBOOK

    @property
    def out(self) -> bool:
        return self.status != ACTIVE

    @property
    def overlevel_used(self) -> bool:
        return self.overlevels > 0

    @property
    def start_pf(self) -> int:
        """Starting PF, also the heal cap (§5)."""
        return self.house.points[self.year][0]

    @property
    def start_pm(self) -> int:
        """Starting PM, also the restore cap (§5)."""
        return self.house.points[self.year][1]

    def cast_in_turn(self, turn: int, slug: str) -> bool:
        return (turn, slug) in self.casts

    def to_dict(self) -> dict:
        return {
            "id": self.id, "team": self.team, "year": self.year, "types": list(self.types),
            "prodigium": self.prodigium, "pf": self.pf, "pm": self.pm, "pos": self.pos,
            "status": self.status, "stunned": self.stunned, "disarmed": self.disarmed,
            "bound": self.bound, "shield": self.shield, "overlevel_used": self.overlevel_used,
            **({"overlevels": self.overlevels} if self.overlevels > 1 else {}),  # house rules only
            "casts": [[turn, slug] for turn, slug in self.casts], "summoned": self.summoned,
        }

    @classmethod
    def from_dict(cls, d: dict, *, house: HouseRules = RULEBOOK) -> DuellistState:
        values = dict(d)
        values["types"] = tuple(d["types"])
        values["casts"] = tuple((turn, slug) for turn, slug in d.get("casts", ()))
        used = values.pop("overlevel_used", False)
        values["overlevels"] = values.get("overlevels", 1 if used else 0)
        return cls(**values, house=house)


@dataclass(slots=True)
class CreatureState:
    id: str  # "<owner>#<n>"
    owner: str
    team: int
    name: str
    pf: int
    damage: int
    range: int
    pos: int
    last_turn: int  # vanishes at the end of this turn

    def to_dict(self) -> dict:
        return {name: getattr(self, name) for name in self.__slots__}

    @classmethod
    def from_dict(cls, d: dict) -> CreatureState:
        return cls(**d)


@dataclass(slots=True)
class PendingHit:
    """A successful dodgeable spell waiting for the second declaration (§4.1 Effect)."""

    caster: str
    target: str
    spell: str
    effect: Effect
    dodged: bool = False

    def to_dict(self) -> dict:
        return {"caster": self.caster, "target": self.target, "spell": self.spell,
                "effect": self.effect.to_dict(), "dodged": self.dodged}

    @classmethod
    def from_dict(cls, d: dict) -> PendingHit:
        return cls(d["caster"], d["target"], d["spell"], effect_from_dict(d["effect"]), d.get("dodged", False))


@dataclass(slots=True)
class DuelState:
    format: str
    rp: bool
    turn: int
    phase: str  # ACTION or DEFENCE: the phase currently collecting posts
    duellists: tuple[DuellistState, ...]
    creatures: tuple[CreatureState, ...] = ()
    pending: tuple[PendingHit, ...] = ()
    spells: dict[str, Spell] = field(default_factory=dict)  # the duel's frozen catalog, by slug
    house: HouseRules = RULEBOOK  # the duel's frozen house rules (§8); its duellists hold the same

    def clone(self) -> DuelState:
        """A copy whose duellists, creatures and pending hits can be changed without touching self."""
        return DuelState(
            self.format, self.rp, self.turn, self.phase,
            tuple(map(_copy_duellist, self.duellists)),
            tuple(map(_copy_creature, self.creatures)),
            tuple(map(_copy_pending, self.pending)),
            self.spells,  # spells are frozen: shared
            self.house,  # frozen too
        )

    def duellist(self, duellist_id: str) -> DuellistState:
        for d in self.duellists:
            if d.id == duellist_id:
                return d
        raise KeyError(f"unknown duellist {duellist_id!r}")

    def find_duellist(self, duellist_id: str) -> DuellistState | None:
        for d in self.duellists:
            if d.id == duellist_id:
                return d
        return None

    def creature(self, creature_id: str) -> CreatureState | None:
        for c in self.creatures:
            if c.id == creature_id:
                return c
        return None

    def to_dict(self, *, catalog: bool = True) -> dict:
        """The JSON document; without the spell catalog when `catalog` is False (the stored form)."""
        out = {
            "format": self.format, "rp": self.rp, "turn": self.turn, "phase": self.phase,
            "duellists": [d.to_dict() for d in self.duellists],
            "creatures": [c.to_dict() for c in self.creatures],
            "pending": [h.to_dict() for h in self.pending],
        }
        if catalog:
            out["spells"] = [s.to_dict() for s in self.spells.values()]
        house = self.house.to_dict()
        if house:
            out["house"] = house
        return out

    @classmethod
    def from_dict(cls, d: dict, *, spells: list[dict] | None = None) -> DuelState:
        """Rebuild a state. Its catalog is the one in `d` when there is one (a full document),
        otherwise `spells` (the duel's snapshot, for a stored lean state), otherwise none."""
        catalog = d["spells"] if "spells" in d else spells
        house = HouseRules.from_dict(d.get("house") or {})
        return cls(
            format=d["format"], rp=d["rp"], turn=d["turn"], phase=d["phase"],
            duellists=tuple(DuellistState.from_dict(x, house=house) for x in d["duellists"]),
            creatures=tuple(CreatureState.from_dict(x) for x in d.get("creatures", ())),
            pending=tuple(PendingHit.from_dict(x) for x in d.get("pending", ())),
            spells=spells_parsed(catalog) if catalog else {},
            house=house,
        )


_PARSED: OrderedDict[str, dict[str, Spell]] = OrderedDict()
_PARSED_MAX = 64  # catalogs kept per process: one per distinct snapshot in play


def spells_parsed(snapshot: list[dict]) -> dict[str, Spell]:
    """The catalog by slug, parsed once per distinct snapshot (keyed by its content; spells are frozen,
    so states share them). Callers must not mutate the mapping: `DuelState` only reads it."""
    key = json.dumps(snapshot, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    parsed = _PARSED.get(key)
    if parsed is None:
        parsed = {s.slug: s for s in map(spell_from_dict, snapshot)}
        _PARSED[key] = parsed
        if len(_PARSED) > _PARSED_MAX:
            _PARSED.popitem(last=False)
    else:
        _PARSED.move_to_end(key)
    return parsed


_copy_duellist = _shallow_copier(DuellistState)
_copy_creature = _shallow_copier(CreatureState)
_copy_pending = _shallow_copier(PendingHit)


def new_duel_state(*, format: str, rp: bool, duellists: list[dict], spells: list[Spell],
                   house: HouseRules = RULEBOOK) -> DuelState:
    """The state at the referee's start signal: turn 1, action phase, team 1 in zone 4, team 2 in 8,
    each duellist with the PF/PM of their year in `house`'s table."""
    if format not in FORMATS:
        raise ValueError(f"unknown duel format {format!r}")
    built = []
    for d in duellists:
        year = d["year"]
        if year not in START_POINTS:
            raise ValueError(f"duellist {d['id']!r}: year must be 1..8, got {year!r}")
        if d["team"] not in START_ZONE:
            raise ValueError(f"duellist {d['id']!r}: team must be 1 or 2, got {d['team']!r}")
        pf, pm = house.start_points(year)
        built.append(DuellistState(
            id=d["id"], team=d["team"], year=year, types=tuple(d.get("types", ())),
            prodigium=bool(d.get("prodigium", False)), pf=pf, pm=pm, pos=START_ZONE[d["team"]], house=house,
        ))
    for team in START_ZONE:
        count = sum(1 for d in built if d.team == team)
        if count != FORMATS[format]:
            raise ValueError(f"a {format} duel needs {FORMATS[format]} duellist(s) in team {team}, got {count}")
    if len({d.id for d in built}) != len(built):
        raise ValueError("duellist ids must be unique")
    return DuelState(format=format, rp=bool(rp), turn=1, phase=ACTION, duellists=tuple(built),
                     spells={s.slug: s for s in spells}, house=house)
