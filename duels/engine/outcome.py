"""The end of a duel (RULES.md §3.3) and the referee's sanctions (§6): forfeit, disqualification,
PF penalty. Each sanction returns a new state and its events, and re-evaluates the outcome."""
from __future__ import annotations

from dataclasses import dataclass

from . import events
from .board import Board
from .events import Event
from .state import DISQUALIFIED, FORFEITED, DuelState

ONGOING, FINISHED = "ongoing", "finished"


@dataclass(frozen=True, slots=True)
class Outcome:
    status: str  # ONGOING or FINISHED
    winner: int | None  # the winning team; None for a draw or while ongoing

    @property
    def finished(self) -> bool:
        return self.status == FINISHED

    def to_dict(self) -> dict:
        return {"status": self.status, "winner": self.winner}


def outcome(state: DuelState) -> Outcome:
    """Finished when every duellist of a team is out (knocked out, disqualified or forfeited):
    the other team wins, or nobody when both teams are."""
    team_out = {1: True, 2: True}
    for d in state.duellists:
        if not d.out:
            team_out[d.team] = False
    if team_out[1] and team_out[2]:
        return Outcome(FINISHED, None)
    if team_out[1] or team_out[2]:
        return Outcome(FINISHED, 2 if team_out[1] else 1)
    return Outcome(ONGOING, None)


def announce_outcome(board: Board) -> Outcome:
    result = outcome(board.state)
    if result.finished:
        board.emit(events.duel_won(result.winner) if result.winner else events.duel_drawn())
    return result


def _sanction(state: DuelState, duellist_id: str, status: str, event: Event) -> tuple[DuelState, list[Event]]:
    if outcome(state).finished:
        raise ValueError("the duel is over")
    board = Board(state)
    duellist = board.duellist(duellist_id)
    if duellist.out:
        raise ValueError(f"{duellist_id} is already out of the duel")
    duellist.status = status
    duellist.shield = 0
    board.discard_pending_on(duellist_id)
    board.emit(event)
    announce_outcome(board)
    return board.state, board.events


def apply_forfeit(state: DuelState, duellist_id: str) -> tuple[DuelState, list[Event]]:
    """A duellist may forfeit at any time (§3.3): treated as out."""
    return _sanction(state, duellist_id, FORFEITED, events.forfeited(duellist_id))


def apply_disqualification(state: DuelState, duellist_id: str) -> tuple[DuelState, list[Event]]:
    """Three absence faults (§6): treated as out."""
    return _sanction(state, duellist_id, DISQUALIFIED, events.disqualified(duellist_id))


def apply_penalty(state: DuelState, duellist_id: str, pf: int) -> tuple[DuelState, list[Event]]:
    """A referee's PF penalty (§6); reaching 0 PF knocks the duellist out."""
    if pf < 0:
        raise ValueError("a penalty cannot be negative")
    if outcome(state).finished:
        raise ValueError("the duel is over")
    board = Board(state)
    duellist = board.duellist(duellist_id)
    if duellist.out:
        raise ValueError(f"{duellist_id} is already out of the duel")
    lost = min(pf, duellist.pf)
    duellist.pf -= lost
    board.emit(events.penalty(duellist_id, lost))
    if duellist.pf == 0:
        board.knock_out(duellist)
    announce_outcome(board)
    return board.state, board.events
