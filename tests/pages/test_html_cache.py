"""duels/pages/html_cache.py: content-keyed HTML kept per process in front of the shared cache."""
from __future__ import annotations

import pytest
from django.core.cache import cache, caches
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext

from duels.pages import html_cache

TWO_LEVELS = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "shared-for-test"},
    "local": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "local-for-test"},
}
ONE_LEVEL = {"default": TWO_LEVELS["default"]}


@pytest.fixture
def two_levels():
    with override_settings(CACHES=TWO_LEVELS):
        cache.clear()
        caches["local"].clear()
        yield caches["local"]
        cache.clear()
        caches["local"].clear()


def test_what_is_stored_goes_to_both_levels(two_levels):
    html_cache.set_many({"thread:1": "<p>un</p>", "thread:2": "<p>deux</p>"}, 3600)
    assert cache.get_many(["thread:1", "thread:2"]) == {"thread:1": "<p>un</p>", "thread:2": "<p>deux</p>"}
    assert two_levels.get("thread:2") == "<p>deux</p>"


def test_a_value_in_memory_is_served_without_the_shared_cache(two_levels):
    html_cache.set("cards:x", "<li>carte</li>", 3600)
    cache.clear()  # Redis restarted, or another worker's eviction
    assert html_cache.get("cards:x", 3600) == "<li>carte</li>"


def test_a_value_found_in_the_shared_cache_is_kept_in_memory(two_levels):
    cache.set("thread:9", "<p>neuf</p>", 3600)  # rendered by another worker
    assert html_cache.get_many(["thread:9", "thread:absent"], 3600) == {"thread:9": "<p>neuf</p>"}
    assert two_levels.get("thread:9") == "<p>neuf</p>"
    assert two_levels.get("thread:absent") is None


def test_memory_keeps_a_value_no_longer_than_its_lifetime(two_levels):
    cache.set("poll:v1", "<div>live</div>", 60)
    html_cache.get("poll:v1", 0)  # a zero lifetime: read it, but do not keep it
    assert two_levels.get("poll:v1") is None


def test_without_a_local_alias_the_shared_cache_is_the_only_level():
    with override_settings(CACHES=ONE_LEVEL):
        cache.clear()
        html_cache.set("journal:1", "<ol></ol>", 600)
        assert cache.get("journal:1") == "<ol></ol>"
        cache.clear()
        assert html_cache.get("journal:1", 600) is None


@pytest.mark.django_db
def test_with_two_levels_the_duel_page_follows_the_duel(two_levels):
    """The page as production serves it (Redis + each process's memory): a second view is served from
    memory even when the shared cache lost everything, and a post shows at once (new keys)."""
    from django.urls import reverse

    from tests.support.duels import post, started_duel
    from tests.support.web import client_for, text

    duel, _referee, (a, b) = started_duel()
    page = reverse("duels:duel", args=[duel.pk])
    viewer = client_for(a.duellist.user)
    with CaptureQueriesContext(connection) as rendering:
        first = text(viewer.get(page))
    assert "À vous de poster" in first
    cache.clear()  # the shared cache lost everything: the phases, charts and choices come from memory
    with CaptureQueriesContext(connection) as served:
        again = text(viewer.get(page))
    assert len(served) < len(rendering)  # no phase, chart or choice read again
    assert again.count('class="window"') == first.count('class="window"')
    post(duel, a, [], text="Je passe mon tour, baguette levée, sans un mot. " * 12)
    after = text(viewer.get(page))
    assert "À vous de poster" not in after
    assert "Je passe mon tour, baguette levée" in after
