"""Referee declarations: the resolution of one window, drafted by the server, published by the referee."""
from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class DeclarationKind(models.TextChoices):
    FIRST = "first", _("première déclaration")
    SECOND = "second", _("seconde déclaration")


class DeclarationStatus(models.TextChoices):
    DRAFT = "draft", _("brouillon")
    PUBLISHED = "published", _("publiée")


class Declaration(models.Model):
    """`rolls`: one dict per die rolled, in resolution order:
    {"post_order", "step_index", "by", "kind": "bet"|"dodge", "spell", "bet", "roll", "success"}.
    `state_before_sha256` pins the duel state the draft was computed from: a draft made stale by a
    sanction or a forfeit cannot be published (prepare it again)."""

    window = models.OneToOneField(
        "duels.Window", on_delete=models.PROTECT, related_name="declaration", verbose_name=_("fenêtre résolue")
    )
    kind = models.CharField(_("déclaration"), max_length=6, choices=DeclarationKind.choices)
    status = models.CharField(
        _("statut"), max_length=10, choices=DeclarationStatus.choices, default=DeclarationStatus.DRAFT
    )
    rolls = models.JSONField(_("dés"), default=list, blank=True)
    events = models.JSONField(_("événements"), default=list, blank=True)
    text = models.TextField(_("texte"), blank=True)
    state_after = models.JSONField(_("état après la déclaration"))
    state_before_sha256 = models.CharField(max_length=64)
    outcome = models.JSONField(_("issue"), null=True, blank=True)
    referee_comment = models.TextField(_("commentaire de l'arbitre"), blank=True)
    prepared_at = models.DateTimeField(_("préparée le"))
    published_at = models.DateTimeField(_("publiée le"), null=True, blank=True)
    published_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+",
        verbose_name=_("publiée par"),
    )

    class Meta:
        ordering = ["window"]
        verbose_name = _("déclaration")
        verbose_name_plural = _("déclarations")
        constraints = [
            models.CheckConstraint(condition=models.Q(kind__in=DeclarationKind.values), name="declaration_kind_valid"),
            models.CheckConstraint(
                condition=models.Q(status__in=DeclarationStatus.values), name="declaration_status_valid"
            ),
            models.CheckConstraint(
                condition=models.Q(status="draft", published_at__isnull=True)
                | models.Q(status="published", published_at__isnull=False),
                name="declaration_published_has_time",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.window} — {self.get_kind_display()} ({self.get_status_display()})"

    @property
    def is_published(self) -> bool:
        return self.status == DeclarationStatus.PUBLISHED
