"""The audit log: one append-only row per referee or staff action (DESIGN.md "Growing it").

Rows are written only by `audit.services.audit_record`, inside the transaction of the action they record,
so an action that rolls back leaves no entry and an entry never describes something that did not happen.
Nothing in the app updates or deletes them: `save()` refuses an existing row, `delete()` refuses always, and
the queryset's bulk `update()`/`delete()` refuse too (the admin is read-only)."""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy as _

from clubs.scoping import ClubOwned, club_manager


class AuditAction(models.TextChoices):
    DUEL_TAKE = "duel.take", _("arbitrage pris")
    DUEL_START = "duel.start", _("signal de départ")
    DUEL_CANCEL = "duel.cancel", _("duel annulé")
    REFEREE_ASSIGN = "duel.referee_assign", _("arbitre réassigné")
    REFEREE_RELEASE = "duel.referee_release", _("arbitrage rendu")
    DECLARATION_PUBLISH = "declaration.publish", _("déclaration publiée")
    DECLARATION_CORRECT = "declaration.correct", _("déclaration corrigée")
    DECISION = "declaration.decision", _("décision de l'arbitre")
    POST_VOID = "post.void", _("message annulé")
    FAULT = "fault.record", _("faute relevée")
    EXEMPTION_DECIDE = "exemption.decide", _("dispense décidée")
    DEADLINE_EXTEND = "window.extend", _("délai prolongé")
    POST_REOPEN = "slot.reopen", _("message manqué rouvert")
    ROLE_CHANGE = "account.role", _("rôle modifié")
    INVITATION = "account.invitation", _("invitation")
    FORUM_TOPIC = "forum.topic", _("sujet du forum lié")
    FORUM_PUBLISH = "forum.publish", _("publié sur le forum")
    FORUM_PM = "forum.pm", _("MP envoyés depuis le forum")
    HOUSE_RULES = "club.house_rules", _("règles maison modifiées")
    CLUB_SETTINGS = "club.settings", _("réglages du club modifiés")
    CATALOGUE_SPELL = "catalogue.spell", _("sort du catalogue enregistré")
    CATALOGUE_RETIRE = "catalogue.retire", _("sort du catalogue retiré ou remis")
    CATALOGUE_IMPORT = "catalogue.import", _("catalogue des sorts importé")
    WEBHOOK_CREATE = "webhook.create", _("webhook ajouté")
    WEBHOOK_CHANGE = "webhook.change", _("webhook modifié")
    WEBHOOK_SECRET = "webhook.secret", _("secret de webhook renouvelé")
    WEBHOOK_DELETE = "webhook.delete", _("webhook supprimé")
    DELIVERY_RESEND = "webhook.resend", _("envoi de webhook renvoyé")
    SEASON_CREATE = "season.create", _("saison créée")
    SEASON_CHANGE = "season.change", _("saison modifiée")
    SEASON_DELETE = "season.delete", _("saison supprimée")
    API_TOKEN_CREATE = "api_token.create", _("jeton d'API créé")
    API_TOKEN_REVOKE = "api_token.revoke", _("jeton d'API révoqué")
    MEMBERS_IMPORT = "members.import", _("membres du forum importés")
    TOURNAMENT_CREATE = "tournament.create", _("tournoi créé")
    TOURNAMENT_CHANGE = "tournament.change", _("tournoi modifié")
    TOURNAMENT_STATUS = "tournament.status", _("étape du tournoi changée")
    TOURNAMENT_ENTRANT = "tournament.entrant", _("inscription au tournoi modifiée")
    TOURNAMENT_DRAW = "tournament.draw", _("ronde de tournoi tirée")
    TOURNAMENT_RESULT = "tournament.result", _("résultat de tournoi enregistré")
    CUP_POINTS = "cup.points", _("points de maison donnés ou retirés")
    CUP_HOUSE = "cup.house", _("maison modifiée")
    CUP_MEMBER = "cup.member", _("maison d'un membre changée")
    CUP_PREFECT = "cup.prefect", _("préfet nommé ou retiré")
    CUP_SETTINGS = "cup.settings", _("réglages de la coupe modifiés")


class AuditLogQuerySet(models.QuerySet):
    def update(self, **kwargs):
        raise TypeError("The audit log is append-only: entries are never updated.")

    def delete(self):
        raise TypeError("The audit log is append-only: entries are never deleted.")


class AuditLog(ClubOwned):
    """Who did what, when, on which duel, and why. `action` is a free string (stable, dotted) so another
    app can log its own actions; the known ones are `AuditAction`. `data` holds the action's details
    (ids, old and new values) as JSON."""

    created_at = models.DateTimeField(_("le"), db_index=True)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+",
        verbose_name=_("par"), help_text=_("Vide : une action automatique (échéance)."),
    )
    action = models.CharField(_("action"), max_length=40, db_index=True)
    duel = models.ForeignKey(
        "duels.Duel", on_delete=models.PROTECT, null=True, blank=True, related_name="audit_entries",
        verbose_name=_("duel"),
    )
    reason = models.TextField(_("motif"), blank=True)
    data = models.JSONField(_("détails"), default=dict, blank=True)

    club_parent = "duel"
    objects = club_manager(AuditLogQuerySet)

    class Meta:
        ordering = ["created_at", "pk"]
        verbose_name = _("entrée du journal")
        verbose_name_plural = _("journal d'audit")
        indexes = [
            models.Index(fields=["duel", "created_at"], name="audit_duel_time_idx"),
            # The club's journal page: one club's entries, newest first (audit.selectors.club_journal).
            models.Index(fields=["club", "-created_at", "-id"], name="audit_club_time_idx"),
        ]

    def __str__(self) -> str:
        return f"{date_format(timezone.localtime(self.created_at), 'DATETIME_FORMAT')} — {self.action_label}"

    def save(self, *args, **kwargs):
        if self.pk is not None and not self._state.adding:
            raise TypeError("The audit log is append-only: entries are never updated.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        raise TypeError("The audit log is append-only: entries are never deleted.")

    @property
    def action_label(self) -> str:
        """What was done, in the reader's language; an exemption says whether it was granted."""
        if self.action == AuditAction.EXEMPTION_DECIDE and isinstance(self.data, dict) and "granted" in self.data:
            return str(_("dispense accordée") if self.data["granted"] else _("dispense refusée"))
        try:
            return str(AuditAction(self.action).label)
        except ValueError:
            return self.action
