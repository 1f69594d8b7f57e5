"""Links that leave the site (e-mails, messages pasted on the forum) start with SITE_URL, the address
members reach the site at: never the request's Host header, which the client writes."""
from __future__ import annotations

from urllib.parse import urlsplit

from django.conf import settings


def site_url() -> str:
    return settings.SITE_URL.rstrip("/")


def site_domain() -> str:
    """SITE_URL's host (and port, if it has one)."""
    return urlsplit(site_url()).netloc


def absolute_link(url: str) -> str:
    """A path on the site ("/duels/3/") as an absolute link; an absolute URL or "" as it is."""
    return site_url() + url if url.startswith("/") else url
