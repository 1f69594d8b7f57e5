"""Referee declarations: the resolution of one window, drafted by the server, published by the referee."""
from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from clubs.scoping import ClubOwned


class DeclarationKind(models.TextChoices):
    FIRST = "first", _("première déclaration")
    SECOND = "second", _("seconde déclaration")


class DeclarationStatus(models.TextChoices):
    DRAFT = "draft", _("brouillon")
    PUBLISHED = "published", _("publiée")


class Declaration(ClubOwned):
    """`rolls`: one dict per die rolled, in resolution order:
    {"post_order", "step_index", "by", "kind": "bet"|"dodge", "spell", "bet", "roll", "success"}.
    `state_before_sha256` pins the duel state the draft was computed from: a draft made stale by a
    sanction or a forfeit cannot be published (prepare it again)."""

    club_parent = "window"

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
    # Corrections (duels.services.corrections): the state the draft resolves from, in the same serialized
    # form as `state_after`, so a correction re-resolves from it with the same derived dice; the referee's
    # decisions applied at this declaration (duels.engine.adjustments); how many times it was corrected.
    state_before = models.JSONField(_("état avant la déclaration"), null=True, blank=True)
    adjustments = models.JSONField(_("décisions de l'arbitre"), default=list, blank=True)
    revision = models.PositiveIntegerField(_("corrections"), default=0)

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


class DeclarationRevision(ClubOwned):
    """A published version of a declaration that a correction replaced: kept as it was published (the
    thread shows it struck through with the reason, the corrected declaration below). Insert-only."""

    club_parent = "declaration"

    declaration = models.ForeignKey(
        Declaration, on_delete=models.CASCADE, related_name="revisions", verbose_name=_("déclaration")
    )
    number = models.PositiveIntegerField(_("version"))
    text = models.TextField(_("texte"), blank=True)
    rolls = models.JSONField(_("dés"), default=list, blank=True)
    events = models.JSONField(_("événements"), default=list, blank=True)
    state_after = models.JSONField(_("état après la déclaration"))
    outcome = models.JSONField(_("issue"), null=True, blank=True)
    adjustments = models.JSONField(_("décisions de l'arbitre"), default=list, blank=True)
    referee_comment = models.TextField(_("commentaire de l'arbitre"), blank=True)
    published_at = models.DateTimeField(_("publiée le"))
    published_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+",
        verbose_name=_("publiée par"),
    )
    reason = models.TextField(_("motif de la correction"))
    corrected_at = models.DateTimeField(_("corrigée le"))
    corrected_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", verbose_name=_("corrigée par"),
    )

    class Meta:
        ordering = ["declaration", "number"]
        verbose_name = _("déclaration remplacée")
        verbose_name_plural = _("déclarations remplacées")
        constraints = [
            models.UniqueConstraint(fields=["declaration", "number"], name="declaration_revision_once"),
        ]

    def __str__(self) -> str:
        return f"{self.declaration} — version {self.number}"
