"""Bodies built to break the bridge's JSON endpoints get a JSON error with a code, never a 500: the
bridge reads its bodies with the API's parser (common.parsers.read_json), size and depth bounded."""
import pytest
from django.urls import reverse

from tests.forum.conftest import FORUM

pytestmark = pytest.mark.django_db

ENDPOINTS = ["forum:api_job", "forum:api_report", "forum:api_delivery"]


def send(client, name, body: str):
    return client.post(reverse(name), body, content_type="application/json", HTTP_ORIGIN=FORUM)


@pytest.mark.parametrize("name", ENDPOINTS)
@pytest.mark.parametrize("depth", [33, 1_000, 2_000])
@pytest.mark.parametrize("opener, closer", [("[", "]"), ('{"a":', "}")])
def test_deeply_nested_json_is_a_400_too_deep(client, name, depth, opener, closer):
    body = '{"token": "x", "url": ' + opener * depth + "1" + closer * depth + "}"
    response = send(client, name, body)
    assert (response.status_code, response.json()["code"]) == (400, "too-deep")
    assert "imbriqué" in response.json()["message"]
    assert not response.cookies


@pytest.mark.parametrize("name", ENDPOINTS)
def test_a_body_over_16_kb_is_a_413(client, name):
    response = send(client, name, '{"token": "' + "x" * 17_000 + '"}')
    assert (response.status_code, response.json()["code"]) == (413, "too-large")


@pytest.mark.parametrize("name", ENDPOINTS)
@pytest.mark.parametrize("body", ["{", "[1]", '{"token": NaN}', "\xff"])
def test_unreadable_json_is_a_400_bad_json(client, name, body):
    response = send(client, name, body)
    assert (response.status_code, response.json()["code"]) == (400, "bad-json")
    assert response.json()["message"] == "Requête illisible."


@pytest.mark.parametrize("name", ENDPOINTS)
def test_json_at_the_depth_limit_reaches_the_token_check(client, name, settings):
    depth = settings.API_JSON_MAX_DEPTH - 1
    body = '{"token": "x", "url": ' + "[" * depth + "]" * depth + "}"
    response = send(client, name, body)
    assert response.status_code == 403 and response.json()["code"] == "token-forged"
