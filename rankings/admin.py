from django.contrib import admin
from django.utils.translation import gettext as _

from config.admin import ReadOnlyAdmin
from rankings.models import Result, SalaryScale, Season, Standing
from rankings.services.rebuild import standings_rebuild
from rankings.services.rewards import season_delete, season_save


@admin.register(SalaryScale)
class SalaryScaleAdmin(admin.ModelAdmin):
    """Staff edit the daily salary per year (RULES.md §3.3.2)."""

    list_display = ("year", "daily_salary")
    list_editable = ("daily_salary",)


@admin.register(Result)
class ResultAdmin(ReadOnlyAdmin):
    list_display = ("duellist", "duel", "outcome", "champion_points", "purse", "salary_year", "chocogrenouille",
                    "recorded_at", "paid_at")
    list_filter = ("outcome", ("paid_at", admin.EmptyFieldListFilter))
    search_fields = ("duellist__forum_name",)
    list_select_related = ("duellist", "duel")
    show_full_result_count = False

    def get_queryset(self, request):
        return super().get_queryset(request).defer("duel__spells", "duel__state")


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    """Seasons are date ranges (both days included); saving one rebuilds its table at once."""

    list_display = ("name", "slug", "starts_on", "ends_on")
    prepopulated_fields = {"slug": ("name",)}
    actions = ["rebuild"]

    def save_model(self, request, obj, form, change):
        season_save(season=obj)

    def delete_model(self, request, obj):
        season_delete(season=obj)

    def delete_queryset(self, request, queryset):
        for season in queryset:
            season_delete(season=season)

    def get_deleted_objects(self, objs, request):
        """The season's table lines go with it: counted, not listed one by one (thousands), and not
        subject to the (refused) delete permission of the read-only table."""
        seasons = list(objs)
        lines = Standing.objects.filter(season__in=seasons).count()
        counts = {Season._meta.verbose_name_plural: len(seasons), Standing._meta.verbose_name_plural: lines}
        return [str(season) for season in seasons], counts, set(), []

    @admin.action(description=_("Recalculer le classement des saisons choisies"))
    def rebuild(self, request, queryset):
        for season in queryset:
            report = standings_rebuild(season=season, fix=True)
            self.message_user(request, _("%(season)s : %(n)d ligne(s) corrigée(s).") % {
                "season": season.name, "n": report.differences})


@admin.register(Standing)
class StandingAdmin(ReadOnlyAdmin):
    """The stored table, read-only: it follows the results (`manage.py rankings_rebuild` recomputes it)."""

    list_display = ("duellist", "season", "kind", "format", "year", "points", "duels", "wins", "draws", "losses",
                    "disqualifications", "purse", "chocogrenouilles", "reached_at")
    list_filter = ("season", "kind", "format", "year")
    search_fields = ("duellist__forum_name",)
    list_select_related = ("duellist", "season")

