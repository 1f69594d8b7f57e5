"""/<club>/coupe/bandeau/: the houses' totals the forum's header band shows (static/forum/pont-cup.js,
served with the bridge script, calls it on every forum page).

Public data only (what the cup page shows anyone: each house's name, colour, crest and total for the
current period), no cookie read or set, the same CORS as the bridge's other endpoints (the served club's
forum origins only: forum/cors.py, CORS_URLS_REGEX), and cacheable for 30 s by the browser and any proxy
(`Vary: Origin`, so one forum's answer never serves another origin). Two statements whatever the number
of houses and entries: the cup settings, then the standings."""
from __future__ import annotations

import datetime as dt

from django.http import JsonResponse
from django.urls import reverse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.views.decorators.http import require_GET

from common.links import site_url
from cup import selectors

MAX_AGE = 30  # seconds: a forum page refreshes the band every minute; many members share one answer


def widget_data() -> dict:
    settings = selectors.cup_settings()
    period = selectors.current_period(settings)
    return {
        "period": {"kind": settings.period, "start": period.start.isoformat(),
                   "last_day": (period.end - dt.timedelta(days=1)).isoformat()},
        "url": site_url() + reverse("cup:standings"),
        "houses": [{"name": house.name, "colour": house.colour, "crest": house.crest, "total": house.total}
                   for house in selectors.standings(period)],
    }


@require_GET
def widget(request):
    response = JsonResponse(widget_data())
    response.cookies.clear()
    patch_cache_control(response, public=True, max_age=MAX_AGE)
    patch_vary_headers(response, ("Origin",))
    return response
