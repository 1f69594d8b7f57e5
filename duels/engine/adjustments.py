"""Referee decisions applied at a declaration ("sauf indication contraire de l'arbitre", RULES.md §4.1.1).

An adjustment is a small structured input, like a post: the engine applies it to the state the
declaration resolves from, before the posts, and reports it as an event. Being an input, a replay
with the same posts, dice and adjustments rebuilds the same state, and the audit log can too.

    {"target": "A", "kind": "pf" | "pm", "delta": -3, "reason": "…"}       PF/PM up or down
    {"target": "A", "kind": "pos", "zone": 5, "reason": "…"}                 put a duellist in a zone
    {"target": "A", "kind": "status", "status": "stun"|"disarm"|"bind", "reason": "…"}   remove a status

Applied before the posts so that the engine's own rules then follow (0 PF knocks out and voids the
duellist's steps, a finished duel resolves no further). A reason is mandatory.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable

from . import events
from .board import Board
from .outcome import announce_outcome, outcome
from .resolution import PhaseResult, expected_posters
from .state import OFF_STAGE_HIGH, OFF_STAGE_LOW, DuelState

KINDS = ("pf", "pm", "pos", "status")
STATUS_FIELDS = {"stun": "stunned", "disarm": "disarmed", "bind": "bound"}
MAX_DELTA = 100
MAX_REASON = 500


def adjustment_error(state: DuelState, adjustment: dict) -> str | None:
    """Why `adjustment` cannot apply to `state` (a stable code), or None. Codes: invalid-adjustment
    (malformed), reason-required, unknown-target, already-out, status-absent, duel-over."""
    if not isinstance(adjustment, dict) or adjustment.get("kind") not in KINDS:
        return "invalid-adjustment"
    reason = adjustment.get("reason")
    if not isinstance(reason, str) or not reason.strip() or len(reason) > MAX_REASON:
        return "reason-required"
    if outcome(state).finished:
        return "duel-over"
    duellist = state.find_duellist(adjustment.get("target"))
    if duellist is None:
        return "unknown-target"
    if duellist.out:
        return "already-out"
    kind = adjustment["kind"]
    if kind in ("pf", "pm"):
        delta = adjustment.get("delta")
        if not isinstance(delta, int) or isinstance(delta, bool) or delta == 0 or abs(delta) > MAX_DELTA:
            return "invalid-adjustment"
    elif kind == "pos":
        zone = adjustment.get("zone")
        if not isinstance(zone, int) or isinstance(zone, bool) or not OFF_STAGE_LOW <= zone <= OFF_STAGE_HIGH:
            return "invalid-adjustment"
    else:
        field = STATUS_FIELDS.get(adjustment.get("status"))
        if field is None:
            return "invalid-adjustment"
        if not getattr(duellist, field):
            return "status-absent"
    return None


def apply_adjustments(state: DuelState, adjustments: Iterable[dict]) -> tuple[DuelState, list]:
    """Apply the decisions in order to a copy of `state`; returns (new state, events). Raises ValueError
    (with the code) on an adjustment `adjustment_error` refuses, checked against the state as it then is."""
    board = Board(state)
    for adjustment in adjustments:
        code = adjustment_error(board.state, adjustment)
        if code:
            raise ValueError(code)
        _apply_one(board, adjustment)
    announce_outcome(board)
    return board.state, board.events


def _apply_one(board: Board, adjustment: dict) -> None:
    duellist = board.duellist(adjustment["target"])
    reason = adjustment["reason"].strip()
    kind = adjustment["kind"]
    if kind in ("pf", "pm"):
        before = getattr(duellist, kind)
        after = max(0, before + adjustment["delta"])
        setattr(duellist, kind, after)
        board.emit(events.adjusted_points(duellist.id, kind, before, after, reason))
        if kind == "pf" and after == 0:
            board.knock_out(duellist)
    elif kind == "pos":
        before = duellist.pos
        duellist.pos = adjustment["zone"]
        board.emit(events.adjusted_position(duellist.id, before, duellist.pos, reason))
    else:
        setattr(duellist, STATUS_FIELDS[adjustment["status"]], False)
        board.emit(events.adjusted_status(duellist.id, adjustment["status"], reason))


def resolve_with_adjustments(
    state: DuelState, posts: list[dict], adjustments: list[dict],
    resolve: Callable[[DuelState, list[dict]], PhaseResult],
) -> PhaseResult:
    """The declaration with the referee's decisions: decisions first, then the phase. Without decisions
    this is exactly `resolve(state, posts)`. A decision that ends the duel leaves nothing to resolve."""
    if not adjustments:
        return resolve(state, posts)
    adjusted, decided = apply_adjustments(state, adjustments)
    if outcome(adjusted).finished:
        return PhaseResult(adjusted, tuple(decided), False, (), outcome(adjusted))
    result = resolve(adjusted, posts)
    return PhaseResult(result.state, (*decided, *result.events), result.defence_follows,
                       tuple(expected_posters(result.state)), result.outcome)


__all__ = ["KINDS", "STATUS_FIELDS", "adjustment_error", "apply_adjustments", "resolve_with_adjustments"]
