"""Who may open a page: anonymous visitors go to the login page, signed-in people without the role get
the site's own 403 page (never the admin's login form, which reads as the Django administration).

A club's staff pages and services belong to the club's staff: the members its Membership marks staff or
owner, in the club being served (clubs.roles.is_club_staff), and the platform's superusers. The staff of
one club are nobody in another. Each page and service still names the capability it needs (the
permission names of accounts/permissions.py) — the club's staff role holds them all; a Django permission
or the `is_staff` flag without the club's role opens nothing there. Outside any club (the platform
operator's admin) the rule is Django's: the `is_staff` flag and the permission. Services check the same
rule with `staff_may`, so a page, the API and the admin share it."""
from __future__ import annotations

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied

from clubs.roles import is_club_staff
from clubs.scoping import current_club_or_none


def staff_may(user, perm: str) -> bool:
    """May `user` do the staff work named `perm` ("app_label.codename")? In a club: its staff (owners and
    superusers included). Outside any club: an active platform staff account holding `perm`."""
    if user is None or not user.is_authenticated or not user.is_active:
        return False
    if current_club_or_none() is None:
        return bool(user.is_staff and user.has_perm(perm))
    return is_club_staff(user)


def permission_required(perm: str):
    """A club staff page needing `perm`: anonymous → login page (then back), anyone who is not the club's
    staff (see staff_may) → 403 in the site's layout."""

    def decorate(view):
        @login_required
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            if not staff_may(request.user, perm):
                raise PermissionDenied
            return view(request, *args, **kwargs)

        wrapped.required_permission = perm
        return wrapped

    return decorate


def staff_required(view):
    """The club's staff only (pages without anything to protect but their list, like the staff index):
    anonymous → login page (then back), anyone else → 403 in the site's layout."""

    @login_required
    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if not is_club_staff(request.user):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapped
