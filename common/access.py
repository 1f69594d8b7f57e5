"""Who may open a page: anonymous visitors go to the login page, signed-in people without the role get
the site's own 403 page (never the admin's login form, which reads as the Django administration).

Staff pages each require their own Django permission (granted in the admin, on the user or a group;
superusers hold them all): the staff flag alone opens none of them. Services check the same permission
with `staff_may`, so a page, the admin and a script share one rule."""
from __future__ import annotations

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied


def staff_may(user, perm: str) -> bool:
    """An active staff account holding `perm` ("app_label.codename")."""
    return bool(
        user is not None and user.is_authenticated and user.is_active and user.is_staff and user.has_perm(perm)
    )


def permission_required(perm: str):
    """A staff page: anonymous → login page (then back), anyone without `perm` (see staff_may) → 403 in the
    site's layout."""

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
    """Staff only (pages without anything to protect but their list, like the staff index): anonymous →
    login page (then back), anyone else → 403 in the site's layout."""

    @login_required
    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if not (request.user.is_active and request.user.is_staff):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapped
