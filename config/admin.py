"""Admin helpers shared by the apps."""
from django.contrib import admin


class ReadOnlyAdmin(admin.ModelAdmin):
    """Rows written only by services (duels, results): staff can look, never edit."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
