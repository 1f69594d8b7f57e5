"""The working copy of a duel while one phase (or one referee action) is resolved."""
from __future__ import annotations

from . import events
from .events import Event
from .state import KNOCKED_OUT, CreatureState, DuellistState, DuelState


class Board:
    """Holds a clone of the input state (which is never touched) and the events produced so far."""

    __slots__ = ("state", "events")

    def __init__(self, state: DuelState):
        self.state = state.clone()
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        self.events.append(event)

    def duellist(self, duellist_id: str) -> DuellistState:
        return self.state.duellist(duellist_id)

    def target(self, target_id: str) -> DuellistState | CreatureState | None:
        """A duellist, a creature still present, or None (a creature that has vanished)."""
        return self.state.find_duellist(target_id) or self.state.creature(target_id)

    def add_creature(self, creature: CreatureState) -> None:
        self.state.creatures = (*self.state.creatures, creature)

    def remove_creature(self, creature: CreatureState, why: str) -> None:
        self.state.creatures = tuple(c for c in self.state.creatures if c is not creature)
        self.emit(events.creature_vanishes(creature.id, creature.name, why))

    def knock_out(self, duellist: DuellistState) -> None:
        """§3.3: at 0 PF a duellist is out at once and their pending hits are discarded."""
        duellist.status = KNOCKED_OUT
        duellist.shield = 0
        self.discard_pending_on(duellist.id)
        self.emit(events.knocked_out(duellist.id))

    def discard_pending_on(self, duellist_id: str) -> None:
        self.state.pending = tuple(h for h in self.state.pending if h.target != duellist_id)
