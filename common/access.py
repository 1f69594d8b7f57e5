"""Who may open a page: anonymous visitors go to the login page, signed-in people without the role get
the site's own 403 page (never the admin's login form, which reads as the Django administration)."""
from __future__ import annotations

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied


def staff_required(view):
    """Staff only: anonymous → login page (then back), anyone else → 403 in the site's layout."""

    @login_required
    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if not (request.user.is_active and request.user.is_staff):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapped
