"""common/cache.py: the one cache of rendered HTML, kept per process in front of the shared cache,
under keys made of the namespace, the parts, the language and the release (KEY_PREFIX)."""
from __future__ import annotations

import pytest
from django.core.cache import cache, caches
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from common.cache import cache_key, cached, cached_many

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


class Builder:
    def __init__(self, value):
        self.value, self.calls = value, 0

    def __call__(self):
        self.calls += 1
        return self.value


def test_what_is_built_goes_to_both_levels_and_is_built_once(two_levels):
    build = Builder("<p>un</p>")
    assert cached("thread", (1, "open"), build, 3600) == "<p>un</p>"
    assert cached("thread", (1, "open"), build, 3600) == "<p>un</p>"
    assert build.calls == 1
    key = cache_key("thread", (1, "open"))
    assert cache.get(key) == "<p>un</p>" and two_levels.get(key) == "<p>un</p>"


def test_a_value_in_memory_is_served_without_the_shared_cache(two_levels):
    cached("cards", ("x",), Builder("<li>carte</li>"), 3600)
    cache.clear()  # Redis restarted, or another worker's eviction
    again = Builder("<li>autre</li>")
    assert cached("cards", ("x",), again, 3600) == "<li>carte</li>" and again.calls == 0


def test_a_value_found_in_the_shared_cache_is_kept_in_memory(two_levels):
    cache.set(cache_key("thread", (9,)), "<p>neuf</p>", 3600)  # rendered by another worker
    found = cached_many("thread", {9: (9,), 10: (10,)}, lambda ids: {pk: f"<p>{pk}</p>" for pk in ids}, 3600)
    assert found == {9: "<p>neuf</p>", 10: "<p>10</p>"}
    assert two_levels.get(cache_key("thread", (9,))) == "<p>neuf</p>"
    assert two_levels.get(cache_key("thread", (10,))) == "<p>10</p>"


def test_memory_keeps_a_value_no_longer_than_its_lifetime(two_levels):
    cache.set(cache_key("poll", ("v1",)), "<div>live</div>", 60)
    cached("poll", ("v1",), Builder("<div>autre</div>"), 0)  # a zero lifetime: read it, but do not keep it
    assert two_levels.get(cache_key("poll", ("v1",))) is None


def test_a_process_only_value_never_reaches_the_shared_cache(two_levels):
    cached("stage", ("live", "zones"), Builder("<ol>stage</ol>"), 3600, shared=False)
    assert two_levels.get(cache_key("stage", ("live", "zones"))) == "<ol>stage</ol>"
    assert cache.get(cache_key("stage", ("live", "zones"))) is None


def test_a_shared_only_value_stays_out_of_the_process_memory(two_levels):
    cached("stage-png", ("digest",), Builder(b"PNG"), 3600, memory=False)
    assert cache.get(cache_key("stage-png", ("digest",))) == b"PNG"
    assert two_levels.get(cache_key("stage-png", ("digest",))) is None


def test_the_key_names_the_parts_and_the_language():
    with translation.override("fr"):
        french = cache_key("thread", (1, 2))
        assert cache_key("thread", (1, 2)) == french
        assert cache_key("thread", (1, 3)) != french and cache_key("journal", (1, 2)) != french
    with translation.override("en"):
        assert cache_key("thread", (1, 2)) != french


def test_without_a_local_alias_the_shared_cache_is_the_only_level():
    with override_settings(CACHES=ONE_LEVEL):
        cache.clear()
        cached("journal", (1,), Builder("<ol></ol>"), 600)
        assert cache.get(cache_key("journal", (1,))) == "<ol></ol>"
        cache.clear()
        rebuilt = Builder("<ol>nouveau</ol>")
        assert cached("journal", (1,), rebuilt, 600) == "<ol>nouveau</ol>" and rebuilt.calls == 1


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
