"""Staff views of the duel data. State changes go through the services; the admin mostly reads."""
from django.contrib import admin
from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from config.admin import ReadOnlyAdmin
from duels.models import (
    Declaration,
    Duel,
    Exemption,
    Fault,
    MatchmakingSettings,
    Participant,
    Post,
    Registration,
    SlotStatus,
    Window,
    WindowSlot,
    WindowState,
)


@admin.register(MatchmakingSettings)
class MatchmakingSettingsAdmin(admin.ModelAdmin):
    """Staff set the delay before a wide-gap RP duel is created without a referee (RULES.md §1.2)."""

    list_display = ("__str__", "wide_gap_wait_days")

    def has_add_permission(self, request):
        return not MatchmakingSettings.objects.exists()  # one row


@admin.register(Registration)
class RegistrationAdmin(ReadOnlyAdmin):
    list_display = ("duellist", "kind", "format", "year", "status", "named_opponent", "named_partner", "created_at")
    list_filter = ("status", "kind", "format", "year")
    search_fields = ("duellist__forum_name",)


class ParticipantInline(admin.TabularInline):
    model = Participant
    fields = ("duellist", "engine_id", "team", "year", "magic_types", "prodigium", "absence_faults",
              "exemption_used", "disqualified", "forfeited")
    readonly_fields = fields
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Duel)
class DuelAdmin(ReadOnlyAdmin):
    list_display = ("__str__", "status", "referee", "turn", "winner_team", "is_draw", "created_at", "finished_at")
    list_filter = ("status", "kind", "format")
    list_select_related = ("referee",)
    show_full_result_count = False  # one COUNT of the whole table is enough
    search_fields = ("participants__duellist__forum_name", "referee__username")
    exclude = ("seed",)  # secret until the duel is over: shown through `revealed_seed`
    readonly_fields = ("revealed_seed",)
    inlines = [ParticipantInline]

    def get_queryset(self, request):
        # The list shows neither the spell catalog nor the engine state (kilobytes a duel).
        queryset = super().get_queryset(request)
        match = request.resolver_match
        return queryset.defer("spells", "state") if match and match.url_name.endswith("_changelist") else queryset

    @admin.display(description=_("graine révélée"))
    def revealed_seed(self, obj):
        return obj.revealed_seed or "—"


class SlotInline(admin.TabularInline):
    model = WindowSlot
    fields = ("participant", "deadline", "status", "reminded_24h_at", "reminded_6h_at")
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.register(Window)
class WindowAdmin(ReadOnlyAdmin):
    """Deadlines at a glance: open windows first, soonest due first; an open window past its due time is
    flagged (the minute sweep should claim it: if it stays flagged, the scheduler or beat is not running)."""

    list_display = ("__str__", "state", "deadline_state", "due_at", "awaited", "opened_at", "closed_at")
    list_filter = ("state", "phase")
    list_select_related = ("duel",)
    search_fields = ("duel__participants__duellist__forum_name", "duel__referee__username")
    date_hierarchy = "due_at"
    ordering = ("-state", "due_at", "pk")  # "open" sorts after "expired"/"closed": descending puts it first
    inlines = [SlotInline]

    def get_queryset(self, request):
        waiting = Count("slots", filter=Q(slots__status=SlotStatus.WAITING))
        return super().get_queryset(request).annotate(awaited_count=waiting)

    @admin.display(description=_("messages attendus"), ordering="awaited_count")
    def awaited(self, obj):
        return obj.awaited_count

    @admin.display(description=_("échéance"))
    def deadline_state(self, obj):
        if obj.state != WindowState.OPEN or obj.due_at is None:
            return "—"
        left = obj.due_at - timezone.now()
        if left.total_seconds() <= 0:
            return _("dépassée (en attente du balayage)")
        if left.total_seconds() <= 6 * 3600:
            return _("moins de 6 h")
        if left.total_seconds() <= 24 * 3600:
            return _("moins de 24 h")
        return _("dans les délais")


@admin.register(Post)
class PostAdmin(ReadOnlyAdmin):
    list_display = ("__str__", "window", "order", "automatic", "submitted_at")
    list_filter = ("automatic",)


@admin.register(Declaration)
class DeclarationAdmin(ReadOnlyAdmin):
    list_display = ("__str__", "kind", "status", "prepared_at", "published_at")
    list_filter = ("status", "kind")


@admin.register(Fault)
class FaultAdmin(ReadOnlyAdmin):
    list_display = ("participant", "kind", "pf_penalty", "recorded_by", "created_at")
    list_filter = ("kind",)


@admin.register(Exemption)
class ExemptionAdmin(ReadOnlyAdmin):
    list_display = ("participant", "status", "wished_deadline", "granted_deadline", "requested_at", "decided_by")
    list_filter = ("status",)
