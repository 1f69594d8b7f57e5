"""The API's page size, shared by every app's list endpoints."""
from rest_framework.pagination import PageNumberPagination


class PageSizePagination(PageNumberPagination):
    """50 a page; `page_size` up to 200."""

    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200


class IdsFirstPagination(PageSizePagination):
    """Deep pages (beyond the first DEEP rows, or "last"): the page's ids read first, along an index
    that holds them, so no row is read for the ones skipped; then only those rows with their
    relations, in the same order. The first pages are read directly (one query fewer)."""

    DEEP = 1_000

    def paginate_queryset(self, queryset, request, view=None):
        number = request.query_params.get(self.page_query_param, "1")
        page_size = self.get_page_size(request) or self.page_size
        deep = number in self.last_page_strings or (number.isascii() and number.isdigit() and (int(number) - 1) * page_size >= self.DEEP)
        if not deep:
            return super().paginate_queryset(queryset, request, view)
        ids = super().paginate_queryset(queryset.values_list("pk", flat=True), request, view)
        if ids is None:
            return None
        rows = {row.pk: row for row in queryset.filter(pk__in=ids)}
        return [rows[pk] for pk in ids if pk in rows]
