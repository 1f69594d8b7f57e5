"""An address under /api/ that no endpoint serves answers the API's JSON 404 (code not_found), with DEBUG
on (`make run`) as with DEBUG off, whatever the method; an address missing its final slash is still sent
to the endpoint it was meant for."""
import pytest

pytestmark = pytest.mark.django_db

UNROUTED = ["/api/v1/nope/", "/api/v1/duels/1/tours/", "/api/v1/", "/api/", "/api/v2/duels/", "/api/v1/a/b/c/"]


@pytest.mark.parametrize("debug", [True, False], ids=["debug", "production"])
@pytest.mark.parametrize("path", UNROUTED)
def test_an_unrouted_api_address_answers_the_json_404(anonymous, settings, debug, path):
    settings.DEBUG = debug
    for method in (anonymous.get, anonymous.post, anonymous.delete):
        response = method(path)
        assert response.status_code == 404, (method, response.status_code)
        assert response["Content-Type"] == "application/json", response.content[:80]
        assert response.json() == {"code": "not_found", "message": "Ressource introuvable."}


@pytest.mark.parametrize("debug", [True, False], ids=["debug", "production"])
def test_without_its_final_slash_an_address_goes_where_it_was_meant(anonymous, settings, debug):
    settings.DEBUG = debug
    assert anonymous.get("/api/v1/spells/")["Content-Type"] == "application/json"
    redirect = anonymous.get("/api/v1/spells")
    assert redirect.status_code == 301 and redirect["Location"] == "/api/v1/spells/"
    unknown = anonymous.get("/api/v1/nope", follow=True)
    assert unknown.status_code == 404 and unknown.json()["code"] == "not_found"


def test_the_schema_and_the_docs_are_still_served(anonymous):
    assert anonymous.get("/api/schema/").status_code == 200
    assert anonymous.get("/api/docs/").status_code == 200
