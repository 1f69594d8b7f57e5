"""The one cache for rendered HTML (and the few page pieces computed with it).

    html = cached("thread", (duel_identity, window.pk, ...), lambda: render_to_string(...), timeout)

The key is the namespace, the club being served, a digest of the parts that decide the output, and the
reader's language;
the release (a hash of the code and templates, `common.release`) is the caches' KEY_PREFIX
(config/settings/integrations.py). So a value is never stale: new data gives new parts, a new deploy a new prefix;
nothing is invalidated by hand and no version is bumped by hand.

Two levels, with Django's own backends:
- `caches["local"]` (only when the shared cache is Redis): this process's memory, bounded in entries,
  each kept at most LOCAL_SECONDS; read first, so a page does not fetch and unpickle ~100 KB from
  Redis on every request;
- `cache` (the default): Redis, shared by the workers (or the process's memory when there is no Redis).
`shared=False` keeps a value in the process only: cheap to build, used on every page (the stage, the
blank forms), not worth a Redis round trip. `memory=False` keeps it in Redis only: large and rarely
asked again by the same process (the stage pictures the forum fetches).

A cache that fails is a miss: the Redis backend (`common.cache_backend`) logs once and answers
nothing, and the value is built as if it had never been cached.
"""
from __future__ import annotations

import hashlib
from collections.abc import Callable, Hashable, Iterable

from django.conf import settings
from django.core.cache import cache, caches
from django.utils.translation import get_language

from clubs.scoping import current_club_or_none

LOCAL = "local"
LOCAL_SECONDS = 600


def cache_key(namespace: str, parts: Iterable) -> str:
    """namespace:club:language:digest of the parts (their repr: ids, revisions, digests of the data).
    The club being served is part of every key: what is cached for a club (its pages' HTML links into
    it) is never served to another, whatever the parts say."""
    text = "\x1f".join(repr(part) for part in parts)
    digest = hashlib.blake2b(text.encode(), digest_size=16).hexdigest()
    club = current_club_or_none()
    return f"{namespace}:{club.pk if club else '-'}:{get_language() or settings.LANGUAGE_CODE}:{digest}"


def _local():
    return caches[LOCAL] if LOCAL in settings.CACHES else None


def _levels(memory: bool, shared: bool) -> list:
    local = _local()
    if local is None:  # one level: the default cache (Redis, or this process's memory without it)
        return [cache]
    return [level for level, wanted in ((local, memory), (cache, shared)) if wanted] or [cache]


def cached(namespace: str, parts: Iterable, build: Callable[[], object], timeout: int | None, *,
           memory: bool = True, shared: bool = True):
    """The value kept under (namespace, parts, language, release), or `build()` stored for `timeout`
    seconds (None: as long as the cache keeps it)."""
    return _fetch({0: cache_key(namespace, parts)}, lambda _ids: {0: build()}, timeout, _levels(memory, shared))[0]


def cached_many(namespace: str, parts_by_id: dict[Hashable, Iterable], build_missing: Callable[[list], dict],
                timeout: int | None, *, memory: bool = True, shared: bool = True) -> dict:
    """{id: value} for every id of `parts_by_id`, in one read per level; `build_missing(ids)` returns
    the values of the ids not found, which are then stored."""
    keys = {id_: cache_key(namespace, parts) for id_, parts in parts_by_id.items()}
    return _fetch(keys, build_missing, timeout, _levels(memory, shared))


def _fetch(keys: dict[Hashable, str], build_missing: Callable[[list], dict], timeout: int | None, levels: list) -> dict:
    found: dict[str, object] = {}
    for depth, level in enumerate(levels):
        wanted = [key for key in keys.values() if key not in found]
        if not wanted:
            break
        got = level.get_many(wanted)
        if got and depth:  # found below: kept in the faster levels above too
            for upper in levels[:depth]:
                upper.set_many(got, _lifetime(upper, timeout))
        found.update(got)
    values = {id_: found[key] for id_, key in keys.items() if key in found}
    missing = [id_ for id_ in keys if id_ not in values]
    if missing:
        built = build_missing(missing)
        stored = {keys[id_]: built[id_] for id_ in missing}
        for level in levels:
            level.set_many(stored, _lifetime(level, timeout))
        values.update(built)
    return values


def _lifetime(level, timeout: int | None) -> int | None:
    if level is cache or LOCAL not in settings.CACHES:
        return timeout
    return LOCAL_SECONDS if timeout is None else min(timeout, LOCAL_SECONDS)
