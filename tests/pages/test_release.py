"""common/release.py: the release, a hash of the code and templates computed at start-up, prefixes
every cache key. A deploy that changes a template shows the new HTML at once, with nothing bumped or
flushed by hand, even though the shared cache still holds the old release's HTML."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.test import Client
from django.urls import reverse

from common.release import project_release, project_roots, release_of
from tests.support.duels import started_duel

BASE_DIR = Path(django_settings.BASE_DIR)
MARKER = '<p class="release-marker">Nouvelle présentation du tour</p>'


def test_the_settings_prefix_every_cache_with_the_release_of_the_files():
    assert django_settings.RELEASE == project_release(BASE_DIR)
    assert len(django_settings.RELEASE) == 12
    assert {alias["KEY_PREFIX"] for alias in django_settings.CACHES.values()} == {django_settings.RELEASE}


def test_the_release_names_the_content_of_templates_and_code(tmp_path):
    (tmp_path / "templates").mkdir()
    (tmp_path / "app").mkdir()
    (tmp_path / "tests").mkdir()
    template, code, test = tmp_path / "templates" / "a.html", tmp_path / "app" / "views.py", tmp_path / "tests" / "t.py"
    template.write_text("<p>un</p>")
    code.write_text("X = 1\n")
    test.write_text("assert True\n")

    def release() -> str:
        return release_of(project_roots(tmp_path), relative_to=tmp_path)

    first = release()
    assert release() == first  # the same files, the same release
    test.write_text("assert 1 == 1\n")
    assert release() == first  # tests do not make pages
    template.write_text("<p>deux</p>")
    assert release() != first
    changed = release()
    code.write_text("X = 2\n")
    assert release() != changed


@pytest.mark.django_db
def test_a_changed_template_changes_the_page_without_any_manual_step(tmp_path, settings):
    """The phase's content template (cached 7 days in Redis) changes between two deploys."""
    templates = tmp_path / "templates"
    shutil.copytree(BASE_DIR / "templates", templates)
    roots = [*project_roots(BASE_DIR), templates]
    shared = {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "release-test"}

    def start_process(*, new_release: bool = True) -> None:
        """What a process does at start-up: read the templates, compute the release from the files and
        prefix the cache with it (the shared cache, like Redis, keeps what earlier processes stored)."""
        release = release_of(roots) if new_release else settings.CACHES["default"]["KEY_PREFIX"]
        settings.TEMPLATES = [{**settings.TEMPLATES[0], "DIRS": [templates]}]
        settings.CACHES = {"default": {**shared, "KEY_PREFIX": release}}

    duel, _referee, (a, _b) = started_duel()
    client = Client()
    client.force_login(a.duellist.user)
    url = reverse("duels:duel", args=[duel.pk])
    start_process()
    from django.core.cache import cache

    cache.clear()
    assert MARKER not in client.get(url).content.decode()

    body = templates / "duels" / "_turn_body.html"
    body.write_text(body.read_text(encoding="utf-8") + MARKER, encoding="utf-8")
    start_process(new_release=False)  # the same key prefix: the cached phases are the old HTML
    assert MARKER not in client.get(url).content.decode()
    start_process()  # the deploy: the release comes from the files, nobody bumps anything
    assert MARKER in client.get(url).content.decode()
    cache.clear()
