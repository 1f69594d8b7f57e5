"""Posting windows: each referee post (start signal, declaration) opens one (DESIGN.md "Deadlines")."""
from django.core.exceptions import ObjectDoesNotExist
from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.scoping import ClubOwned
from duels.models.choices import Phase


class WindowState(models.TextChoices):
    OPEN = "open", _("ouverte")
    CLOSED = "closed", _("close (tous ont posté)")
    EXPIRED = "expired", _("expirée (absences relevées)")


class Window(ClubOwned):
    """One phase of one turn. `due_at` is when the sweep may claim it: the latest deadline among the
    duellists who have not posted yet (recomputed on each post and exemption), so a window expires only
    once every missing poster is late."""

    club_parent = "duel"

    duel = models.ForeignKey("duels.Duel", on_delete=models.CASCADE, related_name="windows", verbose_name=_("duel"))
    turn = models.PositiveIntegerField(_("tour"))
    phase = models.CharField(_("phase"), max_length=8, choices=Phase.choices)
    opened_at = models.DateTimeField(_("ouverte le"))
    opened_by = models.OneToOneField(
        "duels.Declaration", on_delete=models.PROTECT, null=True, blank=True, related_name="opened_window",
        verbose_name=_("ouverte par la déclaration"), help_text=_("Vide : le signal de départ de l'arbitre."),
    )
    state = models.CharField(_("état"), max_length=8, choices=WindowState.choices, default=WindowState.OPEN)
    due_at = models.DateTimeField(_("échéance"), null=True, blank=True)
    closed_at = models.DateTimeField(_("fermée le"), null=True, blank=True)
    # Posts the referee voided in a correction (duels.services.corrections): the declaration resolves
    # without them. Posts are insert-only, so the void is recorded here:
    # [{"post": id, "by": engine id, "mode": "pass"|"repost", "reason": str}].
    voided_posts = models.JSONField(_("messages annulés"), default=list, blank=True)

    class Meta:
        ordering = ["duel", "turn", "phase"]
        verbose_name = _("fenêtre de publication")
        verbose_name_plural = _("fenêtres de publication")
        constraints = [
            models.UniqueConstraint(fields=["duel", "turn", "phase"], name="window_one_per_phase"),
            models.UniqueConstraint(
                fields=["duel"], condition=models.Q(state="open"), name="window_one_open_per_duel"
            ),
            models.CheckConstraint(condition=models.Q(state__in=WindowState.values), name="window_state_valid"),
            models.CheckConstraint(condition=models.Q(phase__in=Phase.values), name="window_phase_valid"),
            models.CheckConstraint(
                condition=models.Q(state="open") | models.Q(closed_at__isnull=False), name="window_closed_has_time"
            ),
        ]
        indexes = [
            # The sweep only ever reads open windows that are due (healthchecks-style partial index).
            models.Index(fields=["due_at"], condition=models.Q(state="open"), name="window_open_due_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.duel} — tour {self.turn}, {self.get_phase_display()}"

    @property
    def published_declaration(self):
        """The declaration that closed this phase, once published; None while it is a draft or absent.
        No query when the declaration was read with the window (select_related)."""
        try:
            declaration = self.declaration
        except ObjectDoesNotExist:
            return None
        return declaration if declaration.is_published else None


class SlotStatus(models.TextChoices):
    WAITING = "waiting", _("attendu")
    POSTED = "posted", _("a posté")
    ABSENT = "absent", _("absent (passe automatique)")
    WITHDRAWN = "withdrawn", _("plus attendu (abandon)")


class WindowSlot(ClubOwned):
    """A duellist expected to post in a window, with their own deadline (48 h, or later with an exemption)."""

    club_parent = "window"

    window = models.ForeignKey(Window, on_delete=models.CASCADE, related_name="slots", verbose_name=_("fenêtre"))
    participant = models.ForeignKey(
        "duels.Participant", on_delete=models.CASCADE, related_name="slots", verbose_name=_("participant")
    )
    deadline = models.DateTimeField(_("date limite"), db_index=True)
    status = models.CharField(_("statut"), max_length=10, choices=SlotStatus.choices, default=SlotStatus.WAITING)
    # Reminders are claimed once each by a conditional update (duels.services.reminders); an exemption
    # that moves the deadline clears them, so the reminders follow the new deadline.
    reminded_24h_at = models.DateTimeField(_("rappel 24 h envoyé le"), null=True, blank=True)
    reminded_6h_at = models.DateTimeField(_("rappel 6 h envoyé le"), null=True, blank=True)

    class Meta:
        ordering = ["window", "pk"]
        verbose_name = _("attente d'un message")
        verbose_name_plural = _("attentes de messages")
        constraints = [
            models.UniqueConstraint(fields=["window", "participant"], name="slot_once_per_window"),
            models.CheckConstraint(condition=models.Q(status__in=SlotStatus.values), name="slot_status_valid"),
        ]
        indexes = [
            models.Index(fields=["deadline"], condition=models.Q(status="waiting"), name="slot_waiting_deadline_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.participant} — {self.get_status_display()} (avant le {self.deadline:%d/%m/%Y %H:%M})"

    @property
    def posted(self) -> bool:
        return self.status == SlotStatus.POSTED
