import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def _empty_cache():
    """Pictures and statistics are cached; ids repeat between tests (rolled back), so start empty."""
    cache.clear()
    yield
    cache.clear()
