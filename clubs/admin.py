"""The platform operator's view of the clubs (the Django admin is theirs alone; a club's staff run their
club from its own pages)."""
from django.contrib import admin

from clubs.models import Club, Membership


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ("user",)
    fields = ("user", "is_referee", "is_staff", "is_owner", "joined_at")


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "forum_url", "language", "time_zone", "is_public", "created_at")
    list_filter = ("is_public", "language")
    search_fields = ("name", "slug", "forum_url")
    inlines = [MembershipInline]


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ("user", "club", "is_referee", "is_staff", "is_owner", "joined_at")
    list_filter = ("club", "is_referee", "is_staff", "is_owner")
    search_fields = ("user__username", "club__name", "club__slug")
    list_select_related = ("user", "club")
