"""Request ids in responses and logs, JSON logs, optional Sentry (errors reported)."""
import json
import logging
import subprocess
import sys

import pytest
from django.http import HttpResponse
from django.test import Client, RequestFactory

from config.observability import JsonFormatter, RequestIdFilter, RequestIdMiddleware

pytestmark = pytest.mark.django_db


def test_every_response_carries_a_fresh_request_id():
    first, second = Client().get("/"), Client().get("/")
    assert len(first["X-Request-ID"]) == 32 and first["X-Request-ID"] != second["X-Request-ID"]


def test_the_proxys_request_id_is_kept_only_behind_a_trusted_proxy(settings):
    view = lambda request: HttpResponse()  # noqa: E731
    request = RequestFactory().get("/", HTTP_X_REQUEST_ID="proxy-id-1234")
    assert RequestIdMiddleware(view)(request)["X-Request-ID"] != "proxy-id-1234"
    settings.NUM_PROXIES = 1
    assert RequestIdMiddleware(view)(RequestFactory().get("/", HTTP_X_REQUEST_ID="proxy-id-1234"))[
        "X-Request-ID"] == "proxy-id-1234"
    odd = RequestFactory().get("/", HTTP_X_REQUEST_ID="<script>\n")
    assert RequestIdMiddleware(view)(odd)["X-Request-ID"] != "<script>\n"


def test_log_records_written_during_a_request_carry_its_id_as_json():
    records = []

    class Keep(logging.Handler):
        def emit(self, record):
            records.append(self.format(record))

    handler = Keep()
    handler.addFilter(RequestIdFilter())
    handler.setFormatter(JsonFormatter())
    logger = logging.getLogger("estrade.test")
    logger.addHandler(handler)

    def view(request):
        logger.warning("refusé pour %s", "Luna")
        return HttpResponse()

    try:
        response = RequestIdMiddleware(view)(RequestFactory().get("/"))
    finally:
        logger.removeHandler(handler)
    (inside,) = (json.loads(line) for line in records)
    assert inside["request_id"] == response["X-Request-ID"] and inside["message"] == "refusé pour Luna"
    assert inside["level"] == "WARNING" and inside["logger"] == "estrade.test"


def test_djangos_own_4xx_log_line_carries_the_request_id(caplog):
    """django.request logs a 404 after the middleware chain returned: the id must still be there."""
    caplog.handler.addFilter(RequestIdFilter())
    response = Client().get("/nulle-part/")
    (record,) = [r for r in caplog.records if r.name == "django.request"]
    assert record.request_id == response["X-Request-ID"]


def test_sentry_is_on_with_django_and_celery_integrations_when_a_dsn_is_set():
    code = (
        "import django, sentry_sdk; django.setup(); client = sentry_sdk.get_client();"
        "print(client.is_active(), sorted(client.integrations))"
    )
    env = {"DJANGO_SETTINGS_MODULE": "config.settings", "SECRET_KEY": "x" * 50, "PATH": "/usr/bin:/bin",
           "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
           "SENTRY_DSN": "https://public@o0.ingest.sentry.io/0", "DATABASE_URL": "sqlite:///:memory:"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.startswith("True") and "'celery'" in out.stdout and "'django'" in out.stdout
    env.pop("SENTRY_DSN")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert out.stdout.startswith("False")
