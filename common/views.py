"""What every app's pages share when an action is refused."""
from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect

from common.errors import RefusedError


def refused(request, error: RefusedError, to: str, *args):
    """A refused request (any app's RefusedError): say why, in the reader's language, and go back to `to`."""
    messages.error(request, error.message)
    return redirect(to, *args)
