"""The operator's view of tournaments: read-only (staff run them from the club's pages and services)."""
from django.contrib import admin

from config.admin import ReadOnlyAdmin
from tournaments.models import Entrant, Match, Round, Tournament


class EntrantInline(admin.TabularInline):
    model = Entrant
    fields = ("duellist", "partner", "year", "partner_year", "seed", "checked_in_at", "withdrawn_at")
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Tournament)
class TournamentAdmin(ReadOnlyAdmin):
    list_display = ("name", "club", "format", "team_format", "duel_kind", "status", "created_at")
    list_filter = ("status", "format", "team_format")
    search_fields = ("name", "slug")
    list_select_related = ("club",)
    inlines = [EntrantInline]


@admin.register(Round)
class RoundAdmin(ReadOnlyAdmin):
    list_display = ("tournament", "number", "stage", "drawn_at", "ends_at", "completed_at")
    list_select_related = ("tournament",)


@admin.register(Match)
class MatchAdmin(ReadOnlyAdmin):
    list_display = ("tournament", "round", "group", "bracket_round", "slot", "replay", "side_a", "side_b", "duel",
                    "outcome", "how", "stale")
    list_filter = ("outcome", "how", "stale")
    list_select_related = ("tournament", "round", "side_a__duellist", "side_b__duellist", "duel")
