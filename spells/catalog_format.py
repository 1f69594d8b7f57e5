"""The catalog file format: canonical spell dicts and a readable, stable JSON layout.

Canonical means: keys in one fixed order (the file's), effect keys in the §7 order of application,
tags in the RULES.md order, `radius` present exactly for ZONE spells, `bonus` and `modulations` left
out when absent. Two equal spells give the same text, so export → load changes nothing and the
shipped file diffs cleanly. `validate_catalog_data` checks a whole catalog file (magic types, spells,
unique slugs) and prefixes each problem with its spell's slug.
"""
from __future__ import annotations

import json
from collections.abc import Collection
from pathlib import Path

from django.utils.translation import gettext as _

from duels.engine.spells import TAGS
from spells.validation import (
    CATALOG_FILE_KEYS,
    CATALOG_KEYS,
    EFFECT_KEYS,
    MAGIC_TYPE_KEYS,
    SHIELD_KEYS,
    SLUG_RE,
    SPELL_KEYS,
    SUMMON_KEYS,
    ProblemCollector,
    check_text,
    names_of,
    shown,
    validate_spell_data,
)

DEFAULT_CATALOG_PATH = Path(__file__).resolve().parent / "catalog" / "default.json"
LINE_WIDTH = 110


def _ordered(data: dict, keys) -> dict:
    """`data` with `keys` first in that order, then any others (kept, so validation still sees them)."""
    out = {key: data[key] for key in keys if key in data}
    out.update((key, value) for key, value in data.items() if key not in out)
    return out


def canonical_effect(effect):
    if not isinstance(effect, dict):
        return effect
    out = _ordered(effect, EFFECT_KEYS)
    if isinstance(out.get("shield"), dict):
        out["shield"] = _ordered(out["shield"], SHIELD_KEYS)
    if isinstance(out.get("summon"), dict):
        out["summon"] = _ordered(out["summon"], SUMMON_KEYS)
    return out


def canonical_modulation(modulation: dict) -> dict:
    out = {"level": modulation["level"], "effect": canonical_effect(modulation["effect"])}
    if modulation.get("bonus") is not None:
        out["bonus"] = canonical_effect(modulation["bonus"])
    return out


def canonical_spell(spell: dict) -> dict:
    """A valid spell dict in canonical form (defaults filled in: empty texts, no type, no tags)."""
    tags = spell.get("tags", [])
    out = {
        "slug": spell["slug"],
        "name": spell["name"],
        **{key: spell.get(key, "") for key in CATALOG_KEYS},
        "level": spell["level"],
        "range": spell["range"],
        "type": spell.get("type"),
        "tags": [tag for tag in TAGS if tag in tags],
        "target": spell["target"],
    }
    if "ZONE" in tags:
        out["radius"] = spell.get("radius") or 0
    out["effect"] = canonical_effect(spell["effect"])
    if spell.get("bonus") is not None:
        out["bonus"] = canonical_effect(spell["bonus"])
    modulations = sorted(spell.get("modulations") or [], key=lambda m: m["level"])
    if modulations:
        out["modulations"] = [canonical_modulation(m) for m in modulations]
    return _ordered(out, SPELL_KEYS)


def engine_spell(spell: dict) -> dict:
    """A canonical catalog spell without the page-only keys: exactly the §7 vocabulary."""
    return {key: value for key, value in spell.items() if key not in CATALOG_KEYS}


def dumps_catalog(data: dict) -> str:
    """Indented JSON where any value that fits on one line stays on one line."""
    return _format(data, indent=0, used=0) + "\n"


def _format(value, *, indent: int, used: int) -> str:
    compact = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    if not isinstance(value, dict | list) or not value or used + len(compact) <= LINE_WIDTH:
        return compact
    pad = " " * (indent + 2)
    if isinstance(value, list):
        items = [pad + _format(item, indent=indent + 2, used=indent + 2) for item in value]
        return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"
    items = []
    for key, item in value.items():
        head = f"{pad}{json.dumps(key, ensure_ascii=False)}: "
        items.append(head + _format(item, indent=indent + 2, used=len(head)))
    return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"


def read_catalog_file(path: Path | str) -> dict:
    """The parsed file; raises ValueError with a French message when it is not readable JSON."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as error:
        raise ValueError(_("Impossible de lire %(path)s : %(error)s.")
                         % {"path": path, "error": error.strerror or error}) from error
    except UnicodeDecodeError as error:
        raise ValueError(_("%(path)s n'est pas un texte UTF-8.") % {"path": path}) from error
    return loads_catalog(text, name=str(path))


def loads_catalog(text: str, *, name: str) -> dict:
    """A catalog file's text parsed (`name` names it in the message); raises ValueError with a French message
    when it is not valid JSON."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(_("%(path)s n'est pas un JSON valide (ligne %(line)s, colonne %(column)s) : %(error)s.")
                         % {"path": name, "line": error.lineno, "column": error.colno, "error": error.msg}) from error


def validate_catalog_data(data, *, known_magic_types: Collection[str] = ()) -> list[str]:
    """Every problem of a whole catalog file, each prefixed with its spell's (or type's) slug.

    `known_magic_types`: slugs already in the database, usable by the file's spells besides the
    file's own `magic_types`.
    """
    if not isinstance(data, dict):
        return [_("Le catalogue doit être un objet JSON {\"magic_types\": [...], \"spells\": [...]}.")]
    problems: list[str] = []
    for key in data:
        if key not in CATALOG_FILE_KEYS:
            problems.append(_("Clé inconnue « %(key)s » en tête du catalogue (clés permises : %(allowed)s).")
                            % {"key": key, "allowed": names_of(CATALOG_FILE_KEYS)})
    file_types = _validate_magic_types(data.get("magic_types", []), problems)
    spells = data.get("spells")
    if not isinstance(spells, list):
        problems.append(_("« spells » doit être une liste de sorts (reçu : %(value)s).") % {"value": shown(spells)})
        return problems
    magic_types = set(known_magic_types) | file_types
    seen: set[str] = set()
    for index, spell in enumerate(spells):
        slug = spell.get("slug") if isinstance(spell, dict) else None
        label = slug if isinstance(slug, str) and slug else _("sort n° %(number)s") % {"number": index + 1}
        found = validate_spell_data(spell, magic_types=magic_types, taken_slugs=seen)
        problems.extend(f"{label} : {message}" for messages in found.values() for message in messages)
        if isinstance(slug, str):
            seen.add(slug)
    return problems


def _validate_magic_types(magic_types, problems: list[str]) -> set[str]:
    if not isinstance(magic_types, list):
        problems.append(_("« magic_types » doit être une liste (reçu : %(value)s).") % {"value": shown(magic_types)})
        return set()
    slugs: set[str] = set()
    for index, item in enumerate(magic_types):
        slug = item.get("slug") if isinstance(item, dict) else None
        label = _("type de magie %(slug)s") % {
            "slug": slug if isinstance(slug, str) and slug else f"n° {index + 1}"
        }
        if not isinstance(item, dict):
            problems.append(_("%(label)s : doit être un objet {slug, name, description}.") % {"label": label})
            continue
        out = ProblemCollector()
        out.unknown_keys(None, "", item, MAGIC_TYPE_KEYS)
        if not isinstance(slug, str) or not SLUG_RE.match(slug):
            out.add("slug", _("« slug » doit être un identifiant en minuscules, chiffres et tirets (reçu : %(value)s).")
                    % {"value": shown(slug)})
        elif slug in slugs:
            out.add("slug", _("« slug » : l'identifiant « %(slug)s » est en double.") % {"slug": slug})
        check_text(out, item, "name", required=True)
        check_text(out, item, "description", required=False)
        problems.extend(f"{label} : {m}" for messages in out.problems.values() for m in messages)
        if isinstance(slug, str):
            slugs.add(slug)
    return slugs
