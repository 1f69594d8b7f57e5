"""Refused posts, counted per duellist: past POST_REFUSALS_LIMIT in POST_REFUSALS_SECONDS, further posts
are answered at once with a French message, before any parsing, lock or page rendering.

A refused post stores nothing; what it costs is the checks and the page shown again. The counter lives in
the cache (one key per user and period); when the cache does not answer, nothing is limited (the checks
stay cheap: BBCode is scanned in linear time)."""
from __future__ import annotations

import logging
import time

from django.conf import settings
from django.core.cache import cache

log = logging.getLogger(__name__)


def _key(user_id: int) -> str:
    period = int(time.time() // settings.POST_REFUSALS_SECONDS)
    return f"post-refusals:{user_id}:{period}"


def too_many_refusals(user) -> bool:
    """True when `user` already had POST_REFUSALS_LIMIT refused posts in this period."""
    try:
        return (cache.get(_key(user.pk)) or 0) >= settings.POST_REFUSALS_LIMIT
    except Exception:  # the cache is down: no limit rather than no posting
        log.warning("post refusals: cache unavailable, not limiting", exc_info=True)
        return False


def count_refusal(user) -> None:
    """One more refused post for `user` in this period."""
    key = _key(user.pk)
    try:
        if not cache.add(key, 1, timeout=settings.POST_REFUSALS_SECONDS + 1):
            cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.add(key, 1, timeout=settings.POST_REFUSALS_SECONDS + 1)
    except Exception:
        log.warning("post refusals: cache unavailable, not counted", exc_info=True)
