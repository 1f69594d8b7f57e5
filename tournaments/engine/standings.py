"""Standings of a round-robin group or of a Swiss tournament, with the tie-breaks written down.

Points: a win, a draw and a loss score `Points.win`, `.draw`, `.loss` (3/1/0 by default). A forfeit
or a disqualification is a win of the opponent and a loss of the side that forfeited. A bye (Swiss)
counts as a win: it scores `Points.win` and is counted in `byes`, never in `wins`.

Entrants level on points are ordered by, in turn:
1. (Swiss only) Buchholz: the sum of the current points of the opponents met; a bye adds nothing.
2. Head-to-head: the points scored in the duels among the entrants still level, counted only when
   each of them has met each of the others (otherwise this step is skipped). When it separates some
   of them, the ones still level are compared again by head-to-head among themselves only.
3. PF left: the most PF left, summed over the entrant's duels.
4. Faults: the fewest faults, summed over the entrant's duels.
5. Seed: the better seed (the order the caller gave the entrants in).
"""
from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from .results import DRAW, UNKNOWN_ENTRANT, EntrantId, Result, TournamentError

TIE_BREAKS = ("points", "head-to-head", "pf-left", "fewest-faults", "seed")
SWISS_TIE_BREAKS = ("points", "buchholz", "head-to-head", "pf-left", "fewest-faults", "seed")


@dataclass(frozen=True, slots=True)
class Points:
    win: int = 3
    draw: int = 1
    loss: int = 0

    def of(self, result: Result, entrant: EntrantId) -> int:
        if result.outcome == DRAW:
            return self.draw
        return self.win if result.winner == entrant else self.loss


DEFAULT_POINTS = Points()


@dataclass(frozen=True, slots=True)
class Standing:
    rank: int  # 1 = first; every rank is distinct (the seed settles the last tie)
    entrant: EntrantId
    seed: int
    played: int  # duels, forfeits included; byes not
    wins: int
    draws: int
    losses: int
    byes: int
    points: int
    pf_left: int
    faults: int
    buchholz: int | None  # None outside Swiss


def standings(entrants: Sequence[EntrantId], results: Sequence[Result], *, points: Points = DEFAULT_POINTS,
              byes: Collection[EntrantId] = (), buchholz: bool = False) -> tuple[Standing, ...]:
    """The entrants (in seed order) ranked by TIE_BREAKS, or SWISS_TIE_BREAKS with `buchholz`.
    `byes` lists the entrant of each bye (an entrant may appear once per bye)."""
    seeds = {entrant: number for number, entrant in enumerate(entrants, start=1)}
    for result in results:
        if result.a not in seeds or result.b not in seeds:
            raise TournamentError(UNKNOWN_ENTRANT, f"{result.a!r} v {result.b!r}")
    for entrant in byes:
        if entrant not in seeds:
            raise TournamentError(UNKNOWN_ENTRANT, repr(entrant))
    rows = {entrant: _tally(entrant, seeds[entrant], results, points, list(byes).count(entrant))
            for entrant in entrants}
    if buchholz:
        for entrant, row in rows.items():
            row["buchholz"] = sum(rows[r.opponent_of(entrant)]["points"] for r in results if r.involves(entrant))
    ordered = []
    for level in _groups_by(list(entrants), lambda e: (-rows[e]["points"], -(rows[e]["buchholz"] or 0))):
        ordered += _break_tie(level, results, points, rows)
    return tuple(Standing(rank=number, entrant=entrant, **rows[entrant])
                 for number, entrant in enumerate(ordered, start=1))


def _tally(entrant, seed, results, points, byes) -> dict:
    own = [r for r in results if r.involves(entrant)]
    wins = sum(r.winner == entrant for r in own)
    draws = sum(r.outcome == DRAW for r in own)
    return {"seed": seed, "played": len(own), "wins": wins, "draws": draws, "losses": len(own) - wins - draws,
            "byes": byes, "points": sum(points.of(r, entrant) for r in own) + byes * points.win,
            "pf_left": sum(r.pf_left_of(entrant) for r in own), "faults": sum(r.faults_of(entrant) for r in own),
            "buchholz": None}


def _groups_by(entrants: list, key) -> list[list]:
    """The entrants in runs of equal key, best (smallest key) first; stable inside a run."""
    groups: dict = {}
    for entrant in entrants:
        groups.setdefault(key(entrant), []).append(entrant)
    return [groups[k] for k in sorted(groups)]


def _break_tie(level: list, results: Sequence[Result], points: Points, rows: dict) -> list:
    if len(level) == 1:
        return level
    between = [r for r in results if r.a in level and r.b in level]
    met = {frozenset(r.sides) for r in between}
    if len(met) == len(level) * (len(level) - 1) // 2:  # each has met each of the others
        head_to_head = {e: sum(points.of(r, e) for r in between if r.involves(e)) for e in level}
        runs = _groups_by(level, lambda e: -head_to_head[e])
        if len(runs) > 1:
            return [entrant for run in runs for entrant in _break_tie(run, results, points, rows)]
    return sorted(level, key=lambda e: (-rows[e]["pf_left"], rows[e]["faults"], rows[e]["seed"]))
