"""Glue for django-axes (login protection): which address a request comes from, and a backend
that lets code call ``authenticate()`` without a request.

The locking itself (counting failures per account+address, the cool-off) is the library's.
"""
from __future__ import annotations

from axes.backends import AxesStandaloneBackend
from django.conf import settings


def client_ip(request) -> str | None:
    """The client's address. X-Forwarded-For is read only when ``NUM_PROXIES`` says how many
    trusted proxies append to it; then the address the outermost trusted proxy saw is the
    ``NUM_PROXIES``-th from the right (the same rule as DRF's throttles). Anything further left was
    written by the client and could be forged."""
    remote_addr = request.META.get("REMOTE_ADDR")
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR")
    num_proxies = settings.NUM_PROXIES
    if num_proxies <= 0 or not forwarded:
        return remote_addr
    addresses = [address.strip() for address in forwarded.split(",") if address.strip()]
    if not addresses:
        return remote_addr
    return addresses[-min(num_proxies, len(addresses))]


class LoginProtectionBackend(AxesStandaloneBackend):
    """Axes' lockout check for every login made through a request (the site's form, the admin's).

    ``authenticate()`` called by code without a request (a management command, the test client's
    ``login``) is not a login attempt from an address: there is nothing to lock, so it passes to
    the next backend instead of raising as the stock backend does."""

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)
