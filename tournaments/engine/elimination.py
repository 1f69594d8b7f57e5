"""Single elimination: the bracket, its progress from the recorded results, and the final placement.

- The caller gives the seed order (seed 1 first): from the club's champions table, or shuffled.
- The bracket has the smallest power-of-two size that holds the field; the standard seeding positions
  (`seeding_positions`) put seed 1 and seed 2 in opposite halves, so they can meet only in the final.
- A field that is not a power of two leaves empty lines: byes, all in round 1, and they go to the top
  seeds (seed s meets seed size+1-s in round 1, which does not exist for the best seeds).
- A duel won, forfeited or lost by disqualification decides its match: the winner (or the opponent of
  the side that forfeited or was disqualified) advances. An entrant who leaves the tournament
  forfeits each of its matches as it becomes ready.
- A drawn duel follows the rule chosen at creation: REMATCH (the same sides play a new duel, recorded
  under the same match with `replay` one higher) or HIGHER_SEED (the better seed advances).
- The optional third-place match puts the two semi-final losers against each other (fields of 4+).
- Placement: the final's winner 1st, its loser 2nd; the semi-final losers 3rd and 4th (by the
  third-place match) or share 3rd; the losers of each earlier round share the next places.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

from .results import (
    DRAW,
    INVALID_OPTION,
    EntrantId,
    Result,
    TournamentError,
    checked_entrants,
)

MAX_ENTRANTS = 256
REMATCH, HIGHER_SEED = "rematch", "higher-seed"
DRAW_RULES = (REMATCH, HIGHER_SEED)

# What a match is waiting for, or how it was decided
BYE, WAITING, READY, STALE, DECIDED = "bye", "waiting", "ready", "stale", "decided"


@dataclass(frozen=True, slots=True, order=True)
class MatchKey:
    """Where a duel sits: its round (1 = first), its slot in the round (1 = top), and its replay
    (0 = the first duel; n = the n-th rematch after drawn duels, under REMATCH). The third-place
    match is slot 2 of the final round. Store results under these keys."""
    round: int
    slot: int
    replay: int = 0

    @property
    def match(self) -> MatchKey:
        """The match this duel belongs to (replay 0)."""
        return MatchKey(self.round, self.slot)

    def rematch(self) -> MatchKey:
        return MatchKey(self.round, self.slot, self.replay + 1)

    def __str__(self) -> str:
        return f"R{self.round}-M{self.slot}" + (f"-replay{self.replay}" if self.replay else "")


@cache
def seeding_positions(size: int) -> tuple[int, ...]:
    """The seed on each line of a bracket of `size` (a power of two) lines, top to bottom: lines 2k-1
    and 2k meet in round 1. (1, 8, 4, 5, 2, 7, 3, 6) for 8: each round-1 pair sums to size+1, and the
    better seeds of each half of any sub-bracket are split, so seeds 1 and 2 meet at the earliest in
    the final, seeds 1-4 in the semi-finals."""
    if size < 2 or size & (size - 1):
        raise TournamentError(INVALID_OPTION, f"bracket size {size} is not a power of two")
    positions = [1, 2]
    while len(positions) < size:
        total = 2 * len(positions) + 1
        positions = [seed for top in positions for seed in (top, total - top)]
    return tuple(positions)


@dataclass(frozen=True, slots=True)
class Bracket:
    seed_order: tuple[EntrantId, ...]  # seed 1 first
    size: int  # lines: a power of two >= the field
    third_place: bool
    draw_rule: str

    @property
    def rounds(self) -> int:
        return self.size.bit_length() - 1

    def seed_of(self, entrant: EntrantId) -> int:
        return self.seed_order.index(entrant) + 1

    def matches_in_round(self, round_number: int) -> int:
        return self.size >> round_number

    def first_round_sides(self, slot: int) -> tuple[EntrantId, EntrantId | None]:
        """Side a (the better seed) and side b (None for a bye) of a round-1 match."""
        positions = seeding_positions(self.size)
        top, bottom = positions[2 * slot - 2], positions[2 * slot - 1]
        field = len(self.seed_order)
        return self.seed_order[top - 1], self.seed_order[bottom - 1] if bottom <= field else None

    def match_keys(self) -> tuple[MatchKey, ...]:
        """Every match (replay 0), round by round; the third-place match last."""
        keys = [MatchKey(r, s) for r in range(1, self.rounds + 1) for s in range(1, self.matches_in_round(r) + 1)]
        return tuple(keys + ([MatchKey(self.rounds, 2)] if self.third_place else []))

    def feeds(self, key: MatchKey) -> tuple[MatchKey, ...]:
        """The matches that take a side from this match (its winner, or its loser for the third place)."""
        key = key.match
        if key.round >= self.rounds:
            return ()
        found = [MatchKey(key.round + 1, (key.slot + 1) // 2)]
        if self.third_place and key.round == self.rounds - 1:
            found.append(MatchKey(self.rounds, 2))
        return tuple(found)


def build_bracket(seed_order: Sequence[EntrantId], *, third_place: bool = False,
                  draw_rule: str = REMATCH) -> Bracket:
    field = checked_entrants(seed_order, maximum=MAX_ENTRANTS)
    if draw_rule not in DRAW_RULES:
        raise TournamentError(INVALID_OPTION, f"draw rule {draw_rule!r}")
    if third_place and len(field) < 4:
        raise TournamentError(INVALID_OPTION, "a third-place match needs four entrants")
    size = 2
    while size < len(field):
        size *= 2
    return Bracket(field, size, third_place, draw_rule)


@dataclass(frozen=True, slots=True)
class Match:
    """One match of the bracket as the results leave it.
    status: BYE (side a advances without a duel), WAITING (a side is not known yet), READY (record its
    next duel under `next_duel`), STALE (a duel is recorded under `next_duel` between other sides than
    these: a result upstream changed; staff void or replay it), DECIDED."""
    key: MatchKey
    a: EntrantId | None
    b: EntrantId | None
    status: str
    winner: EntrantId | None = None
    decided_by: str | None = None  # a Result.how, HIGHER_SEED (a draw) or BYE
    duels: tuple[MatchKey, ...] = ()  # the recorded duels this match counted, in order
    next_duel: MatchKey | None = None  # READY or STALE: the key of the duel to play

    @property
    def loser(self) -> EntrantId | None:
        if self.status != DECIDED:
            return None
        return self.b if self.winner == self.a else self.a


@dataclass(frozen=True, slots=True)
class Placement:
    entrant: EntrantId
    place: int  # 1 = the winner
    shared_to: int  # the last place of a shared rank (== place when alone)


@dataclass(frozen=True, slots=True)
class BracketState:
    bracket: Bracket
    matches: tuple[Match, ...]  # as Bracket.match_keys()
    counted: frozenset[MatchKey]  # the recorded duels that decided or drew a match
    unused: tuple[MatchKey, ...]  # recorded duels the bracket does not count (stale, not reached, extra)

    def match(self, key: MatchKey) -> Match:
        for match in self.matches:
            if match.key == key.match:
                return match
        raise KeyError(key)

    @property
    def ready(self) -> tuple[Match, ...]:
        return tuple(m for m in self.matches if m.status == READY)

    @property
    def champion(self) -> EntrantId | None:
        return self.match(MatchKey(self.bracket.rounds, 1)).winner

    @property
    def finished(self) -> bool:
        return all(m.status in (BYE, DECIDED) for m in self.matches)

    def placements(self) -> tuple[Placement, ...]:
        """The places known so far (an entrant still in gets none), best first."""
        rounds, field = self.bracket.rounds, len(self.bracket.seed_order)
        found = []
        for match in self.matches:
            if match.status != DECIDED:
                continue
            if match.key == MatchKey(rounds, 2):  # the third-place match
                found += [Placement(match.winner, 3, 3), Placement(match.loser, 4, 4)]
                continue
            first = 2 ** (rounds - match.key.round) + 1
            if match.key.round == rounds:
                found.append(Placement(match.winner, 1, 1))
            elif match.key.round == rounds - 1 and self.bracket.third_place:
                continue  # placed by the third-place match
            found.append(Placement(match.loser, first, min(2 * first - 2, field)))
        return tuple(sorted(found, key=lambda p: (p.place, self.bracket.seed_of(p.entrant))))


def bracket_state(bracket: Bracket, results: Mapping[MatchKey, Result]) -> BracketState:
    """Recompute the whole bracket from the recorded duels. A duel counts only if it was recorded
    between the sides the bracket now puts in its match; otherwise that match is STALE and nothing
    after it advances: the engine never re-attributes a recorded duel to other sides."""
    counted: set[MatchKey] = set()
    settled: dict[MatchKey, Match] = {}
    for key in bracket.match_keys():
        a, b, bye = _sides(bracket, key, settled)
        if bye:
            settled[key] = Match(key, a, None, BYE, winner=a, decided_by=BYE)
        elif a is None or b is None:
            settled[key] = Match(key, a, b, WAITING)
        else:
            settled[key] = _play(bracket, key, a, b, results, counted)
    unused = tuple(sorted(k for k in results if k not in counted))
    return BracketState(bracket, tuple(settled.values()), frozenset(counted), unused)


def _sides(bracket: Bracket, key: MatchKey, settled: dict[MatchKey, Match]):
    if key.round == 1:
        a, b = bracket.first_round_sides(key.slot)
        return a, b, b is None
    if key.slot == 2 and key.round == bracket.rounds:  # third place: the semi-final losers
        top, bottom = settled[MatchKey(key.round - 1, 1)], settled[MatchKey(key.round - 1, 2)]
        return top.loser, bottom.loser, False
    top, bottom = settled[MatchKey(key.round - 1, 2 * key.slot - 1)], settled[MatchKey(key.round - 1, 2 * key.slot)]
    return top.winner, bottom.winner, False


def _play(bracket, key, a, b, results, counted) -> Match:
    duels = []
    duel = key
    while True:
        result = results.get(duel)
        if result is None:
            return Match(key, a, b, READY, duels=tuple(duels), next_duel=duel)
        if result.sides != (a, b):
            return Match(key, a, b, STALE, duels=tuple(duels), next_duel=duel)
        counted.add(duel)
        duels.append(duel)
        if result.outcome != DRAW:
            return Match(key, a, b, DECIDED, result.winner, result.how, tuple(duels))
        if bracket.draw_rule == HIGHER_SEED:
            better = a if bracket.seed_of(a) < bracket.seed_of(b) else b
            return Match(key, a, b, DECIDED, better, HIGHER_SEED, tuple(duels))
        duel = duel.rematch()
