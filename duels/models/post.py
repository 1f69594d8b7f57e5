"""Duellists' posts: insert-only (RULES.md §2.6: never edited nor deleted once submitted)."""
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.scoping import ClubOwned, club_manager


class ImmutableError(Exception):
    """Raised on any attempt to change or delete a stored post."""


class PostQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise ImmutableError("Posts are insert-only.")

    def delete(self):
        raise ImmutableError("Posts are insert-only.")


class Post(ClubOwned):
    window = models.ForeignKey("duels.Window", on_delete=models.PROTECT, related_name="posts", verbose_name=_("fenêtre"))
    participant = models.ForeignKey(
        "duels.Participant", on_delete=models.PROTECT, related_name="posts", verbose_name=_("participant")
    )
    order = models.PositiveSmallIntegerField(_("ordre de publication"))
    rp_text = models.TextField(_("texte RP"), blank=True)
    steps = models.JSONField(_("actions"), default=list, blank=True)
    automatic = models.BooleanField(
        _("automatique"), default=False, help_text=_("Passe ou « ne rien faire » inscrits pour une absence.")
    )
    submitted_at = models.DateTimeField(_("envoyé le"), default=timezone.now)
    # A post the referee voided (duels.services.corrections, Window.voided_posts) may be replaced by a new
    # post of the same duellist in the same window: the one exception to one post per window.
    replaces = models.OneToOneField(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="replaced_by",
        verbose_name=_("remplace le message annulé"),
    )

    club_parent = "window"
    objects = club_manager(PostQuerySet)

    class Meta:
        ordering = ["window", "order"]
        verbose_name = _("message de duel")
        verbose_name_plural = _("messages de duel")
        constraints = [
            models.UniqueConstraint(fields=["window", "order"], name="post_order_unique_per_window"),
            models.UniqueConstraint(
                fields=["window", "participant"], condition=models.Q(replaces__isnull=True),
                name="post_once_per_window",
            ),
            models.CheckConstraint(condition=models.Q(order__gte=1), name="post_order_from_1"),
        ]

    def __str__(self) -> str:
        return f"{self.participant} — message n°{self.order}"

    def save(self, *args, **kwargs):
        if not self._state.adding:
            raise ImmutableError("Posts are insert-only.")
        kwargs["force_insert"] = True
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise ImmutableError("Posts are insert-only.")

    def engine_post(self) -> dict:
        return {"by": self.participant.engine_id, "steps": list(self.steps)}
