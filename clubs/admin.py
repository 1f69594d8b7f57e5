"""The platform operator's view of the clubs (the Django admin is theirs alone; a club's staff run their
club from its own pages)."""
from django.contrib import admin, messages
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Membership
from clubs.opening import club_reinstate


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ("user",)
    fields = ("user", "is_referee", "is_staff", "is_owner", "joined_at")


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    """Suspending a club: set « suspendu le » and the reason (its pages then say so; nothing is deleted)."""

    list_display = ("name", "slug", "forum_url", "language", "time_zone", "is_public", "verified_at", "suspended_at",
                    "opened_by", "created_at")
    list_filter = ("is_public", "language", ("verified_at", admin.EmptyFieldListFilter),
                   ("suspended_at", admin.EmptyFieldListFilter))
    search_fields = ("name", "slug", "forum_url")
    readonly_fields = ("opened_by",)
    actions = ["reinstate"]
    inlines = [MembershipInline]

    def save_model(self, request, obj, form, change):
        if not change and obj.verified_at is None:  # a club the operator makes is trusted (docs/clubs.md)
            obj.verified_at = timezone.now()
        super().save_model(request, obj, form, change)

    @admin.action(description=_("Rétablir les clubs suspendus choisis"))
    def reinstate(self, request, queryset):
        for club in queryset.filter(suspended_at__isnull=False):
            club_reinstate(club=club, by=request.user)
        self.message_user(request, _("Clubs rétablis."), messages.SUCCESS)


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ("user", "club", "is_referee", "is_staff", "is_owner", "joined_at")
    list_filter = ("club", "is_referee", "is_staff", "is_owner")
    search_fields = ("user__username", "club__name", "club__slug")
    list_select_related = ("user", "club")
