"""GET /healthz: is this process able to serve? JSON, for the compose healthchecks and load balancers.

Answered by a middleware placed first, before SecurityMiddleware and any host check: the container's own
healthcheck calls http://127.0.0.1:8000/healthz, which is neither an allowed host nor HTTPS, and must
still see 200 while the site itself redirects to HTTPS and refuses unknown hosts. It reveals nothing but
"ok"/"error" per dependency."""
from __future__ import annotations

import logging

import redis
from django.conf import settings
from django.db import connection
from django.http import JsonResponse

logger = logging.getLogger(__name__)
PATH = "/healthz"


def _database() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception:  # noqa: BLE001 - any failure means "not healthy", logged for the operator
        logger.exception("healthz: database unreachable")
        return "error"
    return "ok"


def _redis() -> str:
    if not settings.REDIS_URL:
        return "not configured"
    try:
        client = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=2, socket_connect_timeout=2)
        try:
            client.ping()
        finally:
            client.close()
    except Exception:  # noqa: BLE001
        logger.exception("healthz: Redis unreachable")
        return "error"
    return "ok"


def health() -> tuple[dict, int]:
    checks = {"database": _database(), "redis": _redis()}
    healthy = all(value != "error" for value in checks.values())
    return {"status": "ok" if healthy else "error", **checks}, 200 if healthy else 503


class HealthCheckMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path_info.rstrip("/") == PATH and request.method in ("GET", "HEAD"):
            body, status = health()
            response = JsonResponse(body, status=status)
            response["Cache-Control"] = "no-store"
            return response
        return self.get_response(request)
