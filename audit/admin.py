"""The audit log in the admin: read-only, filterable by action, actor, duel and date.

The log grows with every duel: the changelist reads one page of it in index order and counts it once;
the filters offer fixed choices (no scan of the whole log to list its actors or its dates)."""
from django.contrib import admin
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from accounts.models import User
from audit.models import AuditAction, AuditLog
from clubs.models import Membership
from clubs.roles import STAFF_ROLE
from config.admin import ReadOnlyAdmin


class ActionListFilter(admin.SimpleListFilter):
    """The known actions (`AuditAction`), not the distinct values of the whole log."""

    title = _("action")
    parameter_name = "action"

    def lookups(self, request, model_admin):
        return AuditAction.choices

    def queryset(self, request, queryset):
        return queryset.filter(action=self.value()) if self.value() else queryset


class ActorListFilter(admin.SimpleListFilter):
    """The clubs' referees and staff (who act on duels), and the superusers; anyone else through the search
    box."""

    title = _("par")
    parameter_name = "actor"

    def lookups(self, request, model_admin):
        roles = Membership.objects.filter(Q(is_referee=True) | STAFF_ROLE).values("user_id")
        actors = User.objects.filter(Q(pk__in=roles) | Q(is_superuser=True)).order_by("username")
        return [(str(user.pk), user.get_username()) for user in actors.only("pk", "username")]

    def queryset(self, request, queryset):
        return queryset.filter(actor_id=self.value()) if self.value() else queryset


@admin.register(AuditLog)
class AuditLogAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "action_shown", "actor", "duel", "reason")
    list_filter = (ActionListFilter, ActorListFilter, "created_at")
    search_fields = ("reason", "actor__username")
    list_select_related = ("actor", "duel")
    raw_id_fields = ("duel",)
    ordering = ("-created_at", "-pk")  # the newest first, along the index on created_at
    show_full_result_count = False

    @admin.display(description=_("action"), ordering="action")
    def action_shown(self, entry: AuditLog) -> str:
        """The action as its filter names it (« faute relevée »), never its stored code."""
        return entry.action_label

    def get_queryset(self, request):
        return super().get_queryset(request).defer("duel__spells", "duel__state")
