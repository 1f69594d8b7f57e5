"""CORS of the bridge's JSON endpoints, per club: the forum of the club being served, and it alone.

django-cors-headers answers an origin when its settings allow it or when a `check_request_enabled`
receiver says so. The settings allow none (CORS_ALLOWED_ORIGINS is empty); this receiver allows the
served club's forum origins (Club.allowed_origins), on the paths of CORS_URLS_REGEX only — the middleware
also asks it whether CORS applies to a path at all, so it never says yes elsewhere. Club A's forum gets
no CORS answer from club B's endpoints. No credentials either way (CORS_ALLOW_CREDENTIALS = False)."""
from __future__ import annotations

import re

from django.conf import settings

from clubs.models import origin_of
from forum.addresses import club_origins


def origin_allowed(request) -> bool:
    """The request is for a bridge endpoint of a club and comes from that club's forum."""
    if not re.match(settings.CORS_URLS_REGEX, request.path_info):
        return False
    club = getattr(request, "club", None)
    origin = origin_of(request.headers.get("origin", ""))
    return bool(origin) and origin in club_origins(club)


def check_request_enabled(sender, request, **kwargs) -> bool:
    return origin_allowed(request)
