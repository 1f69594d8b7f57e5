"""Bodies built to break the API are answered in JSON with a code, never with a 500: JSON nested far
deeper than any document the API takes, and a member's session POST (with its CSRF token) to the
rankings' read-only endpoints, whose content negotiation leaves request bodies to DRF."""
import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import Duellist
from common.parsers import nesting_depth
from tests.factories.accounts import UserFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("depth", [100_000, 1_000, 33])
@pytest.mark.parametrize("opener, closer", [("[", "]"), ('{"a":', "}")])
def test_deeply_nested_json_is_a_400_parse_error(staff, depth, opener, closer):
    body = opener * depth + "1" + closer * depth
    response = staff.post("/api/v1/forum-members/bulk/", body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["code"] == "parse_error"
    assert not Duellist.objects.exists()


def test_json_at_the_depth_limit_reaches_the_serializers(staff, settings):
    body = "[" * settings.API_JSON_MAX_DEPTH + "]" * settings.API_JSON_MAX_DEPTH
    response = staff.post("/api/v1/forum-members/bulk/", body, content_type="application/json")
    assert response.status_code == 400 and response.json()["code"] != "parse_error"


def test_nesting_depth():
    assert nesting_depth(1) == 0 and nesting_depth([]) == 1 and nesting_depth({"a": [1, {"b": []}]}) == 4
    deep = []
    for _ in range(50_000):
        deep = [deep]
    assert nesting_depth(deep) == 50_001


@pytest.fixture
def member_session():
    client = Client(enforce_csrf_checks=True)
    client.force_login(UserFactory(username="membre"))
    client.get(reverse("duels:dashboard"))  # the CSRF cookie, as a page the member visits sets it
    return client, client.cookies["csrftoken"].value


@pytest.mark.parametrize("url", ["/api/v1/rankings/", "/api/v1/rankings.bbcode", "/api/v1/rankings.html"])
@pytest.mark.parametrize("content_type", ["application/json", "application/x-www-form-urlencoded",
                                          "multipart/form-data; boundary=x", "text/plain"])
def test_a_members_session_post_to_the_rankings_is_refused_in_json(member_session, url, content_type):
    client, token = member_session
    body = "{}" if content_type == "application/json" else "a=1"
    response = client.post(url, body, content_type=content_type, HTTP_X_CSRFTOKEN=token)
    assert response["Content-Type"].startswith("application/json")
    if content_type == "text/plain":  # no parser for it: DRF's 415 when CSRF reads the body
        assert (response.status_code, response.json()["code"]) == (415, "unsupported_media_type")
    else:
        assert (response.status_code, response.json()["code"]) == (403, "permission_denied")


@pytest.mark.parametrize("url", ["/api/v1/rankings/", "/api/v1/rankings.bbcode"])
def test_a_staff_post_to_the_rankings_is_a_405_in_json(staff, url):
    response = staff.post(url, {"a": 1}, format="json")
    assert response.status_code == 405
    assert response.json()["code"] == "method_not_allowed"
