"""/healthz: what the compose healthchecks call (http://127.0.0.1:8000/healthz inside the container),
with production settings: no allowed host, HTTPS redirect on. JSON; 503 when a dependency is down."""
import socket

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.fixture
def production(settings):
    settings.DEBUG = False
    settings.ALLOWED_HOSTS = ["estrade.example"]
    settings.SECURE_SSL_REDIRECT = True
    settings.REDIS_URL = ""


def test_healthz_answers_the_containers_own_address_over_http(production):
    client = Client()
    response = client.get("/healthz", HTTP_HOST="127.0.0.1:8000")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "redis": "not configured"}
    assert response["Cache-Control"] == "no-store"
    # the rest of the site keeps its production edges: unknown host refused, HTTP redirected
    assert client.get("/", HTTP_HOST="127.0.0.1:8000").status_code == 400
    assert client.get("/", HTTP_HOST="estrade.example").status_code == 301


def test_healthz_says_503_when_redis_is_configured_but_down(production, settings):
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    settings.REDIS_URL = f"redis://127.0.0.1:{port}/0"
    response = Client().get("/healthz", HTTP_HOST="127.0.0.1:8000")
    assert response.status_code == 503
    assert response.json() == {"status": "error", "database": "ok", "redis": "error"}


def test_healthz_checks_redis_when_it_is_there(production, settings):
    try:
        socket.create_connection(("127.0.0.1", 6379), timeout=1).close()
    except OSError:
        pytest.skip("no Redis on 127.0.0.1:6379")
    settings.REDIS_URL = "redis://127.0.0.1:6379/0"
    assert Client().get("/healthz", HTTP_HOST="127.0.0.1:8000").json()["redis"] == "ok"


def test_healthz_says_503_when_the_database_is_down(production, monkeypatch):
    from config import health

    def broken():
        raise RuntimeError("database down")

    monkeypatch.setattr(health.connection, "cursor", broken)
    response = Client().get("/healthz", HTTP_HOST="127.0.0.1:8000")
    assert response.status_code == 503 and response.json()["database"] == "error"


def test_the_compose_web_healthcheck_calls_healthz():
    """The healthcheck written in docker-compose.yml is the request answered 200 above (and the stack
    test runs that very command against gunicorn with production settings)."""
    from tests.stack.compose import compose_services

    test = compose_services()["web"]["healthcheck"]["test"]
    assert "http://127.0.0.1:8000/healthz" in " ".join(test)
