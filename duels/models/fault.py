"""Faults (RULES.md §6) and exemptions (RULES.md §1.4)."""
from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.scoping import ClubOwned


class FaultKind(models.TextChoices):
    ABSENCE = "absence", _("absence")
    OTHER = "other", _("autre faute")


class Fault(ClubOwned):
    """Every fault is kept. Absence faults recorded by the sweep name their window (once per window)."""

    club_parent = "participant"

    participant = models.ForeignKey(
        "duels.Participant", on_delete=models.CASCADE, related_name="faults", verbose_name=_("participant")
    )
    kind = models.CharField(_("type"), max_length=8, choices=FaultKind.choices)
    window = models.ForeignKey(
        "duels.Window", on_delete=models.CASCADE, null=True, blank=True, related_name="faults",
        verbose_name=_("fenêtre manquée"),
    )
    note = models.TextField(_("note"), blank=True)
    pf_penalty = models.PositiveSmallIntegerField(_("pénalité en PF"), default=0)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+",
        verbose_name=_("relevée par"), help_text=_("Vide : relevée automatiquement."),
    )
    created_at = models.DateTimeField(_("relevée le"), default=timezone.now)

    class Meta:
        ordering = ["created_at", "pk"]
        verbose_name = _("faute")
        verbose_name_plural = _("fautes")
        constraints = [
            models.CheckConstraint(condition=models.Q(kind__in=FaultKind.values), name="fault_kind_valid"),
            models.UniqueConstraint(
                fields=["participant", "window"], condition=models.Q(kind="absence", window__isnull=False),
                name="fault_one_absence_per_window",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.participant} — {self.get_kind_display()}"


class ExemptionStatus(models.TextChoices):
    REQUESTED = "requested", _("demandée")
    GRANTED = "granted", _("accordée")
    REFUSED = "refused", _("refusée")


class Exemption(ClubOwned):
    """A request to post later than 48 h, at most 5 days after the referee post that opened the window.
    At most one request pending or granted per participant (a refused request may be made again)."""

    club_parent = "participant"

    participant = models.ForeignKey(
        "duels.Participant", on_delete=models.CASCADE, related_name="exemptions", verbose_name=_("participant")
    )
    window = models.ForeignKey(
        "duels.Window", on_delete=models.CASCADE, related_name="exemptions", verbose_name=_("fenêtre")
    )
    status = models.CharField(
        _("statut"), max_length=10, choices=ExemptionStatus.choices, default=ExemptionStatus.REQUESTED
    )
    reason = models.TextField(_("motif"))
    wished_deadline = models.DateTimeField(_("date limite souhaitée"))
    granted_deadline = models.DateTimeField(_("date limite accordée"), null=True, blank=True)
    requested_at = models.DateTimeField(_("demandée le"), default=timezone.now)
    decided_at = models.DateTimeField(_("décidée le"), null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+",
        verbose_name=_("décidée par"),
    )

    class Meta:
        ordering = ["requested_at", "pk"]
        verbose_name = _("dispense")
        verbose_name_plural = _("dispenses")
        constraints = [
            models.CheckConstraint(condition=models.Q(status__in=ExemptionStatus.values), name="exemption_status_valid"),
            # One request awaiting the referee at a time; how many a duel allows is the house rules'
            # `exemptions` (RULES.md §8), counted by the service under the duel's lock.
            models.UniqueConstraint(
                fields=["participant"], condition=models.Q(status="requested"),
                name="exemption_one_pending_per_participant",
            ),
            models.CheckConstraint(
                condition=~models.Q(status="granted") | models.Q(granted_deadline__isnull=False),
                name="exemption_granted_has_deadline",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.participant} — dispense {self.get_status_display()}"
