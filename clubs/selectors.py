"""Reads of clubs. A club is looked up on every request by its address: from the cache (clubs change
rarely; saving or deleting one forgets it: Club.save), so serving a club costs no query once warm."""
from django.core.cache import cache
from django.db.models import Q

from clubs.models import Club

CACHE_SECONDS = 300


def club_by_slug(slug: str) -> Club | None:
    key = Club.cache_key(slug)
    found = cache.get(key)
    if found is None:
        found = Club.objects.filter(slug=slug).first() or False  # False: "no such club", cached too
        cache.set(key, found, CACHE_SECONDS)
    return found or None


def home_club() -> Club | None:
    """The oldest club: the one an installation of the single-club layout became (its API at /api/v1/
    without a club is on the forum scripts' hot path: from the cache too)."""
    found = cache.get(Club.HOME_CACHE_KEY)
    if found is None:
        found = Club.objects.order_by("pk").first() or False
        cache.set(Club.HOME_CACHE_KEY, found, CACHE_SECONDS)
    return found or None


def clubs_listed_for(user) -> list[Club]:
    """The public clubs, and the member's own even when not public, by name."""
    mine = Q(memberships__user=user) if user is not None and user.is_authenticated else Q(pk__in=[])
    return list(Club.objects.filter(Q(is_public=True) | mine).distinct().order_by("name"))
