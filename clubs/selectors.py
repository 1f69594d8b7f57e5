"""Reads of clubs. A club is looked up on every request by its address: from the cache (clubs change
rarely; saving or deleting one forgets it: Club.save), so serving a club costs no query once warm; so is
a member's list of clubs, which the header shows on every page (Membership.save forgets it)."""
from django.core.cache import cache
from django.db.models import Exists, OuterRef, Q, QuerySet, Value

from clubs.models import Club, Membership

CACHE_SECONDS = 300


def _cached(key: str, read) -> Club | None:
    found = cache.get(key)
    if found is None:
        found = read() or False  # False: "no such club", cached too
        cache.set(key, found, CACHE_SECONDS)
    return found or None


def club_by_slug(slug: str) -> Club | None:
    return _cached(Club.cache_key(slug), Club.objects.filter(slug=slug).first)


def home_club() -> Club | None:
    """The oldest club: the one an installation of the single-club layout became (its API at /api/v1/
    without a club is on the forum scripts' hot path: from the cache too)."""
    return _cached(Club.HOME_CACHE_KEY, Club.objects.order_by("pk").first)


def clubs_listed_for(user) -> list[Club]:
    """The public clubs (verified, not suspended), and the member's own even when not public or not yet
    verified (`is_mine`), by name: one statement."""
    member = user is not None and user.is_authenticated
    is_mine = Exists(Membership.objects.filter(club=OuterRef("pk"), user=user)) if member else Value(False)
    return list(Club.objects.annotate(is_mine=is_mine).filter(
        Q(is_public=True, verified_at__isnull=False, suspended_at__isnull=True) | Q(is_mine=True)).order_by("name"))


def member_clubs(user) -> list[dict]:
    """The clubs `user` is a member of, as {"slug", "name"} by name, for the header's club menu: from the
    cache, else one statement. Joining a club reads them again (Membership.save), leaving one forgets them
    (Membership.delete); a renamed club shows its new name there within Membership.CLUBS_CACHE_SECONDS."""
    found = cache.get(Membership.clubs_cache_key(user.pk))
    return Membership.member_clubs_store(user.pk) if found is None else found


def club_members(club: Club, query: str = "") -> QuerySet:
    """The club's active members with their roles, owner then staff first, by name (`query`: part of a
    username)."""
    members = (Membership.objects.filter(club=club, user__is_active=True).select_related("user")
               .order_by("-is_owner", "-is_staff", "user__username"))
    return members.filter(user__username__icontains=query) if query else members
