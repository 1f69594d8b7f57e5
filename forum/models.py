"""The Forumactif bridge's records (docs/forum-bridge.md).

Forumactif has no API: what is on the forum is known only from what the bridge script reported back,
each report carried by a signed single-use token that an Estrade page gave a logged-in member."""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.scoping import ClubOwned


class DuelTopic(ClubOwned):
    """The forum topic where a duel is mirrored: one topic per duel, one duel per topic."""

    club_parent = "duel"

    class How(models.TextChoices):
        CREATED = "created", _("créé par le pont")
        LINKED = "linked", _("sujet existant lié")

    duel = models.OneToOneField("duels.Duel", on_delete=models.CASCADE, related_name="forum_topic",
                                verbose_name=_("duel"))
    topic_id = models.PositiveIntegerField(_("numéro du sujet"))
    url = models.URLField(_("adresse du sujet"), max_length=500)
    how = models.CharField(_("origine"), max_length=8, choices=How.choices)
    linked_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+",
                                  verbose_name=_("par"))
    linked_at = models.DateTimeField(_("le"))

    class Meta:
        verbose_name = _("sujet du forum")
        verbose_name_plural = _("sujets du forum")
        constraints = [models.UniqueConstraint(fields=["club", "topic_id"], name="duel_topic_once_per_club")]

    def __str__(self) -> str:
        return f"{self.duel} → t{self.topic_id}"


class ItemKind(models.TextChoices):
    """What of a duel goes to its topic, in the thread's order."""

    START = "start", _("signal de départ")
    POST = "post", _("message")
    DECLARATION = "declaration", _("déclaration")


class Publication(ClubOwned):
    """One post, declaration or start signal as it stands in the forum topic (reported by the bridge).
    `object_id`: the post's or declaration's id, the duel's id for the start signal."""

    club_parent = "duel"

    duel = models.ForeignKey("duels.Duel", on_delete=models.CASCADE, related_name="forum_publications",
                             verbose_name=_("duel"))
    kind = models.CharField(_("élément"), max_length=12, choices=ItemKind.choices)
    object_id = models.PositiveIntegerField(_("identifiant"))
    url = models.URLField(_("adresse du message sur le forum"), max_length=500)
    message_id = models.PositiveIntegerField(_("numéro du message sur le forum"), null=True, blank=True)
    published_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+",
                                     verbose_name=_("publié par"))
    published_at = models.DateTimeField(_("publié le"))

    class Meta:
        ordering = ["published_at", "pk"]
        verbose_name = _("publication sur le forum")
        verbose_name_plural = _("publications sur le forum")
        constraints = [
            models.UniqueConstraint(fields=["kind", "object_id"], name="forum_publication_once_per_item"),
            models.CheckConstraint(condition=models.Q(kind__in=ItemKind.values), name="forum_publication_kind_valid"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.object_id} → {self.url}"


class PmBatch(ClubOwned):
    """Private messages the bridge sends one by one from a member's forum account."""

    club_parent = "duel"

    class Kind(models.TextChoices):
        INVITATION = "invitation", _("invitations")
        REMINDER = "reminder", _("rappels")

    kind = models.CharField(_("type"), max_length=10, choices=Kind.choices)
    subject = models.CharField(_("sujet des MP"), max_length=120)
    duel = models.ForeignKey("duels.Duel", on_delete=models.CASCADE, null=True, blank=True, related_name="+",
                             verbose_name=_("duel (rappels)"))
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+",
                                   verbose_name=_("créé par"))
    created_at = models.DateTimeField(_("créé le"))
    # The nonce of the latest token opened on the forum: an older tab's reports are refused, so two
    # tabs never send the same batch.
    current_nonce = models.CharField(max_length=32, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("lot de MP")
        verbose_name_plural = _("lots de MP")

    def __str__(self) -> str:
        return f"{self.get_kind_display()} n°{self.pk}"


class PmDelivery(ClubOwned):
    """One private message of a batch. Unsent while `sent_at` is empty; `error` is the forum's own
    message for the last failed attempt. An invitation's text (it holds the link) is blanked once sent."""

    club_parent = "batch"

    batch = models.ForeignKey(PmBatch, on_delete=models.CASCADE, related_name="deliveries", verbose_name=_("lot"))
    position = models.PositiveIntegerField(_("rang"))
    recipient = models.CharField(_("destinataire (pseudo forum)"), max_length=100)
    duellist = models.ForeignKey("accounts.Duellist", on_delete=models.CASCADE, null=True, blank=True,
                                 related_name="+", verbose_name=_("duelliste"))
    invitation = models.ForeignKey("accounts.Invitation", on_delete=models.SET_NULL, null=True, blank=True,
                                   related_name="+", verbose_name=_("invitation"))
    message = models.TextField(_("message (BBCode)"), blank=True)
    sent_at = models.DateTimeField(_("envoyé le"), null=True, blank=True)
    sent_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True,
                                related_name="+", verbose_name=_("envoyé par"))
    error = models.CharField(_("réponse du forum"), max_length=500, blank=True)
    error_at = models.DateTimeField(_("échec le"), null=True, blank=True)

    class Meta:
        ordering = ["batch", "position"]
        verbose_name = _("MP")
        verbose_name_plural = _("MP")
        constraints = [
            models.UniqueConstraint(fields=["batch", "position"], name="forum_delivery_position_unique"),
            models.UniqueConstraint(fields=["batch", "recipient"], name="forum_delivery_once_per_recipient"),
        ]

    def __str__(self) -> str:
        return f"{self.batch} → {self.recipient}"


class UsedToken(models.Model):
    """Nonces of bridge tokens already used: a token works once."""

    nonce = models.CharField(max_length=32, unique=True)
    scope = models.CharField(max_length=12)
    object_id = models.PositiveIntegerField()
    used_at = models.DateTimeField()

    class Meta:
        verbose_name = _("jeton utilisé")
        verbose_name_plural = _("jetons utilisés")

    def __str__(self) -> str:
        return f"{self.scope} {self.object_id}"
