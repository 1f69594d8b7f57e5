"""Rewards (RULES.md §3.3.2) and the staff-editable salary scale."""
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import YEAR_CHOICES


class SalaryScale(models.Model):
    """Daily salary in galleons for a year (1..7, 8 = Adult). Edited by staff in the admin."""

    year = models.PositiveSmallIntegerField(
        _("année"), choices=YEAR_CHOICES, unique=True, validators=[MinValueValidator(1), MaxValueValidator(8)]
    )
    daily_salary = models.PositiveIntegerField(_("salaire journalier (gallions)"))

    class Meta:
        ordering = ["year"]
        verbose_name = _("salaire journalier")
        verbose_name_plural = _("barème des salaires")
        constraints = [
            models.CheckConstraint(condition=models.Q(year__gte=1, year__lte=8), name="salary_year_1_8"),
        ]

    def __str__(self) -> str:
        return f"{self.get_year_display()} : {self.daily_salary} gallions/jour"


class Outcome(models.TextChoices):
    WIN = "win", _("victoire")
    LOSS = "loss", _("défaite")
    DRAW = "draw", _("match nul")
    DISQUALIFIED = "disqualified", _("disqualification")


class Result(models.Model):
    """One row per duellist per finished duel: what they won. Champion points sum into the ranking."""

    duel = models.ForeignKey("duels.Duel", on_delete=models.PROTECT, related_name="results", verbose_name=_("duel"))
    participant = models.OneToOneField(
        "duels.Participant", on_delete=models.PROTECT, related_name="result", verbose_name=_("participant")
    )
    duellist = models.ForeignKey(
        "accounts.Duellist", on_delete=models.PROTECT, related_name="results", verbose_name=_("duelliste")
    )
    year = models.PositiveSmallIntegerField(_("année de combat"), choices=YEAR_CHOICES)
    outcome = models.CharField(_("issue"), max_length=12, choices=Outcome.choices)
    champion_points = models.PositiveSmallIntegerField(_("points de champion"), default=0)
    purse = models.PositiveIntegerField(_("bourse (gallions)"), default=0)
    chocogrenouille = models.BooleanField(_("chocogrenouille"), default=False)
    recorded_at = models.DateTimeField(_("enregistré le"), default=timezone.now)

    class Meta:
        ordering = ["-recorded_at", "pk"]
        verbose_name = _("résultat")
        verbose_name_plural = _("résultats")
        constraints = [
            models.UniqueConstraint(fields=["duel", "duellist"], name="result_once_per_duellist_per_duel"),
            models.CheckConstraint(condition=models.Q(outcome__in=Outcome.values), name="result_outcome_valid"),
            models.CheckConstraint(
                condition=models.Q(outcome="win") | models.Q(champion_points=0), name="result_points_only_for_a_win"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.duellist} — {self.get_outcome_display()} ({self.duel})"
