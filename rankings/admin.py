from django import forms
from django.contrib import admin
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.models import Club
from clubs.scoping import activate_club
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


class SeasonAdminForm(forms.ModelForm):
    """A new season names its club (the site's admin serves every club); the club is set before the
    model's checks run, so that they compare with that club's seasons only."""

    in_club = forms.ModelChoiceField(Club.objects.order_by("name"), label=gettext_lazy("club"))

    class Meta:
        model = Season
        fields = ["name", "slug", "starts_on", "ends_on"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk is not None:  # a season stays in its club
            del self.fields["in_club"]

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("in_club") is not None:
            self.instance.club = cleaned["in_club"]
        return cleaned


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    """Seasons are date ranges (both days included); saving one rebuilds its table at once, in the
    season's club (the site's admin runs outside any club)."""

    form = SeasonAdminForm
    list_display = ("name", "slug", "club", "starts_on", "ends_on")
    list_filter = ("club",)
    list_select_related = ("club",)
    prepopulated_fields = {"slug": ("name",)}
    actions = ["rebuild"]

    def get_fields(self, request, obj=None):
        return ["name", "slug", "starts_on", "ends_on"] if obj else ["in_club", "name", "slug", "starts_on", "ends_on"]

    def save_model(self, request, obj, form, change):
        with activate_club(obj.club):
            season_save(season=obj)

    def delete_model(self, request, obj):
        with activate_club(obj.club):
            season_delete(season=obj)

    def delete_queryset(self, request, queryset):
        for season in queryset.select_related("club"):
            with activate_club(season.club):
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
        for season in queryset.select_related("club"):
            with activate_club(season.club):
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

