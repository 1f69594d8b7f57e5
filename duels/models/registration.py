"""A player's wish to duel (RULES.md §1.2), waiting for matchmaking."""
from django.core.validators import MaxValueValidator
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import YEAR_CHOICES
from clubs.scoping import ClubOwned
from duels.models.choices import DuelFormat, DuelKind


class RegistrationStatus(models.TextChoices):
    WAITING = "waiting", _("en attente")
    MATCHED = "matched", _("apparié")
    WITHDRAWN = "withdrawn", _("retirée")


class Registration(ClubOwned):

    club_parent = "duellist"
    duellist = models.ForeignKey(
        "accounts.Duellist", on_delete=models.PROTECT, related_name="registrations", verbose_name=_("duelliste")
    )
    kind = models.CharField(_("type de duel"), max_length=8, choices=DuelKind.choices)
    format = models.CharField(_("format"), max_length=3, choices=DuelFormat.choices)
    year = models.PositiveSmallIntegerField(_("année de combat"), choices=YEAR_CHOICES)
    named_opponent = models.ForeignKey(
        "accounts.Duellist", on_delete=models.SET_NULL, null=True, blank=True, related_name="+",
        verbose_name=_("adversaire nommé"),
    )
    named_partner = models.ForeignKey(
        "accounts.Duellist", on_delete=models.SET_NULL, null=True, blank=True, related_name="+",
        verbose_name=_("partenaire nommé"),
    )
    status = models.CharField(
        _("statut"), max_length=10, choices=RegistrationStatus.choices, default=RegistrationStatus.WAITING
    )
    duel = models.ForeignKey(
        "duels.Duel", on_delete=models.SET_NULL, null=True, blank=True, related_name="registrations",
        verbose_name=_("duel"),
    )
    created_at = models.DateTimeField(_("inscrite le"), default=timezone.now, db_index=True)

    class Meta:
        ordering = ["created_at", "pk"]
        verbose_name = _("inscription")
        verbose_name_plural = _("inscriptions")
        constraints = [
            models.UniqueConstraint(
                fields=["duellist"], condition=models.Q(status="waiting"), name="registration_one_waiting_per_duellist"
            ),
            models.CheckConstraint(condition=models.Q(year__gte=1, year__lte=8), name="registration_year_1_8"),
            models.CheckConstraint(
                condition=models.Q(status__in=RegistrationStatus.values), name="registration_status_valid"
            ),
            models.CheckConstraint(condition=models.Q(kind__in=DuelKind.values), name="registration_kind_valid"),
            models.CheckConstraint(condition=models.Q(format__in=DuelFormat.values), name="registration_format_valid"),
            models.CheckConstraint(
                condition=models.Q(named_partner__isnull=True) | models.Q(format=DuelFormat.TWO_V_TWO),
                name="registration_partner_only_2v2",
            ),
            models.CheckConstraint(
                condition=~models.Q(status="matched") | models.Q(duel__isnull=False),
                name="registration_matched_has_duel",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.duellist} — {self.get_kind_display()} {self.format} ({self.get_status_display()})"


class MatchmakingSettings(ClubOwned):
    """The matchmaking policy staff set in the admin (one row; defaults when there is none)."""

    wide_gap_wait_days = models.PositiveSmallIntegerField(
        _("délai avant un duel RP à plus d'un an d'écart (jours)"), default=7,
        validators=[MaxValueValidator(365)],
        help_text=_("Un duel RP entre années séparées de plus d'un an n'est créé qu'après ce délai d'attente de "
                    "l'inscription la plus ancienne, ou sur confirmation d'un arbitre."),
    )

    class Meta:
        verbose_name = _("réglage d'appariement")
        verbose_name_plural = _("réglages d'appariement")

    def __str__(self) -> str:
        return str(self._meta.verbose_name)

    @classmethod
    def current(cls) -> "MatchmakingSettings":
        return cls.objects.order_by("pk").first() or cls()
