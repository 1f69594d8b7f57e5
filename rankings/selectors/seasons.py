"""The club's seasons as its control panel lists them."""
from __future__ import annotations

from django.db.models import IntegerField, OuterRef, QuerySet, Subquery
from django.db.models.functions import Coalesce

from rankings.models import ALL_FORMATS, ALL_KINDS, ALL_YEARS, ScopeSize, Season


def seasons_listed() -> QuerySet[Season]:
    """The club's seasons, newest first, each with `ranked`: how many duellists its table has (its widest
    scope's stored size), in one query whatever their number."""
    ranked = ScopeSize.objects.filter(season=OuterRef("pk"), kind=ALL_KINDS, format=ALL_FORMATS,
                                      year=ALL_YEARS).values("lines")[:1]
    return Season.objects.annotate(
        ranked=Coalesce(Subquery(ranked, output_field=IntegerField()), 0),
    ).order_by("-starts_on", "pk")
