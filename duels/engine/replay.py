"""Replaying a scripted duel with fixed dice (SCENARIOS.md): the same engine as live duels."""
from __future__ import annotations

from .catalog import default_catalog_spells
from .checks import check_post
from .outcome import outcome
from .resolution import PhaseResult, resolve_action_phase, resolve_defence_phase
from .scenario_schema import Scenario, ScenarioTurn, parse_scenario
from .state import ACTION, DEFENCE, DuelState, new_duel_state


def replay(scenario: dict, *, default_spells: list[dict] | None = None) -> dict:
    """Replay `scenario` and return the result dict of SCENARIOS.md "Output".

    `default_spells` (spell dicts) is the catalog used when the scenario has no `spells`; None
    means the project's default catalog file. Raises ScenarioError on malformed input; a rule
    violation is the result's `error`, where the replay stops.
    """
    if default_spells is None and isinstance(scenario, dict) and scenario.get("spells") is None:
        default_spells = default_catalog_spells()
    parsed = parse_scenario(scenario, default_spells=default_spells or [])
    state = new_duel_state(format=parsed.format, rp=parsed.rp, duellists=parsed.duellists, spells=parsed.spells,
                           house=parsed.house)
    turns: list[dict] = []
    error = None
    for number, turn in enumerate(parsed.turns, start=1):
        state, error = _replay_turn(state, turn, number, turns)
        if error:
            break
    result = outcome(state)
    return {"status": result.status, "winner": result.winner, "error": error,
            "duellists": summary(state), "creatures": creatures(state), "turns": turns}


def _replay_turn(state: DuelState, turn: ScenarioTurn, number: int, turns: list[dict]):
    """Play one scenario turn; append its declarations to `turns`. Returns (state, error)."""
    if outcome(state).finished:
        return state, _error("duel-over", number, ACTION, None)
    refused = _first_refusal(state, turn.actions, number)
    if refused:
        return state, refused
    first = resolve_action_phase(state, turn.actions)
    entry = {"turn": number, "first": _declaration(first), "second": None}
    turns.append(entry)
    state = first.state
    if not first.defence_follows:
        if turn.defence:  # no defence phase happened: nobody was targeted
            post = turn.defence[0]
            code = "duellist-out" if state.duellist(post["by"]).out else "not-targeted"
            return state, _error(code, number, DEFENCE, post["by"])
        return state, None
    refused = _first_refusal(state, turn.defence, number)
    if refused:
        return state, refused
    second = resolve_defence_phase(state, turn.defence)
    entry["second"] = _declaration(second)
    return second.state, None


def _first_refusal(state: DuelState, posts: list[dict], number: int) -> dict | None:
    """Posts are checked against the state as the phase opened, in posting order."""
    posted: set[str] = set()
    for post in posts:
        code = check_post(state, post, require_rolls=True, already_posted=posted)
        if code:
            return _error(code, number, state.phase, post["by"])
        posted.add(post["by"])
    return None


def _error(code: str, turn: int, phase: str, by: str | None) -> dict:
    return {"code": code, "turn": turn, "phase": phase, "by": by}


def _declaration(result: PhaseResult) -> dict:
    return {"state": summary(result.state), "events": [e.text for e in result.events]}


def summary(state: DuelState) -> dict:
    return {d.id: {"pf": d.pf, "pm": d.pm, "pos": d.pos, "out": d.out} for d in state.duellists}


def creatures(state: DuelState) -> list[dict]:
    return [{"id": c.id, "team": c.team, "pos": c.pos, "pf": c.pf} for c in state.creatures]


__all__ = ["replay", "summary", "creatures", "Scenario"]
