"""Swiss: R rounds, each paired from the standings after the previous one.

- Order: the Swiss standings (points, Buchholz, head-to-head, PF left, fewest faults, seed): a total
  order, so the pairing is deterministic given the seed order and the results. A draw at random is
  the caller's: shuffle the seed order once, when the tournament is created.
- Bye: with an odd number of entrants, the lowest-ranked entrant who has had no bye sits out and
  scores a win (`Points.win`); nobody gets two byes.
- Pairing: the best-ranked unpaired entrant meets the next best-ranked one it has not met yet (the
  first round: seed 1 v seed 2, seed 3 v seed 4...). No two entrants meet twice. When that leaves
  someone without an opponent, the pairing steps back and tries the next candidate (then the next
  candidate for the bye), so a valid pairing is found whenever one exists; when none does, it raises
  TournamentError(NO_VALID_PAIRING).
- A corrected result changes the standings and the rounds paired after the correction; rounds
  already paired stay as they were.
"""
from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from .results import NO_VALID_PAIRING, EntrantId, Result, TournamentError, checked_entrants
from .standings import DEFAULT_POINTS, Points, Standing, standings


@dataclass(frozen=True, slots=True)
class SwissRound:
    pairs: tuple[tuple[EntrantId, EntrantId], ...]  # (side a: the better ranked, side b)
    bye: EntrantId | None


def swiss_standings(entrants: Sequence[EntrantId], results: Sequence[Result], byes: Collection[EntrantId] = (),
                    *, points: Points = DEFAULT_POINTS) -> tuple[Standing, ...]:
    return standings(entrants, results, points=points, byes=byes, buchholz=True)


def swiss_pairings(entrants: Sequence[EntrantId], results: Sequence[Result], byes: Collection[EntrantId] = (),
                   *, points: Points = DEFAULT_POINTS) -> SwissRound:
    """The next round, from the results and byes of every earlier round."""
    field = checked_entrants(entrants)
    ranked = [row.entrant for row in swiss_standings(field, results, byes, points=points)]
    met = {frozenset(r.sides) for r in results}
    if len(ranked) % 2 == 0:
        pairs = _pair(ranked, met)
        if pairs is None:
            raise TournamentError(NO_VALID_PAIRING, "every pairing repeats a duel")
        return SwissRound(tuple(pairs), None)
    had_bye = set(byes)
    for candidate in reversed(ranked):
        if candidate in had_bye:
            continue
        pairs = _pair([e for e in ranked if e != candidate], met)
        if pairs is not None:
            return SwissRound(tuple(pairs), candidate)
    raise TournamentError(NO_VALID_PAIRING, "no bye leaves a pairing without a repeated duel")


def _pair(ranked: list, met: set[frozenset]) -> list[tuple] | None:
    """Pairs for everyone in `ranked` (best first) with no repeated duel, or None. Backtracks; before
    going deeper it checks that each one left still has someone to meet."""
    if not ranked:
        return []
    first, rest = ranked[0], ranked[1:]
    for opponent in rest:
        if frozenset((first, opponent)) in met:
            continue
        left = [e for e in rest if e != opponent]
        if any(all(frozenset((e, o)) in met for o in left if o != e) for e in left):
            continue
        found = _pair(left, met)
        if found is not None:
            return [(first, opponent), *found]
    return None
