"""What happens in the house cup, as typed events on the duels' one registry (config/events.py): the
webhooks (« points de maison ») and the forum's header widget listen."""
from __future__ import annotations

from dataclasses import dataclass

from duels.events import Event


@dataclass(frozen=True, kw_only=True)
class HousePointsRecorded(Event):
    """Ledger entries were written (a duel's result, its correction, a tournament's winner, an award):
    `entries` are the new LedgerEntry rows, all of one club."""
    entries: tuple
