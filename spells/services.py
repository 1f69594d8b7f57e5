"""Writes to the spell catalog: a club's own copy of the default catalogue, loading a catalog file into the
default catalogue or into a club's copy, and the club staff's edits from the control panel (a spell added or
changed, retired or brought back, a file imported)."""
from __future__ import annotations

from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from audit.models import AuditAction
from audit.services import audit_record
from clubs.models import Club
from clubs.roles import is_club_staff
from common.access import staff_may
from common.errors import RefusedError
from spells.catalog_format import canonical_spell, validate_catalog_data
from spells.models import MagicType, Modulation, Spell
from spells.selectors import catalog_spells, catalogue_has_copy
from spells.validation import validate_spell_data


class CatalogError(RefusedError):
    """A catalog file refused whole; `problems` lists every problem found (French)."""

    def __init__(self, problems: list[str]):
        super().__init__("catalog-refused", "\n".join(problems))
        self.problems = problems


@dataclass
class UpsertCounts:
    created: int = 0
    updated: int = 0
    unchanged: int = 0

    def __str__(self) -> str:
        return _("%(created)s créé(s), %(updated)s mis à jour, %(unchanged)s inchangé(s)") % {
            "created": self.created, "updated": self.updated, "unchanged": self.unchanged,
        }


@dataclass
class CatalogLoadResult:
    magic_types: UpsertCounts = field(default_factory=UpsertCounts)
    spells: UpsertCounts = field(default_factory=UpsertCounts)

    def __str__(self) -> str:
        return _("Sorts : %(spells)s ; types de magie : %(types)s.") % {
            "spells": self.spells, "types": self.magic_types,
        }


@transaction.atomic
def catalogue_copy_for(club) -> bool:
    """Give `club` its own copy of the default catalogue (spells and modulations), which it then reads
    instead of the default. Idempotent: a club that has its copy keeps it (False); True when copied.
    The club's row is locked, so two first edits at once make one copy."""
    Club.objects.select_for_update().filter(pk=club.pk).exists()
    if catalogue_has_copy(club):
        return False
    defaults = list(catalog_spells(club=None))
    copies = Spell.rows.bulk_create(_copy(spell, club) for spell in defaults)
    Modulation.objects.bulk_create(
        Modulation(spell=copy, level=m.level, effect=m.effect, bonus=m.bonus)
        for spell, copy in zip(defaults, copies, strict=True) for m in spell.modulations.all()
    )
    return True


def _copy(spell: Spell, club) -> Spell:
    fields = [f.attname for f in Spell._meta.concrete_fields if f.attname not in ("id", "club_id")]
    return Spell(club=club, **{name: getattr(spell, name) for name in fields})


@transaction.atomic
def catalog_load(*, data: dict, club=None) -> CatalogLoadResult:
    """Validate a whole catalog (RULES.md §7 spells + magic types), then upsert it by slug into the
    default catalogue, or into `club`'s own copy (made first from the default if it has none).

    Nothing is written when any problem is found (CatalogError lists them all). Spells and types
    absent from the file are kept; a spell's modulations are replaced by the file's. Loading the
    same file twice changes nothing the second time. The magic types are the site's, shared by every
    club: a club's file may repeat them but not add or change one."""
    known = {t.slug: t for t in MagicType.objects.all()}
    problems = validate_catalog_data(data, known_magic_types=set(known))
    if not problems and club is not None:
        problems = _club_type_problems(data.get("magic_types", []), known)
    if problems:
        raise CatalogError(problems)
    result = CatalogLoadResult()
    if club is not None:
        catalogue_copy_for(club)
    types = dict(known)
    for item in data.get("magic_types", []):
        _upsert_magic_type(item, types, result.magic_types)
    existing = {spell.slug: spell for spell in catalog_spells(club=club)}
    for item in data["spells"]:
        _upsert_spell(canonical_spell(item), existing.get(item["slug"]), types, result.spells, club=club)
    return result


def _club_type_problems(items: list[dict], known: dict[str, MagicType]) -> list[str]:
    problems = []
    for item in items:
        magic_type = known.get(item["slug"])
        if magic_type is None or (magic_type.name, magic_type.description) != (item["name"],
                                                                               item.get("description", "")):
            problems.append(_("type de magie %(slug)s : les types de magie sont ceux du site, communs à tous "
                              "les clubs ; le catalogue d'un club ne peut ni en ajouter ni en modifier.")
                            % {"slug": item["slug"]})
    return problems


def _upsert_magic_type(item: dict, types: dict[str, MagicType], counts: UpsertCounts) -> None:
    values = {"name": item["name"], "description": item.get("description", "")}
    magic_type = types.get(item["slug"])
    if magic_type is None:
        types[item["slug"]] = MagicType.objects.create(slug=item["slug"], **values)
        counts.created += 1
    elif all(getattr(magic_type, key) == value for key, value in values.items()):
        counts.unchanged += 1
    else:
        for key, value in values.items():
            setattr(magic_type, key, value)
        magic_type.save()
        counts.updated += 1


def _upsert_spell(data: dict, spell: Spell | None, types: dict[str, MagicType], counts: UpsertCounts, *,
                  club) -> None:
    if spell is not None and spell.to_catalog_dict() == data:
        counts.unchanged += 1
        return
    created = spell is None
    spell = spell or Spell(slug=data["slug"], club=club)
    for key in ("name", "incantation", "description", "level", "range", "target", "effect"):
        setattr(spell, key, data[key])
    spell.magic_type = types[data["type"]] if data["type"] else None
    spell.tags = data["tags"]
    spell.radius = data.get("radius")
    spell.bonus = data.get("bonus")
    spell.save()
    if not created:
        spell.modulations.all().delete()
    Modulation.objects.bulk_create(
        Modulation(spell=spell, level=m["level"], effect=m["effect"], bonus=m.get("bonus"))
        for m in data.get("modulations", [])
    )
    if created:
        counts.created += 1
    else:
        counts.updated += 1


# The club's staff edit the catalogue their club reads from its control panel (spells/panel_views.py). Each
# change checks the staff role, makes the club's copy first if it still reads the default (copy-on-write,
# as `catalog_load --club`: the default and the other clubs never change) and writes the audit log.

EDIT_CATALOGUE = "spells.change_spell"  # the capability the panel's pages and these services name


class SpellRefused(RefusedError):
    """One spell refused; `problems` by field (validate_spell_data's keys), the catalog_load messages."""

    def __init__(self, problems: dict[str, list[str]]):
        super().__init__("spell-refused", "\n".join(m for messages in problems.values() for m in messages),
                         status=422)
        self.problems = problems


def _require_staff(by, club) -> None:
    if not (staff_may(by, EDIT_CATALOGUE) and is_club_staff(by, club)):
        raise RefusedError("not-staff", _("Seul le staff du club peut modifier son catalogue de sorts."), status=403)


def spell_problems(data: dict, *, club, editing: str | None = None) -> dict[str, list[str]]:
    """Every problem of one spell dict for `club`'s catalogue, in the words of `catalog_load` (the same
    validation: the site's magic types, slugs unique in the catalogue). `editing`: the slug of the spell
    being changed (its slug stays)."""
    known = set(MagicType.objects.values_list("slug", flat=True))
    taken = set() if editing else set(Spell.rows.read_by(club).values_list("slug", flat=True))
    problems = validate_spell_data(data, magic_types=known, taken_slugs=taken)
    if editing and data.get("slug") != editing:
        problems.setdefault("slug", []).append(_("L'identifiant d'un sort ne change pas."))
    return problems


@transaction.atomic
def catalogue_spell_save(*, club, by, data: dict, editing: str | None = None) -> Spell:
    """Add a spell to `club`'s catalogue (`editing` None) or change the one of slug `editing`. Nothing is
    written when `data` has a problem (SpellRefused). Raises Spell.DoesNotExist when `editing` is not in
    the club's catalogue."""
    _require_staff(by, club)
    if editing is not None:
        Spell.rows.read_by(club).get(slug=editing)
    problems = spell_problems(data, club=club, editing=editing)
    if problems:
        raise SpellRefused(problems)
    catalogue_copy_for(club)
    spell = Spell.rows.owned_by(club).filter(slug=editing).first() if editing else None
    before = spell.to_catalog_dict() if spell else None
    counts = UpsertCounts()
    _upsert_spell(canonical_spell(data), spell, {t.slug: t for t in MagicType.objects.all()}, counts, club=club)
    spell = Spell.rows.owned_by(club).get(slug=data["slug"])
    if counts.unchanged == 0:
        audit_record(actor=by, action=AuditAction.CATALOGUE_SPELL,
                     data={"slug": spell.slug, "created": counts.created == 1, "before": before})
    return spell


@transaction.atomic
def catalogue_spell_retire(*, club, by, slug: str, retired: bool = True) -> Spell:
    """Retire a spell of `club`'s catalogue (no longer offered to new duels; nothing deleted, running duels
    keep their snapshot), or bring it back (`retired=False`). Raises Spell.DoesNotExist."""
    _require_staff(by, club)
    Spell.rows.read_by(club).get(slug=slug)
    catalogue_copy_for(club)
    spell = Spell.rows.select_for_update().owned_by(club).get(slug=slug)
    if (spell.retired_at is not None) != retired:
        spell.retired_at = timezone.now() if retired else None
        spell.save(update_fields=["retired_at"])
        audit_record(actor=by, action=AuditAction.CATALOGUE_RETIRE, data={"slug": slug, "retired": retired})
    return spell


@transaction.atomic
def catalogue_import(*, club, by, data) -> CatalogLoadResult:
    """`catalog_load --club` from the control panel: the whole file checked first, nothing written on any
    problem (CatalogError lists them all)."""
    _require_staff(by, club)
    result = catalog_load(data=data, club=club)
    audit_record(actor=by, action=AuditAction.CATALOGUE_IMPORT, data={
        "created": result.spells.created, "updated": result.spells.updated, "unchanged": result.spells.unchanged,
    })
    return result
