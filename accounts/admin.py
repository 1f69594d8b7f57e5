from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin

from accounts.models import Duellist, Notification, User


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    pass


@admin.register(Duellist)
class DuellistAdmin(admin.ModelAdmin):
    list_display = (
        "forum_name", "forum_id", "character_name", "rp_year", "homework_year", "forum_post_count",
        "forum_joined_on", "prodigium",
    )
    list_filter = ("prodigium", "homework_year", "rp_year")
    search_fields = ("forum_name", "character_name", "=forum_id")
    filter_horizontal = ("magic_types",)
    raw_id_fields = ("user",)


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = ("user", "kind", "created_at", "read_at")
    list_filter = ("kind",)
    raw_id_fields = ("user",)
