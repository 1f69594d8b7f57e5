"""Webhooks configured by staff, and one delivery row per (webhook, event) to send."""
from __future__ import annotations

import re
import uuid

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.scoping import ClubOwned
from webhooks.addresses import AddressRefused, url_check


class WebhookKind(models.TextChoices):
    DISCORD = "discord", _("Discord")
    SIGNED = "signed", _("Webhook signé (JSON)")


class EventKind(models.TextChoices):
    """What a webhook may carry; the value is the `event` field of the JSON and `X-Estrade-Event`."""

    DUEL_MATCHED = "duel.matched", _("Nouveau duel apparié")
    DUEL_STARTED = "duel.started", _("Duel commencé")
    POST_PUBLISHED = "post.published", _("Message posté")
    DECLARATION_PUBLISHED = "declaration.published", _("Déclaration publiée")
    REMINDER = "reminder", _("Rappel d'échéance")
    DUEL_FINISHED = "duel.finished", _("Résultat et récompenses")
    SANCTION = "sanction", _("Sanction")
    TOURNAMENT_ROUND_DRAWN = "tournament.round_drawn", _("Tournoi : tirage publié")
    TOURNAMENT_MATCH_DECIDED = "tournament.match_decided", _("Tournoi : qualifié / éliminé")
    TOURNAMENT_FINISHED = "tournament.finished", _("Tournoi : vainqueur")
    CUP_POINTS = "cup.points", _("Points de maison")


# Carried by a new webhook unless staff choose otherwise (every post is a lot for a Discord channel).
DEFAULT_EVENTS = [kind for kind in EventKind.values if kind != EventKind.POST_PUBLISHED]


class Webhook(ClubOwned):
    name = models.CharField(_("nom"), max_length=100)
    kind = models.CharField(_("type"), max_length=10, choices=WebhookKind.choices, default=WebhookKind.DISCORD)
    url = models.CharField(_("adresse"), max_length=500)
    secret = models.CharField(_("secret de signature"), max_length=128, blank=True)
    events = models.JSONField(_("événements transmis"), default=list, blank=True)
    language = models.CharField(_("langue des messages"), max_length=10,
                                choices=[("fr", "Français"), ("en", "English")], default="fr")
    enabled = models.BooleanField(_("actif"), default=True)
    disabled_reason = models.CharField(_("motif de la désactivation"), max_length=200, blank=True)
    created_at = models.DateTimeField(_("créé le"), auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]
        verbose_name = _("webhook")
        verbose_name_plural = _("webhooks")

    def __str__(self) -> str:
        return self.name

    def clean(self):
        super().clean()
        if self.url:
            try:
                url_check(self.url)
            except AddressRefused as refused:
                raise ValidationError({"url": refused.message}) from refused

    @property
    def masked_url(self) -> str:
        return url_masked(self.url)

    def carries(self, event: str) -> bool:
        return event in (self.events or [])


def url_masked(url: str) -> str:
    """Scheme and host, then only the last 4 characters: a webhook address is a password. Credentials
    (`user:password@`) are never shown, only that there are some (`…@`)."""
    scheme, _sep, rest = (url or "").partition("://")
    authority, path = re.match(r"([^/?#]*)[/?#]?(.*)", rest, re.S).groups()
    _credentials, at, host = authority.rpartition("@")
    host = f"…@{host}" if at else host
    if not path:
        return f"{scheme}://{host}" if host else ""
    return f"{scheme}://{host}/…{path[-4:]}" if len(path) > 8 else f"{scheme}://{host}/…"


class DeliveryStatus(models.TextChoices):
    PENDING = "pending", _("à envoyer")
    SENDING = "sending", _("en cours d'envoi")
    SENT = "sent", _("envoyé")
    FAILED = "failed", _("échec")


class Delivery(ClubOwned):
    """One message to one webhook: the exact JSON body, stored in the transaction of the event, so that
    a process dying after the commit loses nothing (the retry sweep sends what is still due)."""

    club_parent = "webhook"

    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="deliveries",
                                verbose_name=_("webhook"))
    event = models.CharField(_("événement"), max_length=40, choices=EventKind.choices)
    event_id = models.UUIDField(_("identifiant de l'événement"), default=uuid.uuid4)
    duel = models.ForeignKey("duels.Duel", on_delete=models.SET_NULL, null=True, blank=True, related_name="+",
                             verbose_name=_("duel"))
    payload = models.JSONField(_("contenu"))
    status = models.CharField(_("statut"), max_length=10, choices=DeliveryStatus.choices,
                              default=DeliveryStatus.PENDING)
    attempts = models.PositiveSmallIntegerField(_("tentatives"), default=0)
    last_status_code = models.PositiveSmallIntegerField(_("dernier code HTTP"), null=True, blank=True)
    last_error = models.CharField(_("dernière erreur"), max_length=300, blank=True)
    next_try_at = models.DateTimeField(_("prochain essai"), null=True, blank=True)
    created_at = models.DateTimeField(_("créé le"))
    sent_at = models.DateTimeField(_("envoyé le"), null=True, blank=True)
    resent_from = models.ForeignKey("self", on_delete=models.SET_NULL, null=True, blank=True, related_name="+",
                                    verbose_name=_("renvoi de"))

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("envoi")
        verbose_name_plural = _("envois")
        permissions = [("resend_delivery", _("Peut renvoyer un envoi de webhook"))]
        indexes = [
            # The retry sweep reads only rows still to send whose time has come.
            models.Index(fields=["next_try_at"], name="delivery_due",
                         condition=models.Q(status__in=["pending", "sending"])),
            # A webhook's deliveries newest first: its page in the control panel, and the list's last one.
            models.Index(fields=["webhook", "-created_at"], name="delivery_webhook_recent"),
        ]

    def __str__(self) -> str:
        return f"{self.webhook} — {self.event} ({self.get_status_display()})"
