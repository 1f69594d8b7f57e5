"""`make run` as a new user meets it: the embed's refusal explained to staff on the duel page while
the club's forum address is unset, printed links on the host the server listens on, a /favicon.ico."""
import re
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories.duels import UserFactory
from tests.support.duels import started_duel
from tests.support.forum import forum_configured

pytestmark = pytest.mark.django_db
MAKEFILE = Path(__file__).resolve().parents[2] / "Makefile"


def test_staff_are_told_why_the_embed_is_refused_while_forum_origins_is_unset(club):
    duel, _referee, (a, _b) = started_duel()
    staff = Client()
    staff.force_login(UserFactory(username="chef", is_staff=True))
    url = reverse("duels:duel", args=[duel.pk])
    forum_configured(club, url="")
    assert "data-forum-origins" in staff.get(url).content.decode()
    player = Client()
    player.force_login(a.duellist.user)
    assert "data-forum-origins" not in player.get(url).content.decode()
    forum_configured(club, url="https://forum.example")
    assert "data-forum-origins" not in staff.get(url).content.decode()


def test_make_run_prints_links_on_the_host_it_listens_on():
    text = MAKEFILE.read_text()
    listen = re.search(r"runserver (\S+)", text).group(1)
    host = re.search(r"^RUN_HOST := (\S+)$", text, re.M).group(1) if listen == "$(RUN_HOST)" else listen
    demo_line = next(line for line in text.splitlines() if "manage.py demo" in line)
    assert "SITE_URL=http://$(RUN_HOST)" in demo_line and host == "127.0.0.1:8000"


def test_favicon_ico_answers():
    response = Client().get("/favicon.ico")
    assert response.status_code == 301 and response["Location"].endswith("favicon.svg")


def test_the_urlconf_loads_before_the_static_files_are_collected(settings, tmp_path):
    """Production storage (hashed names from a manifest) with nothing collected yet, as on a fresh checkout
    where `manage.py replay` or `check` runs: loading the URLconf must not ask for a static file's name."""
    import importlib

    import config.urls

    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {**settings.STORAGES, "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.ManifestStaticFilesStorage"}}
    try:
        importlib.reload(config.urls)
    finally:
        settings.STORAGES = {**settings.STORAGES, "staticfiles": {
            "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}
        importlib.reload(config.urls)
