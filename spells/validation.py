"""Spell validation in one place (RULES.md §7 vocabulary).

`validate_spell_data` checks one spell dict and returns every problem, grouped by field, as French
messages that name the field. The model's `clean()` (hence the admin), the catalog loader and
anyone converting catalog rows for the engine use it; `catalog_format.validate_catalog_data` checks a
whole catalog file with it.

The vocabulary itself (tags, targets, effect keys) is the engine's: one definition of §7.
"""
from __future__ import annotations

import json
import re
from collections.abc import Collection

from django.utils.translation import gettext as _

from duels.engine.spells import EFFECT_FLAG_KEYS, EFFECT_INT_KEYS, MAX_SPELL_LEVEL, TAGS, TARGET_KINDS

EFFECT_KEYS = (*EFFECT_INT_KEYS, *EFFECT_FLAG_KEYS, "shield", "summon")  # §7 order of application
SHIELD_KEYS = ("charges", "team")
SUMMON_KEYS = ("name", "pf", "damage", "range", "turns")
ENGINE_KEYS = ("slug", "name", "level", "range", "type", "tags", "target", "radius", "effect", "bonus",
               "modulations")
CATALOG_KEYS = ("incantation", "description")  # shown on the pages; the rules never read them
SPELL_KEYS = (*ENGINE_KEYS[:2], *CATALOG_KEYS, *ENGINE_KEYS[2:])  # canonical order in the catalog file
MODULATION_KEYS = ("level", "effect", "bonus")
MAGIC_TYPE_KEYS = ("slug", "name", "description")
CATALOG_FILE_KEYS = ("_header", "magic_types", "spells")
ZONE_TARGET_TAGS = ("ZONE", "INVOCATION")
SLUG_RE = re.compile(r"^[a-z0-9]+(?:[-_][a-z0-9]+)*$")

Problems = dict[str, list[str]]


def shown(value) -> str:
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


def _is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def names_of(keys) -> str:
    return ", ".join(keys)


class ProblemCollector:
    """Problems grouped by field (the top-level key, or `modulations[i].<key>`)."""

    def __init__(self) -> None:
        self.problems: Problems = {}

    def add(self, field: str, message: str) -> None:
        self.problems.setdefault(field, []).append(message)

    def int_at_least(self, field: str, path: str, value, low: int) -> bool:
        if not _is_int(value):
            self.add(field, _("« %(path)s » doit être un nombre entier (reçu : %(value)s).")
                     % {"path": path, "value": shown(value)})
            return False
        if value < low:
            if low == 0:
                message = _("« %(path)s » doit être positif ou nul (reçu : %(value)s).")
            else:
                message = _("« %(path)s » doit valoir au moins %(low)s (reçu : %(value)s).")
            self.add(field, message % {"path": path, "value": value, "low": low})
            return False
        return True

    def unknown_keys(self, field: str | None, path: str, data: dict, allowed: Collection[str]) -> None:
        """Unknown keys of `data`; with no `field`, each is reported under its own name."""
        for key in data:
            if key not in allowed:
                here = f"{path}.{key}" if path else key
                self.add(field or key, _("« %(path)s » : clé inconnue (clés permises : %(allowed)s).")
                         % {"path": here, "allowed": names_of(allowed)})


def _check_effect(out: ProblemCollector, field: str, path: str, effect) -> None:
    if not isinstance(effect, dict):
        out.add(field, _("« %(path)s » doit être un objet d'effets, par exemple {\"damage\": 2} (reçu : %(value)s).")
                % {"path": path, "value": shown(effect)})
        return
    if not effect:
        out.add(field, _("« %(path)s » ne peut pas être vide : indiquez au moins un effet.") % {"path": path})
    for key, value in effect.items():
        here = f"{path}.{key}"
        if key in EFFECT_INT_KEYS:
            out.int_at_least(field, here, value, 0)
        elif key in EFFECT_FLAG_KEYS:
            if not isinstance(value, bool):
                out.add(field, _("« %(path)s » doit valoir true ou false (reçu : %(value)s).")
                        % {"path": here, "value": shown(value)})
        elif key == "shield":
            _check_shield(out, field, here, value)
        elif key == "summon":
            _check_summon(out, field, here, value)
        else:
            out.add(field, _("« %(path)s » : effet inconnu (effets permis : %(allowed)s).")
                    % {"path": here, "allowed": names_of(EFFECT_KEYS)})


def _check_object(out: ProblemCollector, field: str, path: str, value, keys: Collection[str], shape: str) -> bool:
    if not isinstance(value, dict):
        out.add(field, _("« %(path)s » doit être un objet %(shape)s (reçu : %(value)s).")
                % {"path": path, "shape": shape, "value": shown(value)})
        return False
    out.unknown_keys(field, path, value, keys)
    for key in keys:
        if key not in value:
            out.add(field, _("« %(path)s » est obligatoire.") % {"path": f"{path}.{key}"})
    return True


def _check_shield(out: ProblemCollector, field: str, path: str, shield) -> None:
    if not _check_object(out, field, path, shield, SHIELD_KEYS, "{charges, team}"):
        return
    if "charges" in shield:
        out.int_at_least(field, f"{path}.charges", shield["charges"], 1)
    if "team" in shield and not isinstance(shield["team"], bool):
        out.add(field, _("« %(path)s » doit valoir true ou false (reçu : %(value)s).")
                % {"path": f"{path}.team", "value": shown(shield["team"])})


def _check_summon(out: ProblemCollector, field: str, path: str, summon) -> None:
    if not _check_object(out, field, path, summon, SUMMON_KEYS, "{name, pf, damage, range, turns}"):
        return
    if "name" in summon and (not isinstance(summon["name"], str) or not summon["name"].strip()):
        out.add(field, _("« %(path)s » doit être un nom non vide (reçu : %(value)s).")
                % {"path": f"{path}.name", "value": shown(summon["name"])})
    for key, low in (("pf", 1), ("damage", 0), ("range", 0), ("turns", 1)):
        if key in summon:
            out.int_at_least(field, f"{path}.{key}", summon[key], low)


def _has_summon(effect) -> bool:
    return isinstance(effect, dict) and "summon" in effect


def check_text(out: ProblemCollector, data: dict, key: str, *, required: bool) -> None:
    if key not in data:
        if required:
            out.add(key, _("« %(path)s » est obligatoire.") % {"path": key})
        return
    value = data[key]
    if not isinstance(value, str) or (required and not value.strip()):
        message = (_("« %(path)s » doit être un texte non vide (reçu : %(value)s).") if required
                   else _("« %(path)s » doit être un texte (reçu : %(value)s)."))
        out.add(key, message % {"path": key, "value": shown(value)})


def _check_modulations(out: ProblemCollector, data: dict, level, tags: list, has_type: bool) -> None:
    modulations = data.get("modulations")
    if modulations is None:
        return
    if not isinstance(modulations, list):
        out.add("modulations", _("« modulations » doit être une liste (reçu : %(value)s).")
                % {"value": shown(modulations)})
        return
    seen: set[int] = set()
    for index, item in enumerate(modulations):
        path = f"modulations[{index}]"
        if not isinstance(item, dict):
            out.add(path, _("« %(path)s » doit être un objet {level, effect, bonus} (reçu : %(value)s).")
                    % {"path": path, "value": shown(item)})
            continue
        out.unknown_keys(path, path, item, MODULATION_KEYS)
        mod_level = item.get("level")
        if "level" not in item:
            out.add(f"{path}.level", _("« %(path)s » est obligatoire.") % {"path": f"{path}.level"})
        elif not _is_int(mod_level) or not (_is_int(level) and level < mod_level <= MAX_SPELL_LEVEL):
            out.add(f"{path}.level",
                    _("« %(path)s » doit être un entier supérieur au niveau du sort (%(level)s) "
                      "et au plus %(max)s (reçu : %(value)s).")
                    % {"path": f"{path}.level", "level": shown(level), "max": MAX_SPELL_LEVEL,
                       "value": shown(mod_level)})
        elif mod_level in seen:
            out.add(f"{path}.level", _("« %(path)s » : il y a déjà une modulation de niveau %(value)s.")
                    % {"path": f"{path}.level", "value": mod_level})
        else:
            seen.add(mod_level)
        if "effect" not in item:
            out.add(f"{path}.effect", _("« %(path)s » est obligatoire.") % {"path": f"{path}.effect"})
        else:
            _check_effect(out, f"{path}.effect", f"{path}.effect", item["effect"])
            _check_summon_tag(out, f"{path}.effect", f"{path}.effect", item["effect"], tags)
        if item.get("bonus") is not None:
            _check_effect(out, f"{path}.bonus", f"{path}.bonus", item["bonus"])
            _check_summon_tag(out, f"{path}.bonus", f"{path}.bonus", item["bonus"], tags)
            if not has_type:
                out.add(f"{path}.bonus", _no_type_bonus_message(f"{path}.bonus"))


def _check_summon_tag(out: ProblemCollector, field: str, path: str, effect, tags: list) -> None:
    """summon ⇔ INVOCATION: a summon needs the tag, and an INVOCATION spell's effect must summon."""
    if not isinstance(effect, dict):
        return
    if "INVOCATION" in tags and not _has_summon(effect):
        out.add(field, _("« %(path)s » : un sort INVOCATION doit invoquer une créature (effet « summon »).")
                % {"path": path})
    if "INVOCATION" not in tags and _has_summon(effect):
        out.add(field, _("« %(path)s.summon » n'est permis que pour un sort INVOCATION.") % {"path": path})


def _no_type_bonus_message(path: str) -> str:
    return (_("« %(path)s » : un sort sans type de magie ne peut pas avoir d'effet bonus "
              "(seul un lanceur du type du sort peut l'obtenir).") % {"path": path})


def validate_spell_data(
    data: dict,
    *,
    magic_types: Collection[str] | None = None,
    taken_slugs: Collection[str] = (),
) -> Problems:
    """Every problem of one spell dict, by field, in French. Empty dict: the spell is valid.

    `magic_types`: the known magic type slugs (None: not checked, e.g. when a foreign key already
    guarantees it). `taken_slugs`: slugs already used by other spells of the same catalog.
    """
    out = ProblemCollector()
    if not isinstance(data, dict):
        out.add("spell", _("Un sort doit être un objet JSON (reçu : %(value)s).") % {"value": shown(data)})
        return out.problems
    out.unknown_keys(None, "", data, SPELL_KEYS)

    slug = data.get("slug")
    if "slug" not in data:
        out.add("slug", _("« %(path)s » est obligatoire.") % {"path": "slug"})
    elif not isinstance(slug, str) or not SLUG_RE.match(slug):
        out.add("slug", _("« slug » doit être un identifiant en minuscules, chiffres et tirets, "
                          "par exemple « protego-duo » (reçu : %(value)s).") % {"value": shown(slug)})
    elif slug in taken_slugs:
        out.add("slug", _("« slug » : l'identifiant « %(slug)s » est déjà utilisé par un autre sort.")
                % {"slug": slug})
    check_text(out, data, "name", required=True)
    for key in CATALOG_KEYS:
        check_text(out, data, key, required=False)

    level = data.get("level")
    if "level" not in data:
        out.add("level", _("« %(path)s » est obligatoire.") % {"path": "level"})
    elif not _is_int(level) or not 1 <= level <= MAX_SPELL_LEVEL:
        out.add("level", _("« level » doit être un entier de 1 à %(max)s (reçu : %(value)s).")
                % {"max": MAX_SPELL_LEVEL, "value": shown(level)})
    if "range" not in data:
        out.add("range", _("« %(path)s » est obligatoire.") % {"path": "range"})
    else:
        out.int_at_least("range", "range", data["range"], 0)

    magic_type = data.get("type")
    if magic_type is not None:
        if not isinstance(magic_type, str):
            out.add("type", _("« type » doit être l'identifiant d'un type de magie ou null (reçu : %(value)s).")
                    % {"value": shown(magic_type)})
        elif magic_types is not None and magic_type not in magic_types:
            out.add("type", _("« type » : type de magie inconnu « %(value)s ».") % {"value": magic_type})

    tags = _check_tags(out, data.get("tags", []))
    target = data.get("target")
    if "target" not in data:
        out.add("target", _("« %(path)s » est obligatoire.") % {"path": "target"})
    elif target not in TARGET_KINDS:
        out.add("target", _("« target » doit être l'une des cibles %(allowed)s (reçu : %(value)s).")
                % {"allowed": names_of(TARGET_KINDS), "value": shown(target)})
    else:
        _check_target_rules(out, target, tags)

    radius = data.get("radius")
    if radius is not None:
        if "ZONE" not in tags:
            out.add("radius", _("« radius » n'est permis que pour un sort ZONE."))
        else:
            out.int_at_least("radius", "radius", radius, 0)

    if "effect" not in data:
        out.add("effect", _("« %(path)s » est obligatoire.") % {"path": "effect"})
    else:
        _check_effect(out, "effect", "effect", data["effect"])
        _check_summon_tag(out, "effect", "effect", data["effect"], tags)
    if data.get("bonus") is not None:
        _check_effect(out, "bonus", "bonus", data["bonus"])
        _check_summon_tag(out, "bonus", "bonus", data["bonus"], tags)
        if magic_type is None:
            out.add("bonus", _no_type_bonus_message("bonus"))
    _check_modulations(out, data, level, tags, has_type=magic_type is not None)
    return out.problems


def _check_tags(out: ProblemCollector, tags) -> list:
    if not isinstance(tags, list):
        out.add("tags", _("« tags » doit être une liste, par exemple [\"AUTO\", \"DEFENCE\"] (reçu : %(value)s).")
                % {"value": shown(tags)})
        return []
    for tag in tags:
        if tag not in TAGS:
            out.add("tags", _("« tags » : étiquette inconnue %(value)s (étiquettes permises : %(allowed)s).")
                    % {"value": shown(tag), "allowed": names_of(TAGS)})
    for tag in sorted({t for t in tags if isinstance(t, str) and tags.count(t) > 1}):
        out.add("tags", _("« tags » : « %(tag)s » est en double.") % {"tag": tag})
    return tags


def _check_target_rules(out: ProblemCollector, target: str, tags: list) -> None:
    zone_tags = [tag for tag in ZONE_TARGET_TAGS if tag in tags]
    if zone_tags and target != "zone":
        out.add("target", _("« target » doit être « zone » pour un sort %(tags)s (reçu : « %(value)s »).")
                % {"tags": " ".join(zone_tags), "value": target})
    if target == "zone" and not zone_tags:
        out.add("target", _("« target » ne peut être « zone » que pour un sort ZONE ou INVOCATION."))
    if "DEFENCE" in tags and target != "self":
        out.add("target", _("« target » doit être « self » pour un sort DEFENCE : il se lance sur soi "
                            "en phase de défense (reçu : « %(value)s »).") % {"value": target})
