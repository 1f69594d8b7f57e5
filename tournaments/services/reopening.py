"""A correction of a finished tournament duel arrives as two events in one transaction: ResultReopened
(the match's result before it is remembered here), then the corrected DuelFinished (recorded as a
correction, tournaments.services.corrections). Lowest of the services: progress and corrections read it."""
from __future__ import annotations

from tournaments.models import Match

# Duel id -> the match's result before its reopening, while the correction's transaction runs.
_reopened: dict[int, dict] = {}


def duel_reopened(duel) -> bool:
    """This duel's result is being corrected (its ResultReopened seen, its DuelFinished not yet)."""
    return duel.pk in _reopened


def match_reopened(*, duel) -> None:
    """ResultReopened: remember what the match said before (the corrected DuelFinished follows)."""
    match = Match.objects.filter(duel=duel).only("outcome", "how").first()
    if match is not None and match.outcome:
        _reopened[duel.pk] = {"outcome": match.outcome, "how": match.how}


def reopening_done(duel_id: int | None) -> None:
    """The correction is recorded: the duel is no longer being corrected."""
    _reopened.pop(duel_id, None)
