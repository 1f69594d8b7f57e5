"""The OpenAPI schema (drf-spectacular) covers every endpoint and generates without errors or warnings
for the rankings, duels and spells views."""
import pytest
import yaml
from django.core.management import call_command

pytestmark = pytest.mark.django_db


def test_schema_generates_and_validates(tmp_path, capsys):
    out = tmp_path / "schema.yml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(out))
    schema = yaml.safe_load(out.read_text())
    paths = schema["paths"]
    for path in ("/api/v1/rankings/", "/api/v1/rankings.bbcode", "/api/v1/rankings.html", "/api/v1/seasons/",
                 "/api/v1/seasons/{slug}/", "/api/v1/duellists/", "/api/v1/duellists/{forum_id}/",
                 "/api/v1/duels/", "/api/v1/duels/{id}/", "/api/v1/spells/", "/api/v1/spells/{slug}/",
                 "/api/v1/magic-types/", "/api/v1/magic-types/{slug}/", "/api/v1/forum-members/{forum_id}/",
                 "/api/v1/forum-members/bulk/"):
        assert path in paths, path
    rankings = paths["/api/v1/rankings/"]["get"]
    assert {p["name"] for p in rankings["parameters"]} >= {"season", "kind", "format", "year", "page", "page_size"}
    assert "text/plain" in paths["/api/v1/rankings.bbcode"]["get"]["responses"]["200"]["content"]
    assert "post" in paths["/api/v1/seasons/"] and "post" not in paths["/api/v1/duels/"]


def test_schema_and_docs_are_served(client):
    assert b"/api/v1/rankings/" in client.get("/api/schema/").content
    assert client.get("/api/docs/").status_code == 200
