"""The audit log in the admin: read-only, filterable by action, actor, duel and date."""
from django.contrib import admin

from audit.models import AuditLog
from config.admin import ReadOnlyAdmin


@admin.register(AuditLog)
class AuditLogAdmin(ReadOnlyAdmin):
    list_display = ("created_at", "action", "actor", "duel", "reason")
    list_filter = ("action", ("actor", admin.RelatedOnlyFieldListFilter), "created_at")
    search_fields = ("reason", "actor__username")
    date_hierarchy = "created_at"
    list_select_related = ("actor", "duel")
    raw_id_fields = ("duel",)
