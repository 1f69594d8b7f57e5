"""What a sanction would do before the referee confirms it (RULES.md §3.3, §6): who it puts out of the
duel and whether it ends it. Read-only: the engine is pure, the preview is computed on a copy."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.utils import timezone
from django.utils.translation import gettext as _

from duels.models import Duel, Participant, SlotStatus, Window, WindowState
from duels.selectors.house_rules import rules_of
from duels.services import rules


@dataclass
class SanctionPreview:
    """`out`: forum names of the duellists the sanction puts out (knocked out or disqualified);
    `ends_duel` with `winner_team` (None for a draw) when it finishes the duel."""

    out: list[str] = field(default_factory=list)
    disqualified: list[str] = field(default_factory=list)
    ends_duel: bool = False
    winner_team: int | None = None
    winners: str = ""  # the winners' forum names, "a et b" in 2v2
    absent: list[str] = field(default_factory=list)

    @property
    def needs_confirmation(self) -> bool:
        return bool(self.out or self.disqualified or self.ends_duel)


def _finish(preview: SanctionPreview, state: rules.DuelState, duel: Duel) -> SanctionPreview:
    result = rules.outcome(state)
    preview.ends_duel = result.finished
    preview.winner_team = result.winner
    if result.winner:
        names = [p.duellist.forum_name for p in duel.participants.select_related("duellist").order_by("pk")
                 if p.team == result.winner]
        preview.winners = str(_(" et ")).join(names)
    return preview


def penalty_preview(duel: Duel, participant: Participant, pf_penalty: int) -> SanctionPreview:
    """A PF penalty on `participant`: does it knock them out, and does that end the duel?"""
    preview = SanctionPreview()
    if not duel.state or pf_penalty <= 0:
        return preview
    state = rules.state_load(duel.state)
    me = state.find_duellist(participant.engine_id)
    if me is None or me.out or rules.outcome(state).finished:
        return preview
    state, _events = rules.apply_penalty(state, participant.engine_id, pf_penalty)
    if state.duellist(participant.engine_id).out:
        preview.out.append(participant.duellist.forum_name)
    return _finish(preview, state, duel)


def overdue_window(duel: Duel, now: dt.datetime | None = None, *, windows: list[Window] | None = None) -> Window | None:
    """The duel's open window once its deadline has passed for every duellist it still awaits (what
    the sweep expires), else None. `windows`: the duel's recent windows with their slots, already read
    by the page (no query then)."""
    now = now or timezone.now()
    if windows is None:
        window = Window.objects.filter(duel=duel, state=WindowState.OPEN).first()
    else:
        window = next((w for w in reversed(windows) if w.state == WindowState.OPEN), None)
    if window is None or window.due_at is None or window.due_at > now:
        return None
    if windows is None:
        waiting = window.slots.filter(status=SlotStatus.WAITING).exists()
    else:
        waiting = any(slot.status == SlotStatus.WAITING for slot in window.slots.all())
    return window if waiting else None


def absence_preview(duel: Duel, window: Window) -> SanctionPreview:
    """The expiry of `window`: each duellist still awaited gets an absence fault; the third disqualifies."""
    preview = SanctionPreview()
    to_disqualify = rules_of(duel).absences_to_disqualify
    state = rules.state_load(duel.state) if duel.state else None
    slots = window.slots.filter(status=SlotStatus.WAITING).select_related("participant__duellist")
    for slot in slots.order_by("deadline", "pk"):
        participant = slot.participant
        name = participant.duellist.forum_name
        preview.absent.append(name)
        if participant.disqualified or participant.absence_faults + 1 < to_disqualify:
            continue
        preview.disqualified.append(name)
        if state is not None and not rules.outcome(state).finished:
            me = state.find_duellist(participant.engine_id)
            if me is not None and not me.out:
                state, _events = rules.apply_disqualification(state, participant.engine_id)
    return _finish(preview, state, duel) if state is not None else preview
