"""Small helpers shared by the duel views."""
from __future__ import annotations

from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect

from duels.services import DuelError

POLL_SECONDS = 5  # HTMX polling of the stage and thread while a duel page is open


def referee_required(view):
    """Referees (and staff) only: anyone else gets 403."""

    @login_required
    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if not request.user.is_referee:
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapped


def refused(request, error: DuelError, to: str, *args):
    """A refused request: say why (French, from the service) and go back."""
    messages.error(request, error.message)
    return redirect(to, *args)
