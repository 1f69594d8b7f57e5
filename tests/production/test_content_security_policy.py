"""Content-Security-Policy: own static files only, nonces for anything inline, no framing (one view may
allow the forum's origins with django-csp's decorators), and the pages still work in a real browser."""
import pytest
from csp.constants import NONE
from csp.decorators import csp_replace
from django.http import HttpResponse
from django.template import engines
from django.test import Client, RequestFactory
from django.urls import reverse

from tests.factories.accounts import UserFactory

pytestmark = pytest.mark.django_db


def policy(response) -> dict[str, str]:
    header = response["Content-Security-Policy"]
    return {part.split()[0]: part.partition(" ")[2] for part in header.split("; ")}


def test_pages_carry_a_strict_policy():
    directives = policy(Client().get(reverse("home")))
    assert directives["default-src"] == "'self'"
    assert directives["script-src"] == "'self'" and directives["style-src"] == "'self'"  # no nonce asked
    assert directives["frame-ancestors"] == "'none'" and directives["object-src"] == "'none'"
    assert "unsafe-inline" not in Client().get(reverse("home")).headers["Content-Security-Policy"]


def test_an_inline_script_gets_the_requests_nonce():
    """The way to write one if ever needed: the nonce is added to the header only when a page uses it."""
    from csp.middleware import CSPMiddleware

    template = engines["django"].from_string('<script nonce="{{ request.csp_nonce }}">go()</script>')

    def view(request):
        return HttpResponse(template.render({"request": request}))

    request = RequestFactory().get("/")
    response = CSPMiddleware(view)(request)
    nonce = str(request.csp_nonce)
    assert f'nonce="{nonce}"' in response.content.decode()
    assert f"'nonce-{nonce}'" in policy(response)["script-src"]


def test_one_view_may_be_framed_by_the_forum():
    """How the embed view opens frame-ancestors to the club's forum origins, and only there."""
    from csp.middleware import CSPMiddleware

    origins = ["https://forum.example"]  # a club's allowed_origins

    @csp_replace({"frame-ancestors": origins or [NONE]})  # replace: 'none' must not stay
    def embed(request):
        return HttpResponse("stage")

    response = CSPMiddleware(embed)(RequestFactory().get("/duels/1/embed/"))
    assert policy(response)["frame-ancestors"] == "https://forum.example"
    assert policy(response)["script-src"] == "'self'"  # the rest of the policy unchanged
    assert policy(CSPMiddleware(lambda request: HttpResponse())(RequestFactory().get("/")))["frame-ancestors"] == "'none'"


def test_the_api_docs_load_their_script_from_a_file():
    response = Client().get("/api/docs/")
    assert response.status_code == 200
    assert "<script>" not in response.content.decode()  # the split view: the start-up script is a URL


def test_htmx_is_told_not_to_inject_styles_nor_eval():
    UserFactory(username="csp")
    page = Client().get(reverse("home")).content.decode()
    assert '<meta name="htmx-config" content=\'{"includeIndicatorStyles": false, "allowEval": false}\'>' in page
