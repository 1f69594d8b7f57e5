import pytest


@pytest.fixture(autouse=True)
def _empty_cache():
    """The thread's phases are cached as HTML; ids repeat between tests (rolled back): start empty."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()
