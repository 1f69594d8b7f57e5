"""Applying a sanction's new engine state to a running duel (shared by faults, forfeit and the sweep)."""
from __future__ import annotations

import datetime as dt

from duels.engine.house_rules import RULEBOOK
from duels.models import Duel, Participant, SlotStatus, Window, WindowState
from duels.selectors.house_rules import rules_of
from duels.services import rules
from duels.services.common import window_refresh
from duels.services.finish import duel_finish

ABSENCES_TO_DISQUALIFY = RULEBOOK.absences_to_disqualify  # RULES.md §6 (a duel reads its own: §8)


def state_commit(*, duel: Duel, state: rules.DuelState, now: dt.datetime) -> None:
    """Store `state` on the duel (duel row locked). If the sanction ended the duel, finish it now;
    otherwise duellists now out are no longer awaited in the open window (which may then close and make
    the declaration due)."""
    if rules.outcome(state).finished:
        duel_finish(duel=duel, state=state, now=now)
        return
    duel.state = rules.state_dump(state)
    duel.save(update_fields=["state"])
    window = Window.objects.select_for_update().filter(duel=duel, state=WindowState.OPEN).first()
    if window is None:
        return
    out_ids = {d.id for d in state.duellists if d.out}
    withdrawn = window.slots.filter(status=SlotStatus.WAITING, participant__engine_id__in=out_ids).update(
        status=SlotStatus.WITHDRAWN
    )
    if withdrawn:
        window_refresh(window=window, duel=duel, now=now)


def absence_count(
    *, participant: Participant, state: rules.DuelState, save: bool = True, duel: Duel | None = None
) -> tuple[rules.DuelState, list]:
    """Count one more absence fault; the third (§8 `absences_to_disqualify`) disqualifies (treated as out). Returns the new state and
    the engine's events (empty unless disqualified). `save=False`: the caller writes the participant
    (the deadline sweep writes all of a batch's participants in one statement)."""
    participant.absence_faults += 1
    events = []
    if participant.absence_faults >= rules_of(duel or participant.duel).absences_to_disqualify and not participant.disqualified:
        participant.disqualified = True
        me = state.find_duellist(participant.engine_id)
        if me is not None and not me.out and not rules.outcome(state).finished:
            state, events = rules.apply_disqualification(state, participant.engine_id)
    if save:
        participant.save(update_fields=["absence_faults", "disqualified"])
    return state, list(events)
