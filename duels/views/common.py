"""Small helpers shared by the duel views."""
from __future__ import annotations

from functools import wraps

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db.models import Prefetch
from django.shortcuts import get_object_or_404

from common.cache import cached
from common.views import refused  # noqa: F401 (the duel views' refusals)
from duels.models import Duel, Participant
from duels.permissions import is_duel_referee

POLL_SECONDS = 5  # HTMX polling of the stage and thread while a duel page is open


BLANK_FORM_SECONDS = 24 * 3600


def blank_form_html(form_class, **form_kwargs) -> str:
    """An empty form's HTML is the same on every view but for the language and the form's arguments (the
    fault form's duellists, the exemption form's house rules; hashable values): rendered once per process
    for each (Django's form rendering takes a few ms). A form with the user's input or errors is rendered
    each time."""
    def build() -> str:
        return form_class(**form_kwargs).as_div()

    key = (form_class.__module__, form_class.__qualname__, tuple(sorted(form_kwargs.items())))
    return cached("blank-form", key, build, BLANK_FORM_SECONDS, shared=False)


def referee_required(view):
    """Referees (and staff) only: anyone else gets 403."""

    @login_required
    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if not request.user.is_referee:
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return wrapped


def refereed_duel(request, pk: int) -> Duel:
    """The duel with its participants, for its referee (and staff) only: anyone else gets 403."""
    participants = Participant.objects.select_related("duellist").order_by("team", "pk")
    duel = get_object_or_404(
        Duel.objects.select_related("referee").prefetch_related(Prefetch("participants", queryset=participants)), pk=pk
    )
    if not is_duel_referee(duel, request.user):
        raise PermissionDenied
    return duel
