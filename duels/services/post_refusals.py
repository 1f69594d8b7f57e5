"""Refused posts, counted per duellist: past POST_REFUSALS_LIMIT in POST_REFUSALS_SECONDS, further posts
are answered at once with a French message, before any parsing, lock or page rendering.

A refused post stores nothing; what it costs is the checks and the page shown again. The counter lives in
the cache (common/rate_limits.py); when the cache does not answer, nothing is limited (the checks stay
cheap: BBCode is scanned in linear time)."""
from __future__ import annotations

from django.conf import settings

from common import rate_limits


def too_many_refusals(user) -> bool:
    """True when `user` already had POST_REFUSALS_LIMIT refused posts in this period."""
    return rate_limits.count("post-refusals", str(user.pk), settings.POST_REFUSALS_SECONDS) >= settings.POST_REFUSALS_LIMIT


def count_refusal(user) -> None:
    """One more refused post for `user` in this period."""
    rate_limits.hit("post-refusals", str(user.pk), settings.POST_REFUSALS_SECONDS)
