from django.contrib import admin

from rankings.models import Result, SalaryScale


@admin.register(SalaryScale)
class SalaryScaleAdmin(admin.ModelAdmin):
    """Staff edit the daily salary per year (RULES.md §3.3.2)."""

    list_display = ("year", "daily_salary")
    list_editable = ("daily_salary",)


@admin.register(Result)
class ResultAdmin(admin.ModelAdmin):
    list_display = ("duellist", "duel", "outcome", "champion_points", "purse", "chocogrenouille", "recorded_at")
    list_filter = ("outcome",)
    search_fields = ("duellist__forum_name",)

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
