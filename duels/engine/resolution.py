"""Resolving a phase: the referee's first declaration (action phase) and second declaration
(defence phase). RULES.md §3.2, §4.1 "Voided at resolution", §4.2.

Posts come in posting order, already accepted by `check_post`, each bet with its roll. Duellists
who did not post are passing (action) or doing nothing (defence): the caller just omits them.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from . import events
from .bets import bet_wins
from .board import Board
from .casting import resolve_cast
from .checks import step_kind
from .creatures import creatures_expire, creatures_strike
from .effects import apply_effect
from .events import Event
from .house_rules import PER_DUEL
from .movement import climb_destination, move_destination
from .outcome import Outcome, announce_outcome, outcome
from .state import ACTION, DEFENCE, DuellistState, DuelState, on_stage


@dataclass(frozen=True, slots=True)
class PhaseResult:
    state: DuelState  # a new state; the input is never changed
    events: tuple[Event, ...]
    defence_follows: bool  # True: a defence phase is open in `state`
    expected_posters: tuple[str, ...]  # who must post in the phase `state` has opened
    outcome: Outcome


def expected_posters(state: DuelState) -> list[str]:
    """Who must post now: every duellist still in (action), those with a pending hit (defence)."""
    if outcome(state).finished:
        return []
    if state.phase == ACTION:
        return [d.id for d in state.duellists if not d.out]
    targeted = {h.target for h in state.pending}
    return [d.id for d in state.duellists if not d.out and d.id in targeted]


def resolve_action_phase(state: DuelState, posts: Iterable[dict]) -> PhaseResult:
    """The first declaration: posts in posting order, then the creatures strike."""
    _require_phase(state, ACTION)
    board = Board(state)
    opened_off_stage = {d.id for d in state.duellists if not on_stage(d.pos)}
    posted = set()
    for post in posts:
        _resolve_action_post(board, post, opened_off_stage)
        posted.add(post["by"])
    for duellist in board.state.duellists:
        if duellist.id not in posted:
            # Ruling: a duellist who does not post passes, and that pass is the post a status
            # received before it was waiting for (so the status is used up).
            _consume_statuses(duellist)
    creatures_strike(board)
    defence = not outcome(board.state).finished and bool(board.state.pending)
    if defence:
        board.state.phase = DEFENCE
    else:
        _end_turn(board)
    return _result(board, defence)


def resolve_defence_phase(state: DuelState, posts: Iterable[dict]) -> PhaseResult:
    """The second declaration: defence posts in posting order, then the pending hits in the order
    they were made (dodged hits and hits on duellists now out are skipped)."""
    _require_phase(state, DEFENCE)
    board = Board(state)
    opened_off_stage = {d.id for d in state.duellists if not on_stage(d.pos)}
    for post in posts:
        _resolve_defence_post(board, post, opened_off_stage)
    _apply_pending_hits(board)
    _end_turn(board)
    return _result(board, False)


def _require_phase(state: DuelState, phase: str) -> None:
    if state.phase != phase:
        raise ValueError(f"the duel is in its {state.phase} phase, not {phase}")
    if outcome(state).finished:
        raise ValueError("the duel is over")


def _result(board: Board, defence: bool) -> PhaseResult:
    result = announce_outcome(board)
    return PhaseResult(board.state, tuple(board.events), defence, tuple(expected_posters(board.state)), result)


def _consume_statuses(duellist: DuellistState) -> tuple[bool, bool, bool]:
    statuses = (duellist.stunned, duellist.disarmed, duellist.bound)
    duellist.stunned = duellist.disarmed = duellist.bound = False
    return statuses


def _void_reason(me: DuellistState, opened_off_stage: set[str]) -> str | None:
    """Why a whole post is lost before its first step (§4.1 Voided at resolution)."""
    if me.out:
        return "knocked-out"
    if not on_stage(me.pos) and me.id not in opened_off_stage:
        return "pushed-off"
    return None


def _void(board: Board, me: DuellistState, step: dict, reason: str) -> None:
    kind = step_kind(step)
    spell = board.state.spells[step["cast"]].name if kind == "cast" else None
    board.emit(events.voided(me.id, kind, reason, spell))


def _resolve_action_post(board: Board, post: dict, opened_off_stage: set[str]) -> None:
    me = board.duellist(post["by"])
    steps = [s for s in post.get("steps") or () if "nothing" not in s]  # {nothing} is a pass
    stunned, disarmed, bound = _consume_statuses(me)  # this post is the one they were waiting for
    reason = _void_reason(me, opened_off_stage) or ("stunned" if stunned else None)
    if not steps:
        if not me.out:
            board.emit(events.passed(me.id))
        return
    for step in steps:
        step_reason = reason or ("knocked-out" if me.out else None)
        if "move" in step:
            step_reason = step_reason or ("bound" if bound else None)
        else:
            step_reason = step_reason or ("disarmed" if disarmed else None)
        if step_reason:
            _void(board, me, step, step_reason)
        elif "move" in step:
            _move(board, me, step["move"])
        else:
            resolve_cast(board, me, step)


def _move(board: Board, me: DuellistState, wanted: int) -> None:
    if not on_stage(me.pos) and climb_destination(board.state, me, wanted) is None:
        board.emit(events.voided(me.id, "climb", "zone-held"))  # no cost, stays off the stage
        return
    end, cost = move_destination(board.state, me, wanted)
    if cost > me.pf:
        board.emit(events.voided(me.id, "move" if on_stage(me.pos) else "climb", "cost"))
        return
    start = me.pos
    me.pos = end
    me.pf -= cost
    board.emit(events.moved(me.id, start, end, wanted, cost))
    if me.pf == 0:
        board.knock_out(me)  # a move may bring PF to exactly 0: the rest of the post is void


def _resolve_defence_post(board: Board, post: dict, opened_off_stage: set[str]) -> None:
    me = board.duellist(post["by"])
    steps = [s for s in post.get("steps") or () if "nothing" not in s]
    if not steps:
        if not me.out:
            board.emit(events.nothing(me.id))
        return
    step = steps[0]  # check_post allows one defence action
    reason = _void_reason(me, opened_off_stage)
    if reason:
        _void(board, me, step, reason)
    elif "dodge" in step:
        _dodge(board, me, step)
    elif "cast" in step:
        resolve_cast(board, me, step)


def _dodge(board: Board, me: DuellistState, step: dict) -> None:
    """The dodge cost (2 PF, or the house's `dodge_pf`) whether it works or not, void under that
    cost; success cancels this duellist's first pending hit (§3.2.3: in 2v2 only the first of two
    can be dodged)."""
    cost = board.state.house.dodge_pf
    if me.pf < cost:
        board.emit(events.voided(me.id, "dodge", "dodge-pf", pf=cost))
        return
    me.pf -= cost
    success = bet_wins(step["dodge"], step.get("roll"))
    board.emit(events.dodge(me.id, step["dodge"], step.get("roll"), success, cost))
    if success:
        first = next((h for h in board.state.pending if h.target == me.id), None)
        if first is not None:
            first.dodged = True
    if me.pf == 0:
        board.knock_out(me)


def _apply_pending_hits(board: Board) -> None:
    for hit in board.state.pending:
        target = board.duellist(hit.target)
        spell = board.state.spells[hit.spell]
        if hit.dodged:
            board.emit(events.hit_dodged(hit.caster, hit.target, spell.name, spell.slug))
            continue
        if target.out:
            continue
        board.emit(events.hit_lands(hit.caster, hit.target, spell.name, spell.slug))
        apply_effect(board, board.duellist(hit.caster), target, hit.effect, spell.name)


def _end_turn(board: Board) -> None:
    """Shields vanish, creatures whose turns ran out vanish, and the next turn's action phase opens."""
    state = board.state
    every_cast = state.house.repeat == PER_DUEL  # same-spell-twice looks back over the whole duel
    for duellist in state.duellists:
        duellist.shield = 0
        if not every_cast:  # next turn, only this turn's casts can repeat a spell
            duellist.casts = tuple(c for c in duellist.casts if c[0] >= state.turn)
    creatures_expire(board)
    state.turn += 1
    state.phase = ACTION
    state.pending = ()
