"""Reads of the spell catalog: the active club's (its own copy when it has one, else the default), through
`Spell.objects`; a command names its club (or the default) with `club=`."""
from __future__ import annotations

from django.db.models import Q, QuerySet

from clubs.scoping import current_club_or_none
from duels.engine.house_rules import RULEBOOK, HouseRules
from spells.catalog_format import DEFAULT_CATALOG_PATH, read_catalog_file
from spells.models import TAG_FIELDS, MagicType, Spell


def spell_list(*, level: int | None = None, magic_type: str | None = None, tag: str | None = None) -> QuerySet[Spell]:
    """The catalog's offered spells (not retired) by level then name, filtered; `magic_type` is a slug, `tag`
    a §7 tag."""
    spells = Spell.objects.offered().select_related("magic_type").order_by("level", "name")
    if level is not None:
        spells = spells.filter(level=level)
    if magic_type:
        spells = spells.filter(magic_type__slug=magic_type)
    if tag:
        spells = spells.filter(**{TAG_FIELDS[tag]: True})
    return spells


def spell_get(*, slug: str) -> Spell:
    """One offered spell (not retired) with its type and modulations; raises Spell.DoesNotExist."""
    return Spell.objects.offered().select_related("magic_type").prefetch_related("modulations").get(slug=slug)


ACTIVE = object()  # `club=ACTIVE`: the catalogue of the club being served


def catalog_spells(*, club=ACTIVE) -> QuerySet[Spell]:
    """Every spell of a catalogue, ready for `to_catalog_dict` without further queries, in slug order:
    the active club's, or the one `club` reads (None: the default catalogue). Retired spells included: they
    stay rows of the catalogue (`.offered()` leaves them out)."""
    spells = Spell.objects.all() if club is ACTIVE else Spell.rows.read_by(club)
    return spells.select_related("magic_type").prefetch_related("modulations").order_by("slug")


def catalogue_has_copy(club) -> bool:
    """Whether `club` edited its own copy of the catalogue (else it reads the default)."""
    return Spell.rows.owned_by(club).exists()


def catalog_export_data(*, club=None) -> dict:
    """The catalogue `club` reads (None: the default) in the file format, ordered like the shipped file
    (level, then slug). The shipped file's `_header` (the balance notes) is kept so an export can replace it.
    Retired spells are left out: the file is the catalogue a club offers (loading it back keeps them
    retired, since a load never touches the spells its file leaves out)."""
    spells = sorted((spell.to_catalog_dict() for spell in catalog_spells(club=club).offered()),
                    key=lambda s: (s["level"], s["slug"]))
    data: dict = {}
    header = _default_header()
    if header:
        data["_header"] = header
    data["magic_types"] = [t.to_catalog_dict() for t in MagicType.objects.order_by("slug")]
    data["spells"] = spells
    return data


def catalogue_panel_spells(club, *, search: str = "", level: int | None = None, magic_type: str | None = None,
                           retired: bool | None = None) -> QuerySet[Spell]:
    """The catalogue `club` reads, retired spells included, for its staff's list: one statement whatever
    the number of spells. `search` looks in the name, identifier and incantation; `retired` True: only the
    retired ones, False: only the offered ones."""
    spells = Spell.rows.read_by(club).select_related("magic_type").order_by("level", "name")
    if search:
        spells = spells.filter(Q(name__icontains=search) | Q(slug__icontains=search)
                               | Q(incantation__icontains=search))
    if level is not None:
        spells = spells.filter(level=level)
    if magic_type:
        spells = spells.filter(magic_type__slug=magic_type)
    if retired is not None:
        spells = spells.filter(retired_at__isnull=not retired)
    return spells


def catalogue_panel_spell(club, slug: str) -> Spell:
    """One spell of the catalogue `club` reads (retired or not), with its type and modulations; raises
    Spell.DoesNotExist (another club's spell is not in it)."""
    return (Spell.rows.read_by(club).select_related("magic_type").prefetch_related("modulations")
            .get(slug=slug))


def club_house_rules() -> HouseRules:
    """RULES.md §8: the active club's house rules, whose numbers the spell page states (the dodge cost, the
    overlevel attempts per duel); outside any club the rulebook. Read from the club being served, already
    at hand: no query."""
    club = current_club_or_none()
    return HouseRules.from_dict(club.house_rules or {}) if club is not None else RULEBOOK


def _default_header():
    try:
        return read_catalog_file(DEFAULT_CATALOG_PATH).get("_header")
    except (ValueError, AttributeError):
        return None
