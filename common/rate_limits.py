"""Fixed-window counters in the cache, for limits on what anyone may send (sign-up requests per
address, refused posts per duellist).

A window is `seconds` long; its key carries the window's number, so a counter expires with it. When the
cache does not answer, nothing is counted and nothing is limited: a failing cache must not lock members
out (the limited actions stay cheap without it)."""
from __future__ import annotations

import logging
import time

from django.core.cache import cache

log = logging.getLogger(__name__)


def _key(name: str, who: str, seconds: int) -> str:
    return f"rate:{name}:{who}:{int(time.time() // seconds)}"


def count(name: str, who: str, seconds: int) -> int:
    """How many hits `who` has in the current window (0 if the cache does not answer)."""
    try:
        return int(cache.get(_key(name, who, seconds)) or 0)
    except Exception:
        log.warning("rate limit %s: cache unavailable, not limiting", name, exc_info=True)
        return 0


def hit(name: str, who: str, seconds: int) -> int:
    """One more hit for `who` in the current window; the new count (atomic in Redis; 0 if the cache does
    not answer)."""
    key = _key(name, who, seconds)
    try:
        if cache.add(key, 1, timeout=seconds + 1):
            return 1
        try:
            return int(cache.incr(key))
        except ValueError:  # expired between add and incr
            cache.add(key, 1, timeout=seconds + 1)
            return 1
    except Exception:
        log.warning("rate limit %s: cache unavailable, not counted", name, exc_info=True)
        return 0
