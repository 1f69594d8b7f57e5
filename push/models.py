"""Web push: the devices a member turned push on for (one subscription per browser and club), what they
want pushed and when not, and the outbox of pushes (one row per notice and device, sent after commit).

A subscription belongs to the club whose pages registered it: its service worker's scope is that club's
pages, so its pushes are that club's notices. The choices are the member's own, for every club."""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.scoping import ClubOwned


class Category(models.TextChoices):
    """What a member may choose to have pushed (push/categories.py tells which notice is which)."""
    TURN = "turn", _("« À vous de poster » (et, pour l'arbitre, « déclaration à rédiger »)")
    REMINDER = "reminder", _("Rappels d'échéance et délais expirés")
    DECLARATION = "declaration", _("Déclarations publiées")
    RESULT = "result", _("Résultats des duels")
    TOURNAMENT = "tournament", _("Rondes de tournoi")


class PushSubscription(ClubOwned):
    """One browser of one member, as its push service gave it (`PushManager.subscribe`)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions")
    endpoint = models.URLField(_("adresse du service push"), max_length=1000)
    p256dh = models.CharField(max_length=120)  # the browser's P-256 public key (base64url)
    auth = models.CharField(max_length=60)  # the shared authentication secret (base64url)
    device = models.CharField(_("appareil"), max_length=120, blank=True)
    created_at = models.DateTimeField(_("activé le"), auto_now_add=True)
    last_success_at = models.DateTimeField(_("dernier envoi réussi"), null=True, blank=True)

    class Meta:
        verbose_name = _("abonnement push")
        verbose_name_plural = _("abonnements push")
        constraints = [models.UniqueConstraint(fields=["club", "endpoint"], name="push_subscription_once_per_club")]
        indexes = [models.Index(fields=["club", "user"], name="push_subscription_user")]

    def __str__(self) -> str:
        return f"{self.user}: {self.device or self.endpoint[:40]}"


class PushPreference(models.Model):
    """What the member wants pushed, and the quiet hours (in the club's time): a push due inside them
    waits for their end. No row: every category, no quiet hours."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_preference")
    categories = models.JSONField(_("notifications poussées"), default=list, blank=True)
    quiet_start = models.TimeField(_("heures calmes : début"), null=True, blank=True)
    quiet_end = models.TimeField(_("heures calmes : fin"), null=True, blank=True)

    class Meta:
        verbose_name = _("préférences push")
        verbose_name_plural = _("préférences push")
        constraints = [models.CheckConstraint(
            condition=models.Q(quiet_start__isnull=True, quiet_end__isnull=True)
            | models.Q(quiet_start__isnull=False, quiet_end__isnull=False),
            name="push_quiet_hours_both_or_none")]

    def __str__(self) -> str:
        return str(self.user)


class PushStatus(models.TextChoices):
    PENDING = "pending", _("à envoyer")
    SENDING = "sending", _("en cours d'envoi")
    SENT = "sent", _("envoyé")
    SKIPPED = "skipped", _("plus utile")
    FAILED = "failed", _("échec")


class PushMessage(ClubOwned):
    """One notice pushed to one device: claimed before sending, retried like a webhook delivery."""

    club_parent = "subscription"

    subscription = models.ForeignKey(PushSubscription, on_delete=models.CASCADE, related_name="messages")
    notification = models.ForeignKey("accounts.Notification", on_delete=models.CASCADE, related_name="+")
    category = models.CharField(max_length=20, choices=Category.choices)
    status = models.CharField(max_length=10, choices=PushStatus.choices, default=PushStatus.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    next_try_at = models.DateTimeField(null=True, blank=True)
    last_status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("envoi push")
        verbose_name_plural = _("envois push")
        constraints = [models.UniqueConstraint(fields=["subscription", "notification"], name="push_message_once")]
        indexes = [models.Index(fields=["next_try_at"], name="push_message_due",
                                condition=models.Q(status__in=["pending", "sending"]))]

    def __str__(self) -> str:
        return f"push {self.pk} ({self.status})"
