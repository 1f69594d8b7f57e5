"""The club a test runs for. Every database test runs inside `activate_club(home club)`, as a page of
that club would: its queries are the club's, its links carry /<club>/. Tests about several clubs
create another with `other_club()` and switch with `activate_club`."""
from contextlib import contextmanager

from django.urls import get_script_prefix, set_script_prefix
from django.utils import timezone

from clubs.models import Club
from clubs.roles import referee_role_store

HOME_SLUG = "club"  # the first club, created by the clubs migration


def home_club() -> Club:
    """The installation's first club (re-created after a transactional test flushed the tables)."""
    club, _ = Club.objects.get_or_create(slug=HOME_SLUG, defaults={"name": "Club de duel",
                                                                    "verified_at": timezone.now()})
    return club


def other_club(slug: str = "ilvermorny", name: str = "Ilvermorny") -> Club:
    """Another club, as the operator makes one (verified: its forum publishing on)."""
    return Club.objects.get_or_create(slug=slug, defaults={"name": name, "verified_at": timezone.now()})[0]


def club_path(path: str) -> str:
    """A page's address written out ("/duels/1/"), in the club the test runs for ("/club/duels/1/")."""
    return get_script_prefix() + path.lstrip("/")


@contextmanager
def outside_any_club():
    """Run as a worker, a command or a thread of its own does: no club active (a query of club data raises),
    links at the site's root, the site's time zone. The test's database connection is kept (a fresh
    `contextvars.Context` would open another, which an in-memory test database does not share)."""
    from django_scopes.state import state

    from clubs import scoping

    scopes, site = state.set({}), scoping._site_prefix.set(None)
    prefix = get_script_prefix()
    set_script_prefix("/")
    try:
        with timezone.override(None):
            yield
    finally:
        set_script_prefix(prefix)
        scoping._site_prefix.reset(site)
        state.reset(scopes)


def club_cache_warmed(club: Club | None = None) -> Club:
    """The club's address read once, as a running site has it in its cache (clubs/selectors.py): query
    counts measured after this are a page's own, not the first request's since the cache was emptied."""
    from clubs.selectors import club_by_slug
    from clubs.selectors import home_club as home_club_cached

    club = club or home_club()
    club_by_slug(club.slug)
    home_club_cached()  # the club of /api/v1/ without a club
    return club


def make_referee(user) -> None:
    """`user` referees in the club being served (their membership there, made if need be)."""
    referee_role_store(user, True)


def make_club_staff(user, club: Club | None = None, *, owner: bool = False):
    """`user` is staff (and owner, if said) of `club` — the club being served by default — through their
    membership there; Django's `is_staff` stays as it was (the platform operator's flag)."""
    from clubs.roles import staff_role_store

    staff_role_store(user, staff=True, owner=owner, club=club)
    return user


def api_token(user, club: Club | None = None) -> str:
    """A key for `user`'s `Authorization: Token <key>` on the API of `club` (the club being served by
    default), as the admin issues it."""
    from accounts.models import ApiToken
    from clubs.scoping import current_club

    club = club or current_club()
    return ApiToken._base_manager.get_or_create(user=user, club=club)[0].key


def club_member(**user_fields):
    """A new account that is a member of the club being served (a player's membership, no role)."""
    from clubs.roles import membership_join
    from tests.factories.accounts import UserFactory

    user = UserFactory(**user_fields)
    membership_join(user)
    return user
