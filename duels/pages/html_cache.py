"""The cache of rendered HTML whose key is its content: thread phases, the action form's
choices, the charts, the poll of a version.

Every key here names everything its value depends on (ids, revisions, digests of the data, the
language), so a value is never stale and nothing is ever invalidated: a change makes a new key. That
lets each process keep what it read in its own memory, in front of the shared cache: with Redis
(production), a page read ~100 KB of HTML from Redis and unpickled it on every request (about 2.7 ms
of a 13 ms page, timed in process); now a worker asks Redis once per key and serves it from memory.

Two levels, with Django's own backends (config/settings.py):
- `caches["local"]`: a LocMemCache per process, bounded in entries (300: entries are 1 to 60 KB, so
  at most ~18 MB a worker, a few MB in practice), entries kept at most LOCAL_SECONDS; the spell
  cards (`cast_cards`) stay in the shared cache only: they are inside the action choices' HTML,
  which is kept here;
- `cache` (the default): Redis in production, shared by the workers; the only level when there is no
  "local" alias (one process, no Redis: the default cache is already in memory).
"""
from __future__ import annotations

from django.conf import settings
from django.core.cache import cache, caches

LOCAL = "local"
LOCAL_SECONDS = 600


def _local():
    return caches[LOCAL] if LOCAL in settings.CACHES else None


def get(key: str, timeout: int):
    """The value or None. `timeout`: the entry's lifetime, as given to set (a value read from the
    shared cache is kept in memory no longer than that, nor than LOCAL_SECONDS)."""
    return get_many([key], timeout).get(key)


def get_many(keys: list[str], timeout: int) -> dict:
    local = _local()
    found = local.get_many(keys) if local is not None else {}
    missing = [key for key in keys if key not in found]
    if missing:
        shared = cache.get_many(missing)
        if shared and local is not None:
            local.set_many(shared, min(timeout, LOCAL_SECONDS))
        found.update(shared)
    return found


def set(key: str, value, timeout: int) -> None:  # noqa: A001 - the cache's own verb
    set_many({key: value}, timeout)


def set_many(values: dict, timeout: int) -> None:
    if not values:
        return
    cache.set_many(values, timeout)
    local = _local()
    if local is not None:
        local.set_many(values, min(timeout, LOCAL_SECONDS))
