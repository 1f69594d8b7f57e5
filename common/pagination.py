"""The API's page size, shared by every app's list endpoints."""
from rest_framework.pagination import PageNumberPagination


class PageSizePagination(PageNumberPagination):
    """50 a page; `page_size` up to 200."""

    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200
