from django.contrib import admin

from spells.models import MagicType


@admin.register(MagicType)
class MagicTypeAdmin(admin.ModelAdmin):
    list_display = ("name", "slug")
    prepopulated_fields = {"slug": ("name",)}
    search_fields = ("name", "slug")
