"""The tournament listens to the duels' events (config/events.py): a duel's end records its match and,
when the round is complete, draws the next; a correction of a finished duel is recorded as such."""
from __future__ import annotations

from tournaments.services.corrections import match_duel_corrected
from tournaments.services.progress import match_duel_finished
from tournaments.services.reopening import duel_reopened, match_reopened


def on_duel_finished(event) -> None:
    """Runs in the transaction that finished the duel (after the rankings recorded its results): a duel
    being corrected corrects its match, any other records it."""
    if duel_reopened(event.duel):
        match_duel_corrected(duel=event.duel, now=event.now)
    else:
        match_duel_finished(duel=event.duel, now=event.now)


def on_result_reopened(event) -> None:
    match_reopened(duel=event.duel)
