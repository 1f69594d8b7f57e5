"""The club a test runs for. Every database test runs inside `activate_club(home club)`, as a page of
that club would: its queries are the club's, its links carry /<club>/. Tests about several clubs
create another with `other_club()` and switch with `activate_club`."""
from django.urls import get_script_prefix

from clubs.models import Club

HOME_SLUG = "club"  # the first club, created by the clubs migration


def home_club() -> Club:
    """The installation's first club (re-created after a transactional test flushed the tables)."""
    club, _ = Club.objects.get_or_create(slug=HOME_SLUG, defaults={"name": "Club de duel"})
    return club


def other_club(slug: str = "ilvermorny", name: str = "Ilvermorny") -> Club:
    return Club.objects.get_or_create(slug=slug, defaults={"name": name})[0]


def club_path(path: str) -> str:
    """A page's address written out ("/duels/1/"), in the club the test runs for ("/club/duels/1/")."""
    return get_script_prefix() + path.lstrip("/")


def club_lookup_warm(club: Club | None = None) -> None:
    """The middleware reads the club of an address from the cache (clubs.selectors: one query per cache
    lifetime). Warm, as in production, before counting a page's own queries after a `cache.clear()`."""
    from clubs.scoping import current_club
    from clubs.selectors import club_by_slug
    from clubs.selectors import home_club as home_club_cached

    home_club_cached()
    club_by_slug((club or current_club()).slug)
