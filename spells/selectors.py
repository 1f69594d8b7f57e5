"""Reads of the spell catalog."""
from __future__ import annotations

from django.db.models import QuerySet

from spells.catalog_format import DEFAULT_CATALOG_PATH, read_catalog_file
from spells.models import TAG_FIELDS, MagicType, Spell


def spell_list(*, level: int | None = None, magic_type: str | None = None, tag: str | None = None) -> QuerySet[Spell]:
    """Catalog spells by level then name, filtered; `magic_type` is a slug, `tag` a §7 tag."""
    spells = Spell.objects.select_related("magic_type").order_by("level", "name")
    if level is not None:
        spells = spells.filter(level=level)
    if magic_type:
        spells = spells.filter(magic_type__slug=magic_type)
    if tag:
        spells = spells.filter(**{TAG_FIELDS[tag]: True})
    return spells


def spell_get(*, slug: str) -> Spell:
    """One spell with its type and modulations; raises Spell.DoesNotExist."""
    return Spell.objects.select_related("magic_type").prefetch_related("modulations").get(slug=slug)


def catalog_spells() -> QuerySet[Spell]:
    """Every spell, ready for `to_catalog_dict` without further queries, in slug order."""
    return Spell.objects.select_related("magic_type").prefetch_related("modulations").order_by("slug")


def catalog_export_data() -> dict:
    """The database catalog in the file format, ordered like the shipped file (level, then slug).

    The shipped file's `_header` (the balance notes) is kept so an export can replace it."""
    spells = sorted((spell.to_catalog_dict() for spell in catalog_spells()), key=lambda s: (s["level"], s["slug"]))
    data: dict = {}
    header = _default_header()
    if header:
        data["_header"] = header
    data["magic_types"] = [t.to_catalog_dict() for t in MagicType.objects.order_by("slug")]
    data["spells"] = spells
    return data


def _default_header():
    try:
        return read_catalog_file(DEFAULT_CATALOG_PATH).get("_header")
    except (ValueError, AttributeError):
        return None
