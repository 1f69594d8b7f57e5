"""Django's Redis cache that never takes a page down: when Redis is down or frozen, reads miss and
writes are dropped, so every caller builds what it needs (slower, never wrong).

- Short socket timeouts (CACHES OPTIONS, config/settings/integrations.py) bound the wait on a frozen Redis.
- After a failure the process stops asking Redis for RETRY_SECONDS: a page making ten cache calls
  waits for one timeout at most, not ten; then the next call tries again.
- One warning when the cache becomes unavailable and one line when it is back, not one per call.
The DRF throttle, the rankings API and every page piece go through this backend (`django.core.cache`).
"""
from __future__ import annotations

import logging
import threading
import time

from django.core.cache.backends.redis import RedisCache
from redis.exceptions import RedisError

logger = logging.getLogger("estrade.cache")

RETRY_SECONDS = 5.0

_lock = threading.Lock()
_down_until: dict[str, float] = {}  # location -> monotonic time before which Redis is not asked


def _available(location: str) -> bool:
    return time.monotonic() >= _down_until.get(location, 0.0)


def _failed(location: str, error: Exception) -> None:
    with _lock:
        first = location not in _down_until
        _down_until[location] = time.monotonic() + RETRY_SECONDS
    if first:
        logger.warning("Cache unavailable (%s: %s): pages are built without it until it answers again.",
                       type(error).__name__, error)


def _answered(location: str) -> None:
    if location in _down_until:
        with _lock:
            was_down = _down_until.pop(location, None) is not None
        if was_down:
            logger.warning("Cache available again.")


def reset() -> None:
    """Forget past failures (tests, or an operator's shell after fixing Redis)."""
    with _lock:
        _down_until.clear()


def _resilient(name: str, fallback):
    method = getattr(RedisCache, name)

    def call(self, *args, **kwargs):
        location = str(self._servers)
        if not _available(location):
            return fallback(*args, **kwargs)
        try:
            result = method(self, *args, **kwargs)
        except (RedisError, OSError) as error:
            _failed(location, error)
            return fallback(*args, **kwargs)
        _answered(location)
        return result

    call.__name__ = name
    call.__doc__ = method.__doc__
    return call


def _default(_key, default=None, *args, **kwargs):
    return default


class ResilientRedisCache(RedisCache):
    """RedisCache whose failures are misses (reads) and no-ops (writes)."""

    get = _resilient("get", _default)
    get_many = _resilient("get_many", lambda *args, **kwargs: {})
    has_key = _resilient("has_key", lambda *args, **kwargs: False)
    set = _resilient("set", lambda *args, **kwargs: None)
    set_many = _resilient("set_many", lambda *args, **kwargs: [])
    add = _resilient("add", lambda *args, **kwargs: False)
    touch = _resilient("touch", lambda *args, **kwargs: False)
    delete = _resilient("delete", lambda *args, **kwargs: False)
    delete_many = _resilient("delete_many", lambda *args, **kwargs: None)
    clear = _resilient("clear", lambda *args, **kwargs: False)
    incr = _resilient("incr", lambda _key, delta=1, *args, **kwargs: delta)
