"""Spell definitions (RULES.md §7): immutable data read from the catalog or a scenario.

`spell_from_dict` is the single parser of the §7 vocabulary; it raises `SpellFormatError` (a
`ValueError`) whose `path` points inside the spell (e.g. ``effect.damage``) so callers can build a
full JSON path for their own error messages.
"""
from __future__ import annotations

from dataclasses import dataclass, fields

TAGS = ("AUTO", "SOIN", "ZONE", "INVOCATION", "DEFENCE")
TARGET_KINDS = ("opponent", "self", "ally", "zone")
MAX_SPELL_LEVEL = 8

SPELL_KEYS = frozenset(
    {"slug", "name", "level", "range", "type", "tags", "target", "radius", "effect", "bonus", "modulations"}
)
# Keys the staff catalog carries for the pages; the rules never read them.
CATALOG_ONLY_KEYS = frozenset({"incantation", "description", "name_en"})
EFFECT_INT_KEYS = ("damage", "drain", "heal", "restore", "push", "pull")
EFFECT_FLAG_KEYS = ("stun", "disarm", "bind")
# Keys that make an effect application hostile when it comes from anyone but the target (§7).
HOSTILE_KEYS = ("damage", "drain", "push", "pull", "stun", "disarm", "bind")


class SpellFormatError(ValueError):
    """Malformed spell data. `path` is relative to the spell (``""`` for the spell itself)."""

    def __init__(self, path: str, message: str):
        super().__init__(f"{path}: {message}" if path else message)
        self.path = path
        self.message = message


@dataclass(frozen=True, slots=True)
class Shield:
    charges: int
    team: bool = False


@dataclass(frozen=True, slots=True)
class Summon:
    name: str
    pf: int
    damage: int
    range: int
    turns: int


@dataclass(frozen=True, slots=True)
class Effect:
    """One effect block; absent keys are 0 / False / None and are left out of `to_dict`."""

    damage: int = 0
    drain: int = 0
    heal: int = 0
    restore: int = 0
    push: int = 0
    pull: int = 0
    stun: bool = False
    disarm: bool = False
    bind: bool = False
    shield: Shield | None = None
    summon: Summon | None = None

    @property
    def is_hostile(self) -> bool:
        return any(getattr(self, key) for key in HOSTILE_KEYS)

    def to_dict(self) -> dict:
        out: dict = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value:
                out[f.name] = _plain(value)
        return out


@dataclass(frozen=True, slots=True)
class Modulation:
    level: int
    effect: Effect
    bonus: Effect | None = None

    def to_dict(self) -> dict:
        out = {"level": self.level, "effect": self.effect.to_dict()}
        if self.bonus is not None:
            out["bonus"] = self.bonus.to_dict()
        return out


@dataclass(frozen=True, slots=True)
class Spell:
    slug: str
    name: str
    level: int
    range: int
    type: str | None
    tags: tuple[str, ...]
    target: str
    effect: Effect
    bonus: Effect | None = None
    modulations: tuple[Modulation, ...] = ()
    radius: int = 0

    @property
    def is_auto(self) -> bool:
        return "AUTO" in self.tags

    @property
    def is_soin(self) -> bool:
        return "SOIN" in self.tags

    @property
    def is_zone(self) -> bool:
        return "ZONE" in self.tags

    @property
    def is_defence(self) -> bool:
        return "DEFENCE" in self.tags

    @property
    def bets_optional(self) -> bool:
        """AUTO and SOIN spells succeed without a bet (unless cast as an overlevel attempt)."""
        return self.is_auto or self.is_soin

    def modulation(self, level: int) -> Modulation | None:
        for modulation in self.modulations:
            if modulation.level == level:
                return modulation
        return None

    def to_dict(self) -> dict:
        out = {
            "slug": self.slug,
            "name": self.name,
            "level": self.level,
            "range": self.range,
            "type": self.type,
            "tags": list(self.tags),
            "target": self.target,
            "effect": self.effect.to_dict(),
        }
        if self.bonus is not None:
            out["bonus"] = self.bonus.to_dict()
        if self.modulations:
            out["modulations"] = [m.to_dict() for m in self.modulations]
        if self.radius:
            out["radius"] = self.radius
        return out


def _plain(value):
    if isinstance(value, Shield | Summon):
        return {f.name: getattr(value, f.name) for f in fields(value)}
    return value


# --- parsing -------------------------------------------------------------------------------------


def is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _int(value, path: str, *, low: int = 0, high: int | None = None) -> int:
    if not is_int(value):
        raise SpellFormatError(path, f"expected an integer, got {value!r}")
    if value < low or (high is not None and value > high):
        bounds = f"{low}..{high}" if high is not None else f">= {low}"
        raise SpellFormatError(path, f"expected an integer {bounds}, got {value}")
    return value


def _bool(value, path: str) -> bool:
    if not isinstance(value, bool):
        raise SpellFormatError(path, f"expected true or false, got {value!r}")
    return value


def _str(value, path: str) -> str:
    if not isinstance(value, str) or not value:
        raise SpellFormatError(path, f"expected a non-empty string, got {value!r}")
    return value


def _object(value, path: str, allowed: frozenset | set | tuple) -> dict:
    if not isinstance(value, dict):
        raise SpellFormatError(path, f"expected an object, got {value!r}")
    for key in value:
        if key not in allowed:
            raise SpellFormatError(path, f"unknown key {key!r}")
    return value


def _required(data: dict, key: str, path: str):
    if key not in data:
        raise SpellFormatError(path, f"missing key {key!r}")
    return data[key]


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def effect_from_dict(data, path: str = "effect") -> Effect:
    allowed = (*EFFECT_INT_KEYS, *EFFECT_FLAG_KEYS, "shield", "summon")
    data = _object(data, path, allowed)
    values: dict = {}
    for key in EFFECT_INT_KEYS:
        if key in data:
            values[key] = _int(data[key], _join(path, key))
    for key in EFFECT_FLAG_KEYS:
        if key in data:
            values[key] = _bool(data[key], _join(path, key))
    if "shield" in data:
        values["shield"] = _shield(data["shield"], _join(path, "shield"))
    if "summon" in data:
        values["summon"] = _summon(data["summon"], _join(path, "summon"))
    return Effect(**values)


def _shield(data, path: str) -> Shield:
    data = _object(data, path, ("charges", "team"))
    charges = _int(_required(data, "charges", path), _join(path, "charges"), low=1)
    return Shield(charges=charges, team=_bool(data.get("team", False), _join(path, "team")))


def _summon(data, path: str) -> Summon:
    data = _object(data, path, ("name", "pf", "damage", "range", "turns"))
    return Summon(
        name=_str(_required(data, "name", path), _join(path, "name")),
        pf=_int(_required(data, "pf", path), _join(path, "pf"), low=1),
        damage=_int(_required(data, "damage", path), _join(path, "damage")),
        range=_int(_required(data, "range", path), _join(path, "range")),
        turns=_int(_required(data, "turns", path), _join(path, "turns"), low=1),
    )


def _tags(value, path: str) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise SpellFormatError(path, f"expected a list of tags, got {value!r}")
    for index, tag in enumerate(value):
        if tag not in TAGS:
            raise SpellFormatError(f"{path}[{index}]", f"unknown tag {tag!r} (expected one of {', '.join(TAGS)})")
    return tuple(value)


def _modulations(value, path: str, spell_level: int) -> tuple[Modulation, ...]:
    if not isinstance(value, list):
        raise SpellFormatError(path, f"expected a list, got {value!r}")
    out: list[Modulation] = []
    for index, item in enumerate(value):
        here = f"{path}[{index}]"
        item = _object(item, here, ("level", "effect", "bonus"))
        level = _int(_required(item, "level", here), _join(here, "level"), low=1, high=MAX_SPELL_LEVEL)
        if level <= spell_level:
            raise SpellFormatError(_join(here, "level"), f"a modulation's level must exceed the spell's ({spell_level})")
        if any(m.level == level for m in out):
            raise SpellFormatError(_join(here, "level"), f"two modulations of level {level}")
        bonus = item.get("bonus")
        out.append(
            Modulation(
                level=level,
                effect=effect_from_dict(_required(item, "effect", here), _join(here, "effect")),
                bonus=None if bonus is None else effect_from_dict(bonus, _join(here, "bonus")),
            )
        )
    return tuple(out)


def _or(value, default):
    """Optional keys: null counts as absent (as in scenario_schema)."""
    return default if value is None else value


def spell_from_dict(data: dict) -> Spell:
    """Parse one spell in the §7 vocabulary. Catalog-only keys (incantation, description, name_en)
    are ignored; any other unknown key is an error."""
    data = _object(data, "", SPELL_KEYS | CATALOG_ONLY_KEYS)
    slug = _str(_required(data, "slug", ""), "slug")
    level = _int(_required(data, "level", ""), "level", low=1, high=MAX_SPELL_LEVEL)
    target = _required(data, "target", "")
    if target not in TARGET_KINDS:
        raise SpellFormatError("target", f"expected one of {', '.join(TARGET_KINDS)}, got {target!r}")
    magic_type = data.get("type")
    if magic_type is not None:
        _str(magic_type, "type")
    bonus = data.get("bonus")
    effect = effect_from_dict(_required(data, "effect", ""), "effect")
    modulations = _modulations(_or(data.get("modulations"), []), "modulations", level)
    summons = [e.summon for e in (effect, *(m.effect for m in modulations)) if e.summon]
    if summons and target != "zone":
        raise SpellFormatError("target", "a summoning spell targets a zone")
    return Spell(
        slug=slug,
        name=_str(_or(data.get("name"), slug), "name"),
        level=level,
        range=_int(_required(data, "range", ""), "range"),
        type=magic_type,
        tags=_tags(_or(data.get("tags"), []), "tags"),
        target=target,
        effect=effect,
        bonus=None if bonus is None else effect_from_dict(bonus, "bonus"),
        modulations=modulations,
        radius=_int(_or(data.get("radius"), 0), "radius"),
    )
