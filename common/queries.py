"""Query expressions shared by the apps."""
from __future__ import annotations

from django.db.models import IntegerField, QuerySet, Subquery


class BoundedCount(Subquery):
    """How many rows `queryset` has, counting at most `limit` of them: `(SELECT count(*) FROM (… LIMIT n))`.
    For a figure shown as "99+": the cost stays that of `limit` rows however many there are. The
    queryset may refer to the outer query (OuterRef)."""

    template = "(SELECT count(*) FROM (%(subquery)s) AS bounded)"
    output_field = IntegerField()

    def __init__(self, queryset: QuerySet, limit: int):
        super().__init__(queryset.order_by().values("pk")[:limit])
