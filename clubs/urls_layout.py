"""Which first path segments are a club's pages (so that no club may take their name)."""
from functools import cache

from django.urls import get_resolver
from django.urls.resolvers import URLPattern, URLResolver


@cache
def reserved_segments() -> frozenset[str]:
    """The first segment of every route of the site's URLconf ("duels", "classement", "connexion", …)."""
    segments = set()
    for entry in get_resolver().url_patterns:
        if isinstance(entry, URLResolver | URLPattern):
            first = str(entry.pattern).lstrip("^").split("/", 1)[0]
            if first and "<" not in first:
                segments.add(first)
            if isinstance(entry, URLResolver) and not first:
                for inner in entry.url_patterns:
                    sub = str(inner.pattern).lstrip("^").split("/", 1)[0]
                    if sub and "<" not in sub:
                        segments.add(sub)
    return frozenset(segments)
