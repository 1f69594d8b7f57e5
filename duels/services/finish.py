"""The end of a duel (RULES.md §3.3): result, rewards, seed revealed, wand rest starts."""
from __future__ import annotations

import datetime as dt

from duels.events import DuelFinished, emit
from duels.models import Duel, DuelStatus, SlotStatus, Window, WindowSlot, WindowState
from duels.services import rules


def duel_finish(*, duel: Duel, state: rules.DuelState, now: dt.datetime) -> Duel:
    """Close the duel on the engine's outcome. Call with the duel row locked, inside a transaction.

    The winner (or a draw) comes from `rules.outcome(state)`; `DuelFinished` records the results, the
    rewards and the statistics (rankings) and announces them (webhooks); `finished_at` starts the wand rest of every duellist (§2.1) and reveals the seed
    (`Duel.revealed_seed`), so anyone can re-derive the dice."""
    result = rules.outcome(state)
    WindowSlot.objects.filter(window__duel=duel, window__state=WindowState.OPEN, status=SlotStatus.WAITING).update(
        status=SlotStatus.WITHDRAWN
    )
    Window.objects.filter(duel=duel, state=WindowState.OPEN).update(state=WindowState.CLOSED, closed_at=now)
    duel.state = rules.state_dump(state)
    duel.status = DuelStatus.FINISHED
    duel.winner_team = result.winner
    duel.is_draw = result.winner is None
    duel.finished_at = now
    duel.save(update_fields=["state", "status", "winner_team", "is_draw", "finished_at"])
    emit(DuelFinished(duel=duel, now=now))
    return duel
