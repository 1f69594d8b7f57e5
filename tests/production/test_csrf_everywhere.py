"""The probe found CSRF sound on every form; this keeps it so: a POST without the token is refused (403)
on every page route of the site, for a logged-in staff referee, before any view runs. A route made
csrf_exempt by mistake fails here by name. (The API's writes use token auth: no cookie, no CSRF.)"""
import re

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from tests.factories.accounts import UserFactory
from tests.support.clubs import club_path, make_referee

pytestmark = pytest.mark.django_db
SKIPPED_PREFIXES = ("api/", "forum/api/", "admin/", "i18n/")  # token APIs (the forum bridge sends a signed
# single-use token, no cookie); Django's own admin and language switch


def page_routes(resolver=None, prefix=""):
    for entry in (resolver or get_resolver()).url_patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            yield from page_routes(entry, route)
        elif isinstance(entry, URLPattern) and not route.startswith(SKIPPED_PREFIXES):
            yield "/" + re.sub(r"<(?:int:)?[a-z_]+>", "1", re.sub(r"<(?:str|slug):[a-z_]+>", "x", route)).lstrip("^").rstrip("$")


ROUTES = sorted(set(page_routes()))


def test_the_route_list_is_the_sites():
    assert "/duels/1/poster/" in ROUTES and "/notifications/lues/" in ROUTES and len(ROUTES) > 20


@pytest.mark.parametrize("path", ROUTES)
def test_a_post_without_the_csrf_token_is_refused(path):
    user = UserFactory(is_staff=True, is_superuser=True)
    make_referee(user)
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    response = client.post(club_path(path), {"reason": "x", "confirm": "yes", "rp_text": "x"})
    assert response.status_code == 403, (path, response.status_code)
