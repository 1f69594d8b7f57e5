"""Correcting a finished match of a bracket.

The decision: the engine keeps no bracket of its own, it recomputes the bracket from the recorded
duels (`bracket_state`). When staff change a recorded result, the matches after it are recomputed; a
duel already recorded downstream counts only while it was played between the sides the bracket now
puts there. A correction that changes who advances therefore leaves those later duels uncounted
(their matches show STALE), never re-attributed: `correction_impact` lists them so staff are told
which matches the change affects, and decide (void and replay them, or keep the old result).
A correction that keeps the same sides advancing (a forfeit recorded as a played win, other PF or
faults) affects nothing downstream.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .elimination import Bracket, BracketState, MatchKey, bracket_state
from .results import NO_SUCH_MATCH, RESULT_SIDES_MISMATCH, Result, TournamentError


@dataclass(frozen=True, slots=True)
class CorrectionImpact:
    changed: MatchKey
    before: BracketState
    after: BracketState
    affected: tuple[MatchKey, ...]  # recorded duels that counted before and no longer count
    depends: tuple[MatchKey, ...]  # every later match fed by the changed one, played or not

    @property
    def advancing_changed(self) -> bool:
        """Whether the match now sends another entrant on (or none, when it must be replayed)."""
        return self.before.match(self.changed).winner != self.after.match(self.changed).winner


def downstream_matches(bracket: Bracket, key: MatchKey) -> tuple[MatchKey, ...]:
    """Every later match that takes a side, directly or not, from this match (the third-place match
    included when the path goes through a semi-final)."""
    found: list[MatchKey] = []
    waiting = list(bracket.feeds(key))
    while waiting:
        match = waiting.pop(0)
        if match not in found:
            found.append(match)
            waiting += bracket.feeds(match)
    return tuple(sorted(found))


def correction_impact(bracket: Bracket, results: Mapping[MatchKey, Result], key: MatchKey,
                      new_result: Result | None) -> CorrectionImpact:
    """What changing the recorded duel `key` to `new_result` (None: voiding it) does to the bracket.
    The new result must be between the same sides, in the same order: a correction changes an
    outcome, not who played."""
    old = results.get(key)
    if old is None:
        raise TournamentError(NO_SUCH_MATCH, str(key))
    if new_result is not None and new_result.sides != old.sides:
        raise TournamentError(RESULT_SIDES_MISMATCH, str(key))
    corrected = {k: v for k, v in results.items() if k != key}
    if new_result is not None:
        corrected[key] = new_result
    before, after = bracket_state(bracket, results), bracket_state(bracket, corrected)
    affected = tuple(sorted(k for k in before.counted - after.counted if k != key))
    return CorrectionImpact(key, before, after, affected, downstream_matches(bracket, key))
