"""Logs a person can follow and errors someone is told about.

- Every request gets an id: the proxy's `X-Request-ID` when NUM_PROXIES says a proxy stands in front
  (and it looks like an id), otherwise a fresh one. It is sent back in the response's `X-Request-ID`,
  added to every log record written while the request runs (`request_id`, "-" outside requests) and
  tagged on Sentry events, so a member's "it failed at 21:04" can be found in the logs.
- LOG_FORMAT=json writes one JSON object a line (time, level, logger, message, request_id, exception):
  what log collectors read. The default stays a readable line.
- SENTRY_DSN set: sentry-sdk reports errors of the web processes and the Celery tasks (no personal data).
"""
from __future__ import annotations

import json
import logging
import re
import uuid
from contextvars import ContextVar

from django.conf import settings

_request_id: ContextVar[str] = ContextVar("request_id", default="-")
_ID = re.compile(r"[A-Za-z0-9._-]{8,128}\Z")


class RequestIdMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response
        self.trust_proxy = getattr(settings, "NUM_PROXIES", 0) > 0

    def __call__(self, request):
        given = request.headers.get("X-Request-ID", "") if self.trust_proxy else ""
        request_id = given if _ID.match(given) else uuid.uuid4().hex
        request.request_id = request_id
        # Not reset on the way out: Django logs a 4xx/5xx ("django.request") after the middleware chain
        # has returned, and that line must carry the id too. The next request sets its own.
        _request_id.set(request_id)
        try:
            import sentry_sdk  # optional: absent, the request simply carries no Sentry tag

            sentry_sdk.get_current_scope().set_tag("request_id", request_id)
        except ImportError:
            pass
        response = self.get_response(request)
        response["X-Request-ID"] = request_id
        return response


class RequestIdFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = _request_id.get()
        return True


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S%z"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "request_id": getattr(record, "request_id", "-"),
        }
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return json.dumps(entry, ensure_ascii=False)


def sentry_init(dsn: str, *, environment: str, traces_sample_rate: float) -> None:
    # Imported here: the Sentry SDK is optional and heavy, loaded only when SENTRY_DSN is set.
    import sentry_sdk
    from sentry_sdk.integrations.celery import CeleryIntegration
    from sentry_sdk.integrations.django import DjangoIntegration

    sentry_sdk.init(
        dsn=dsn, environment=environment, traces_sample_rate=traces_sample_rate, send_default_pii=False,
        integrations=[DjangoIntegration(), CeleryIntegration()],
    )
