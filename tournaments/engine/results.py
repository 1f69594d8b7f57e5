"""What every format shares: entrants as opaque ids, the recorded result of one duel, and the one error
type (a code, never a sentence: the pages translate)."""
from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass

EntrantId = Hashable  # a player or a pair (2v2): the engine never looks inside

A, B = "a", "b"
A_WON, B_WON, DRAW = "a-won", "b-won", "draw"
OUTCOMES = (A_WON, B_WON, DRAW)
PLAYED, FORFEIT, DISQUALIFICATION = "played", "forfeit", "disqualification"
HOW = (PLAYED, FORFEIT, DISQUALIFICATION)

# Error codes
TOO_FEW_ENTRANTS = "too-few-entrants"
TOO_MANY_ENTRANTS = "too-many-entrants"
DUPLICATE_ENTRANT = "duplicate-entrant"
UNKNOWN_ENTRANT = "unknown-entrant"
INVALID_RESULT = "invalid-result"
INVALID_OPTION = "invalid-option"
RESULT_SIDES_MISMATCH = "result-sides-mismatch"
NO_SUCH_MATCH = "no-such-match"
NO_VALID_PAIRING = "no-valid-pairing"


class TournamentError(ValueError):
    """Raised for bad input; `code` is one of the error codes of this module."""

    def __init__(self, code: str, detail: str = ""):
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code
        self.detail = detail


@dataclass(frozen=True, slots=True)
class Result:
    """One duel between side `a` and side `b`. A forfeit or a disqualification is a win of the other
    side (`how` says why); a draw is only ever played. `pf_left` and `faults` are (side a, side b): the
    PF a side had left at the duel's end and the faults it received, recorded by the caller."""
    a: EntrantId
    b: EntrantId
    outcome: str
    how: str = PLAYED
    pf_left: tuple[int, int] = (0, 0)
    faults: tuple[int, int] = (0, 0)

    def __post_init__(self):
        if self.a == self.b:
            raise TournamentError(INVALID_RESULT, "a side cannot meet itself")
        if self.outcome not in OUTCOMES or self.how not in HOW:
            raise TournamentError(INVALID_RESULT, f"{self.outcome}/{self.how}")
        if self.outcome == DRAW and self.how != PLAYED:
            raise TournamentError(INVALID_RESULT, "a forfeit or a disqualification is never a draw")

    @classmethod
    def forfeited(cls, a: EntrantId, b: EntrantId, *, by: str, how: str = FORFEIT, **numbers) -> Result:
        """Side `by` (A or B) forfeited or was disqualified: the other side wins."""
        if by not in (A, B):
            raise TournamentError(INVALID_RESULT, f"unknown side {by!r}")
        return cls(a, b, B_WON if by == A else A_WON, how, **numbers)

    @property
    def sides(self) -> tuple[EntrantId, EntrantId]:
        return (self.a, self.b)

    @property
    def winner(self) -> EntrantId | None:
        return {A_WON: self.a, B_WON: self.b}.get(self.outcome)

    @property
    def loser(self) -> EntrantId | None:
        return {A_WON: self.b, B_WON: self.a}.get(self.outcome)

    def involves(self, entrant: EntrantId) -> bool:
        return entrant in (self.a, self.b)

    def opponent_of(self, entrant: EntrantId) -> EntrantId:
        return self.b if entrant == self.a else self.a

    def pf_left_of(self, entrant: EntrantId) -> int:
        return self.pf_left[0 if entrant == self.a else 1]

    def faults_of(self, entrant: EntrantId) -> int:
        return self.faults[0 if entrant == self.a else 1]


def checked_entrants(entrants: Sequence[EntrantId], *, minimum: int = 2, maximum: int | None = None
                     ) -> tuple[EntrantId, ...]:
    """The entrants in seed order (seed 1 first), checked: enough, not too many, each once."""
    field = tuple(entrants)
    if len(field) < minimum:
        raise TournamentError(TOO_FEW_ENTRANTS, f"{len(field)} < {minimum}")
    if maximum is not None and len(field) > maximum:
        raise TournamentError(TOO_MANY_ENTRANTS, f"{len(field)} > {maximum}")
    if len(set(field)) != len(field):
        raise TournamentError(DUPLICATE_ENTRANT)
    if any(entrant is None for entrant in field):
        raise TournamentError(UNKNOWN_ENTRANT, "None is not an entrant")
    return field
