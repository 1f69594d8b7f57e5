"""The house cup (DESIGN.md "Growing it"): a club's houses, who belongs to which, its prefects, and the
ledger of points. The ledger is insert-only: a house's total is the sum of its entries, a correction is a
new entry that reverses an old one (`reverses`), never an edit. Writes go through cup/services/."""
from __future__ import annotations

from django.conf import settings
from django.core.validators import RegexValidator
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.scoping import ClubOwned, club_manager

# The four houses a club starts with: (name, colour, crest).
DEFAULT_HOUSES = (
    ("Gryffondor", "#ae0001", "🦁"),
    ("Serdaigle", "#222f5b", "🦅"),
    ("Poufsouffle", "#ecb939", "🦡"),
    ("Serpentard", "#2a623d", "🐍"),
)
colour_validator = RegexValidator(r"^#[0-9a-fA-F]{6}$", _("Une couleur s'écrit #rrggbb, par exemple #ae0001."))


class House(ClubOwned):
    name = models.CharField(_("nom"), max_length=40)
    colour = models.CharField(_("couleur"), max_length=7, default="#7a5b2e", validators=[colour_validator])
    crest = models.CharField(_("blason"), max_length=8, blank=True,
                             help_text=_("Un symbole ou un emoji, par exemple 🦁."))
    position = models.PositiveSmallIntegerField(_("ordre"), default=0)

    class Meta:
        ordering = ["position", "pk"]
        verbose_name = _("maison")
        verbose_name_plural = _("maisons")
        constraints = [models.UniqueConstraint(fields=["club", "name"], name="house_name_unique_per_club")]

    def __str__(self) -> str:
        return self.name


class HouseMember(ClubOwned):
    """A duellist's house: one at most (a duellist profile belongs to one club)."""
    duellist = models.OneToOneField("accounts.Duellist", on_delete=models.CASCADE, related_name="house_member",
                                    verbose_name=_("duelliste"))
    house = models.ForeignKey(House, on_delete=models.CASCADE, related_name="members", verbose_name=_("maison"))
    since = models.DateTimeField(_("depuis"), default=timezone.now)

    club_parent = "house"

    class Meta:
        verbose_name = _("membre d'une maison")
        verbose_name_plural = _("membres des maisons")


class Prefect(ClubOwned):
    """A club role per house: prefects award and remove points (their own house only, when the club says so)."""
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="prefect_of",
                             verbose_name=_("compte"))
    house = models.ForeignKey(House, on_delete=models.CASCADE, related_name="prefects", verbose_name=_("maison"))

    club_parent = "house"

    class Meta:
        verbose_name = _("préfet")
        verbose_name_plural = _("préfets")
        constraints = [models.UniqueConstraint(fields=["user", "house"], name="prefect_once_per_house")]


class PeriodKind(models.TextChoices):
    MONTH = "month", _("le mois")
    SCHOOL_YEAR = "school_year", _("l'année scolaire (septembre à août)")
    CUSTOM = "custom", _("une période choisie")


class CupSettings(ClubOwned):
    """A club's cup: which period the standings show, and who may touch which house."""
    period = models.CharField(_("période de la coupe"), max_length=12, choices=PeriodKind.choices,
                              default=PeriodKind.SCHOOL_YEAR)
    starts_on = models.DateField(_("début de la période choisie"), null=True, blank=True)
    ends_on = models.DateField(_("fin de la période choisie"), null=True, blank=True)
    prefects_own_house_only = models.BooleanField(
        _("les préfets ne touchent qu'à leur maison"), default=True,
        help_text=_("Sinon, un préfet peut donner ou retirer des points à toutes les maisons."))

    class Meta:
        verbose_name = _("réglages de la coupe")
        verbose_name_plural = _("réglages de la coupe")
        constraints = [models.UniqueConstraint(fields=["club"], name="cup_settings_once_per_club")]


class ImmutableEntryError(Exception):
    """Raised on any attempt to change or delete a ledger entry."""


class EntryQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise ImmutableEntryError("The house ledger is insert-only.")

    def delete(self):
        raise ImmutableEntryError("The house ledger is insert-only.")


class Cause(models.TextChoices):
    DUEL = "duel", _("résultat de duel")
    TOURNAMENT = "tournament", _("tournoi")
    MANUAL = "manual", _("attribution")
    CORRECTION = "correction", _("correction")


class LedgerEntry(ClubOwned):
    """Points (±) for a house: why, who, when, and what caused it. `occurred_at` is the moment the points
    count for (a period's cup); a reversal counts when the entry it reverses did."""
    # Nothing deletes an entry but its club's deletion (the cascades); a removed duel or member leaves the
    # entry with its reason.
    house = models.ForeignKey(House, on_delete=models.CASCADE, related_name="entries", verbose_name=_("maison"))
    points = models.IntegerField(_("points"))
    reason = models.CharField(_("motif"), max_length=200, blank=True)  # staff's words; an automatic entry's is built
    cause = models.CharField(_("origine"), max_length=12, choices=Cause.choices)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                   related_name="+", verbose_name=_("par"))
    created_at = models.DateTimeField(_("écrite le"), default=timezone.now)
    occurred_at = models.DateTimeField(_("compte le"), default=timezone.now)
    duel = models.ForeignKey("duels.Duel", on_delete=models.SET_NULL, null=True, blank=True, related_name="+",
                             verbose_name=_("duel"))
    tournament = models.ForeignKey("tournaments.Tournament", on_delete=models.SET_NULL, null=True, blank=True,
                                   related_name="+", verbose_name=_("tournoi"))
    duellist = models.ForeignKey("accounts.Duellist", on_delete=models.SET_NULL, null=True, blank=True,
                                 related_name="+", verbose_name=_("duelliste"))
    outcome = models.CharField(_("résultat"), max_length=12, blank=True)  # a duel entry's: rankings' Outcome
    reverses = models.OneToOneField("self", on_delete=models.CASCADE, null=True, blank=True,
                                    related_name="reversed_by", verbose_name=_("annule"))

    club_parent = "house"
    objects = club_manager(EntryQuerySet)

    class Meta:
        ordering = ["-occurred_at", "-pk"]
        verbose_name = _("points de maison")
        verbose_name_plural = _("points de maison")
        # The ledger's pages, newest first (their order, so a page reads 50 rows, not the period), and a
        # house's sum over a period (read from the index alone).
        indexes = [models.Index(fields=["club", "occurred_at", "id"], name="ledger_club_time_id"),
                   models.Index(fields=["house", "occurred_at", "points"], name="ledger_house_time_points")]
        constraints = [
            models.CheckConstraint(condition=~models.Q(points=0), name="ledger_points_not_zero"),
            # A tournament's win is written once per duellist (a correction of the tournament reverses it).
            models.UniqueConstraint(fields=["tournament", "duellist"], name="ledger_tournament_once",
                                    condition=models.Q(cause="tournament")),
        ]

    def __str__(self) -> str:
        return f"{self.house} {self.points:+d} — {self.reason}"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise ImmutableEntryError("The house ledger is insert-only.")
        kwargs["force_insert"] = True
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ImmutableEntryError("The house ledger is insert-only.")
