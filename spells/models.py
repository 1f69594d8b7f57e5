from __future__ import annotations

from django.core.exceptions import NON_FIELD_ERRORS, ObjectDoesNotExist, ValidationError
from django.db import models
from django.db.models import Exists, Q
from django.utils.translation import gettext_lazy as _

from clubs.scoping import current_club_or_none
from spells.catalog_format import canonical_effect, canonical_modulation
from spells.validation import validate_spell_data

# RULES.md §7 tags, stored as one boolean column each so the catalog can filter on them in SQL.
TAG_FIELDS = {
    "AUTO": "tag_auto",
    "SOIN": "tag_soin",
    "ZONE": "tag_zone",
    "INVOCATION": "tag_invocation",
    "DEFENCE": "tag_defence",
}


class MagicType(models.Model):
    """A school of magic (maléfices, défense, soins…). Duellists pick 1 or 2 per duel (RULES.md §2.5)."""

    slug = models.SlugField(_("identifiant"), max_length=50, unique=True)
    name = models.CharField(_("nom"), max_length=100)
    description = models.TextField(_("description"), blank=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("type de magie")
        verbose_name_plural = _("types de magie")

    def __str__(self) -> str:
        return self.name

    def to_catalog_dict(self) -> dict:
        return {"slug": self.slug, "name": self.name, "description": self.description}


class Target(models.TextChoices):
    OPPONENT = "opponent", _("un adversaire")
    SELF = "self", _("soi-même")
    ALLY = "ally", _("soi-même ou un coéquipier")
    ZONE = "zone", _("une zone")


def _field_errors(problems: dict[str, list[str]], fields: dict[str, str]) -> dict[str, list[str]]:
    """validate_spell_data's keys → model field names (anything else: the form's general errors)."""
    errors: dict[str, list[str]] = {}
    for key, messages in problems.items():
        errors.setdefault(fields.get(key, NON_FIELD_ERRORS), []).extend(messages)
    return errors


class CatalogueQuerySet(models.QuerySet):
    def owned_by(self, club) -> CatalogueQuerySet:
        """Exactly `club`'s copy (a club or its id); None: the default catalogue's rows."""
        return self.filter(club__isnull=True) if club is None else self.filter(club=club)

    def read_by(self, club) -> CatalogueQuerySet:
        """The catalogue `club` reads: its own copy when it has one, else the default (club None: the
        default). One statement: the "has a copy" test is a subquery of the same query."""
        if club is None:
            return self.owned_by(None)
        has_copy = Exists(Spell.rows.filter(club=club))
        return self.filter(Q(club=club) | Q(club__isnull=True) & ~has_copy)

    def offered(self) -> CatalogueQuerySet:
        """The spells offered to new duels, the catalogue page and the API: not retired."""
        return self.filter(retired_at__isnull=True)


class ActiveCatalogueManager(models.Manager.from_queryset(CatalogueQuerySet)):
    """`Spell.objects`: the active club's catalogue (clubs.scoping.current_club), else the default one.
    Every read of the catalogue — pages, API, a duel's start snapshot, rankings' spell names — goes
    through it, so one club's copy never shows in another club."""

    def get_queryset(self) -> CatalogueQuerySet:
        return super().get_queryset().read_by(current_club_or_none())


class Spell(models.Model):
    """A catalog spell, stored in the RULES.md §7 vocabulary (see `to_catalog_dict`).

    `club` None: the default catalogue (shared, loaded from the shipped file); else a row of that club's
    own copy (spells.services.catalogue_copy_for). A club reads its copy when it has one, else the
    default: `Spell.objects`. `Spell.rows` is every row of every catalogue (the operator's admin, the
    copy, the import)."""

    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, null=True, blank=True, related_name="+",
                             verbose_name=_("club"), help_text=_("Vide : le catalogue par défaut."))
    slug = models.SlugField(_("identifiant"), max_length=60)
    name = models.CharField(_("nom"), max_length=120)
    incantation = models.CharField(_("incantation"), max_length=120, blank=True)
    description = models.TextField(_("description"), blank=True)
    level = models.PositiveSmallIntegerField(_("niveau"), help_text=_("De 1 à 8 : l'année à partir de laquelle "
                                                                      "le sort est accessible. Coût en PM."))
    range = models.PositiveSmallIntegerField(_("portée"), help_text=_("P= : distance maximale en zones."))
    magic_type = models.ForeignKey(
        MagicType, on_delete=models.PROTECT, null=True, blank=True, related_name="spells",
        verbose_name=_("type de magie"),
    )
    tag_auto = models.BooleanField("AUTO", default=False, help_text=_("Réussit sans pari ; ne s'esquive pas."))
    tag_soin = models.BooleanField("SOIN", default=False, help_text=_("Sort de soin : ne coûte aucun PM."))
    tag_zone = models.BooleanField("ZONE", default=False, help_text=_("Touche une ou plusieurs zones."))
    tag_invocation = models.BooleanField("INVOCATION", default=False, help_text=_("Invoque une créature."))
    tag_defence = models.BooleanField("DEFENCE", default=False,
                                      help_text=_("Peut se lancer en phase de défense."))
    target = models.CharField(_("cible"), max_length=10, choices=Target.choices)
    radius = models.PositiveSmallIntegerField(
        _("rayon"), null=True, blank=True, help_text=_("Sorts ZONE seulement : zones z−R à z+R (0 par défaut)."),
    )
    effect = models.JSONField(_("effet"), default=dict, help_text=_('Par exemple {"damage": 2, "push": 1}.'))
    bonus = models.JSONField(
        _("effet bonus"), null=True, blank=True,
        help_text=_("Pour un lanceur du type de magie du sort qui parie 123 ou 456. Vide : pas de bonus."),
    )
    retired_at = models.DateTimeField(
        _("retiré le"), null=True, blank=True,
        help_text=_("Un sort retiré n'est plus proposé aux nouveaux duels ; les duels en cours gardent le leur."),
    )

    objects = ActiveCatalogueManager()
    rows = CatalogueQuerySet.as_manager()

    class Meta:
        ordering = ["level", "name"]
        verbose_name = _("sort")
        verbose_name_plural = _("sorts")
        default_manager_name = "rows"  # the admin, forms' checks and related managers see every row
        constraints = [
            models.UniqueConstraint(fields=["club", "slug"], name="spell_unique_slug_per_club",
                                    violation_error_message=_("Ce club a déjà un sort de cet identifiant.")),
            models.UniqueConstraint(fields=["slug"], condition=Q(club__isnull=True), name="spell_unique_default_slug",
                                    violation_error_message=_("Le catalogue par défaut a déjà un sort de cet "
                                                              "identifiant.")),
            models.CheckConstraint(condition=Q(level__gte=1, level__lte=8), name="spell_level_1_8",
                                   violation_error_message=_("Le niveau doit être compris entre 1 et 8.")),
            models.CheckConstraint(condition=Q(target__in=Target.values), name="spell_target_valid",
                                   violation_error_message=_("Cible inconnue.")),
            models.CheckConstraint(condition=Q(radius__isnull=True) | Q(tag_zone=True),
                                   name="spell_radius_zone_only",
                                   violation_error_message=_("Seul un sort ZONE a un rayon.")),
            models.CheckConstraint(condition=Q(tag_zone=False, tag_invocation=False) | Q(target=Target.ZONE),
                                   name="spell_zone_target",
                                   violation_error_message=_("Un sort ZONE ou INVOCATION cible une zone.")),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def tags(self) -> list[str]:
        return [tag for tag, field in TAG_FIELDS.items() if getattr(self, field)]

    @tags.setter
    def tags(self, tags) -> None:
        for tag, field in TAG_FIELDS.items():
            setattr(self, field, tag in tags)

    @property
    def magic_type_slug(self) -> str | None:
        return self.magic_type.slug if self.magic_type_id else None

    def to_catalog_dict(self, *, modulations=None) -> dict:
        """This spell as a catalog dict: §7 keys plus incantation and description.

        `modulations` defaults to the saved ones (prefetch them for lists of spells)."""
        data = {
            "slug": self.slug, "name": self.name, "incantation": self.incantation,
            "description": self.description, "level": self.level, "range": self.range,
            "type": self.magic_type_slug, "tags": self.tags, "target": self.target,
        }
        if self.tag_zone:
            data["radius"] = self.radius or 0
        elif self.radius is not None:
            data["radius"] = self.radius  # invalid: kept so that validation reports it
        data["effect"] = canonical_effect(self.effect)
        if self.bonus is not None:
            data["bonus"] = canonical_effect(self.bonus)
        if modulations is None:
            modulations = self.modulations.all() if self.pk else []
        if modulations:
            data["modulations"] = [m.to_catalog_dict() for m in sorted(modulations, key=_level_or_zero)]
        return data

    def clean(self) -> None:
        problems = validate_spell_data(self.to_catalog_dict(modulations=[]))
        fields = {name: name for name in ("slug", "name", "incantation", "description", "level", "range",
                                          "target", "radius", "effect", "bonus")}
        errors = _field_errors(problems, {**fields, "type": "magic_type"})
        if self.slug and Spell.rows.owned_by(self.club_id).filter(slug=self.slug).exclude(pk=self.pk).exists():
            # the unique constraints name `club`, which the admin's form leaves out (so Django skips them)
            errors.setdefault("slug", []).append(_("Ce catalogue a déjà un sort de cet identifiant."))
        if errors:
            raise ValidationError(errors)


def _level_or_zero(modulation) -> int:
    return modulation.level if isinstance(modulation.level, int) else 0


class Modulation(models.Model):
    """A stronger variant of a spell at a higher level (§7): its cost is its level."""

    spell = models.ForeignKey(Spell, on_delete=models.CASCADE, related_name="modulations", verbose_name=_("sort"))
    level = models.PositiveSmallIntegerField(_("niveau"), help_text=_("Au-dessus du niveau du sort, au plus 8."))
    effect = models.JSONField(_("effet"), default=dict)
    bonus = models.JSONField(_("effet bonus"), null=True, blank=True)

    class Meta:
        ordering = ["spell", "level"]
        verbose_name = _("modulation")
        verbose_name_plural = _("modulations")
        constraints = [
            models.UniqueConstraint(fields=["spell", "level"], name="modulation_unique_level",
                                    violation_error_message=_("Ce sort a déjà une modulation de ce niveau.")),
            models.CheckConstraint(condition=Q(level__gte=2, level__lte=8), name="modulation_level_2_8",
                                   violation_error_message=_("Le niveau d'une modulation va de 2 à 8.")),
        ]

    def __str__(self) -> str:
        return f"{self.spell} ({self.level})" if self.spell_id else str(self.level)

    def to_catalog_dict(self) -> dict:
        return canonical_modulation({"level": self.level, "effect": self.effect, "bonus": self.bonus})

    def clean(self) -> None:
        """Validated as part of its spell (level above the spell's, summon ⇔ INVOCATION…)."""
        try:
            spell = self.spell
        except ObjectDoesNotExist:
            return
        problems = validate_spell_data(spell.to_catalog_dict(modulations=[self]))
        prefix = "modulations[0]"
        # Shown on this modulation's own row: "« level »", not its index in a spell dict.
        mine = {key.removeprefix(prefix).lstrip("."): [m.replace(f"« {prefix}.", "« ") for m in messages]
                for key, messages in problems.items() if key.startswith(prefix)}
        if mine:
            raise ValidationError(_field_errors(mine, {"level": "level", "effect": "effect", "bonus": "bonus"}))
