"""Admin helpers shared by the apps, and the admin site's own titles (not "Administration de Django")."""
from django.contrib import admin
from django.utils.translation import gettext_lazy as _

admin.site.site_header = _("Administration d'Estrade")
admin.site.site_title = _("Administration d'Estrade")
admin.site.index_title = _("Catalogue, saisons, comptes et journal")


class ReadOnlyAdmin(admin.ModelAdmin):
    """Rows written only by services (duels, results): staff can look, never edit."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
