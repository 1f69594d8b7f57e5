"""Public statistics pages: the club's figures (/classement/statistiques/)."""
from __future__ import annotations

from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from common import charts
from rankings.extras import statistics_extras
from rankings.selectors.statistics import club_statistics


@require_GET
def statistics(request):
    stats = club_statistics()
    months = [label for label, _n in stats.per_month]
    dice = stats.dice
    context = {
        "stats": stats,
        "extra_figures": statistics_extras(),  # tournaments…: see rankings/extras.py
        "months_chart": charts.bar_chart(
            title=_("Duels terminés par mois"), x_title=_("Mois"), y_title=_("Duels"),
            labels=months, values=[n for _label, n in stats.per_month]) if stats.per_month else None,
        "dice_chart": charts.bar_chart(
            title=_("Faces des dés tirés dans les duels terminés (la ligne : un dé équilibré)"),
            x_title=_("Face"), y_title=_("Tirages"), labels=[str(f) for f in range(1, 7)], values=dice.counts,
            expected=round(dice.expected, 1)) if dice.total else None,
    }
    return render(request, "rankings/statistics.html", context)
