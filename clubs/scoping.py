"""Every query of a club's data names its club, or raises (django-scopes, as pretix scopes organisers).

- A club-owned model inherits `ClubOwned`: a `club` foreign key and a manager scoped on it. Inside
  `activate_club(club)` every query of such a model is filtered to that club; outside any club it
  raises `ScopeError` — in a page, a task, a command or a test alike.
- `activate_club` also mounts the club's pages under `/<slug>/` for the links built meanwhile (the script
  prefix `reverse()` puts in front of every address) and uses the club's time zone: a page, an e-mail
  or a forum post built for a club links into that club.
- Work that spans clubs on purpose (the deadline sweep, the platform operator's admin, migrations'
  checks) says so with `scopes_disabled()` and activates each row's club before acting for it.
"""
import contextvars
import zoneinfo
from contextlib import contextmanager

from django.db import models
from django.urls import get_script_prefix, set_script_prefix
from django.utils import timezone
from django_scopes import ScopedManager, get_scope, scope, scopes_disabled  # noqa: F401 (re-exported)

# The installation's own prefix (usually "/"), remembered when the outermost club is activated.
_site_prefix: contextvars.ContextVar[str | None] = contextvars.ContextVar("site_prefix", default=None)


class NoActiveClub(LookupError):
    """Code that needs "the current club" ran outside `activate_club`."""


class ClubQuerySet(models.QuerySet):
    def bulk_create(self, objs, *args, **kwargs):
        """`bulk_create` skips `save`: the rows get their club here (their parent's, or the active one)."""
        objs = list(objs)
        for row in objs:
            if row.club_id is None:
                row.club_id = row.club_id_to_use()
        return super().bulk_create(objs, *args, **kwargs)


def club_manager(queryset_class: type[models.QuerySet] | None = None):
    """The manager of a club-owned model (with its own queryset class, if it has one)."""
    bases = (queryset_class, ClubQuerySet) if queryset_class else (ClubQuerySet,)
    return ScopedManager(_manager_class=models.Manager.from_queryset(type("ClubOwnedQuerySet", bases, {})),
                         club="club")


def current_club():
    """The club being served (a page under /<slug>/, a task acting for a club, a test's club)."""
    club = get_scope().get("club")
    if club is None:
        raise NoActiveClub("no club is active here: wrap the work in clubs.scoping.activate_club(club)")
    return club


def current_club_or_none():
    return get_scope().get("club")


def site_prefix() -> str:
    """The site's own script prefix, outside any club (links to the admin, the API, the club list)."""
    return _site_prefix.get() or get_script_prefix()


@contextmanager
def activate_club(club):
    """Serve `club`: its rows only, its addresses, its time zone."""
    base = site_prefix()
    token = _site_prefix.set(base)
    previous_prefix = get_script_prefix()
    set_script_prefix(f"{base}{club.slug}/")
    try:
        with scope(club=club), timezone.override(zoneinfo.ZoneInfo(club.time_zone)):
            yield club
    finally:
        set_script_prefix(previous_prefix)
        _site_prefix.reset(token)


@contextmanager
def outside_clubs():
    """The site's own pages (the operator's admin): every club's rows, and no club active — code that acts
    for a club there activates the row's club itself."""
    with scope(_enabled=False, club=None):
        yield


class ClubOwned(models.Model):
    """A row that belongs to one club. `club_parent` names the foreign key the club comes from when a
    row is saved without one (a window takes its duel's club); a top-level row takes the active club."""

    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="+", editable=False,
                             verbose_name="club")
    club_parent: str | None = None

    objects = club_manager()

    class Meta:
        abstract = True

    def save(self, *args, **kwargs):
        if self.club_id is None:
            self.club_id = self.club_id_to_use()
        super().save(*args, **kwargs)

    def club_id_to_use(self) -> int:
        """The parent's club when the parent is at hand, else the active club (the parent's, since the
        parent was read in it), else the parent's read from the database (work across clubs)."""
        if self.club_parent:
            field = self._meta.get_field(self.club_parent)
            if field.is_cached(self):
                parent = getattr(self, self.club_parent)
                if parent is not None:
                    return parent.club_id
            active = current_club_or_none()
            if active is not None:
                return active.pk
            parent_id = getattr(self, field.attname)
            if parent_id is not None:
                return field.related_model._base_manager.values_list("club_id", flat=True).get(pk=parent_id)
        return current_club().pk
