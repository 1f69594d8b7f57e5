"""The duel page's poll after a change, rendered once per version and viewer.

Every open duel page polls every few seconds with the version it shows (`selectors.duel_version`).
Same version: 204, nothing to swap. A new one: the live part (status, who is expected, the stage) and
the thread's new or changed phases. By design that answer is a function of the version, of who looks
(a duellist sees their own deadline and token; every spectator sees the same), of the phase the page's
form was made for, of the last phase the page shows and of the language; the 204 already relies on it.
So it is rendered once for all the pages that ask it (a followed duel's spectators poll it together)
and kept a minute (its "il vous reste" text, which duel.js counts down anyway, is never older).
"""
from __future__ import annotations

from common.cache import cached
from duels.models import NOT_STARTED, Duel, Participant
from duels.pages.identity import duel_identity

LIVE_SECONDS = 60
PARTICIPANTS_SECONDS = 24 * 3600


def viewer_participant(duel: Duel, user) -> int:
    """The participant the user plays in this duel (its pk), 0 for a spectator. A duel's participants
    are fixed once it started, so from then on the map is kept in the process's memory."""
    if not user.is_authenticated:
        return 0
    if duel.status in NOT_STARTED:  # duellists may still join or leave
        return participants_by_user(duel).get(user.pk, 0)
    by_user = cached("duel-participants", duel_identity(duel), lambda: participants_by_user(duel),
                     PARTICIPANTS_SECONDS, shared=False)
    return by_user.get(user.pk, 0)


def participants_by_user(duel: Duel) -> dict[int, int]:
    return dict(Participant.objects.filter(duel_id=duel.pk).values_list("duellist__user_id", "pk"))


def phase_key(duel: Duel, window) -> str:
    """The phase a page's action form is made for: the poll says "the duel moved on" when it changed."""
    return f"{duel.status}:{window.pk if window else 0}"


def phase_changed(request, duel: Duel, window) -> bool:
    shown = request.GET.get("form_phase")  # the phase the open page's form was made for
    return bool(shown) and shown != phase_key(duel, window)


def live_parts(duel: Duel, version: str, viewer: int, *, shown_last: int, phase_changed: bool) -> tuple:
    """What the poll's answer is a function of (the language and the release are in every key)."""
    return (*duel_identity(duel), version, viewer, shown_last, phase_changed)
