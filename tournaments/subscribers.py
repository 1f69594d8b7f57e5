"""The tournament listens to the duels' events (config/events.py): a duel's end records its match and,
when the round is complete, draws the next; a corrected duel's end corrects its match."""
from __future__ import annotations

from tournaments.services.corrections import match_duel_ended


def on_duel_finished(event) -> None:
    """Runs in the transaction that finished the duel (after the rankings recorded its results)."""
    match_duel_ended(duel=event.duel, now=event.now)
