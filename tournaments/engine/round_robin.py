"""Round-robin groups, then a single-elimination stage from the top of each group.

- `snake_groups` deals the seed order into G groups like cards, back and forth (seeds 1..G into
  groups 1..G, seeds G+1..2G into groups G..1, ...): each group gets one of the best seeds, and group
  sizes differ by one at most. Each group lists its entrants in seed order.
- `round_robin_schedule` pairs everyone in a group once, by rounds (the circle method: one entrant
  stays, the others turn); with an odd group one entrant rests each round.
- Group standings: `standings.standings` (points, head-to-head, PF left, fewest faults, seed).
- `cross_seeded_qualifiers` orders the top K of each group for the bracket: all group winners first,
  then all runners-up, and so on, each later tier arranged so no round-1 match of the bracket puts two
  entrants of the same group together: group winners meet runners-up of other groups first.
- A group result corrected once the elimination stage is drawn: `elimination_from_groups` with the
  corrected standings gives the bracket the stage should have had; the caller compares its seed order
  with the one in play and tells staff. The engine never redraws a bracket in play.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .elimination import REMATCH, Bracket, build_bracket, seeding_positions
from .results import INVALID_OPTION, EntrantId, TournamentError, checked_entrants
from .standings import Standing


@dataclass(frozen=True, slots=True)
class RoundRobinRound:
    number: int  # 1 = first
    pairs: tuple[tuple[EntrantId, EntrantId], ...]  # (side a, side b)
    resting: EntrantId | None  # an odd group: the one who sits this round out


def snake_groups(seed_order: Sequence[EntrantId], group_count: int) -> tuple[tuple[EntrantId, ...], ...]:
    field = checked_entrants(seed_order)
    if group_count < 1 or len(field) < 2 * group_count:
        raise TournamentError(INVALID_OPTION, f"{len(field)} entrants cannot fill {group_count} groups of two")
    groups: list[list[EntrantId]] = [[] for _ in range(group_count)]
    for index, entrant in enumerate(field):
        lap, place = divmod(index, group_count)
        groups[place if lap % 2 == 0 else group_count - 1 - place].append(entrant)
    return tuple(tuple(group) for group in groups)


def round_robin_schedule(group: Sequence[EntrantId]) -> tuple[RoundRobinRound, ...]:
    """Every pair of the group exactly once, n-1 rounds (n rounds for an odd group)."""
    entrants: list[EntrantId | None] = list(checked_entrants(group))
    if len(entrants) % 2:
        entrants.append(None)  # whoever meets None rests
    count = len(entrants)
    rounds = []
    for number in range(1, count):
        pairs, resting = [], None
        for i in range(count // 2):
            first, second = entrants[i], entrants[count - 1 - i]
            if i == 0 and number % 2 == 0:
                first, second = second, first  # the fixed entrant alternates sides
            if first is None or second is None:
                resting = second if first is None else first
            else:
                pairs.append((first, second))
        rounds.append(RoundRobinRound(number, tuple(pairs), resting))
        entrants = [entrants[0], entrants[-1], *entrants[1:-1]]
    return tuple(rounds)


def cross_seeded_qualifiers(group_tops: Sequence[Sequence[EntrantId]]) -> tuple[EntrantId, ...]:
    """The seed order of the elimination stage from each group's top K (best first, groups in order)."""
    depth = len(group_tops[0]) if group_tops else 0
    if depth < 1 or any(len(top) != depth for top in group_tops):
        raise TournamentError(INVALID_OPTION, "each group sends the same number of qualifiers")
    group_of = {entrant: g for g, top in enumerate(group_tops) for entrant in top}
    field = len(group_of)
    if field < 2:
        raise TournamentError(INVALID_OPTION, "the elimination stage needs two qualifiers")
    size = 2
    while size < field:
        size *= 2
    positions = seeding_positions(size)
    opponents = {positions[i]: positions[i ^ 1] for i in range(size)}  # seed -> its round-1 opponent seed
    order: list[EntrantId] = []
    for tier in range(depth):
        tier_entrants = [top[tier] for top in group_tops]
        best = min(_arrangements(tier_entrants), key=lambda arrangement: _clashes(
            order + arrangement, opponents, group_of))
        order += best
    checked_entrants(order)
    return tuple(order)


def _arrangements(tier: list) -> list[list]:
    """The tier in group order, reversed, and every rotation of both (fewest clashes wins, first kept)."""
    found = []
    for base in (tier, tier[::-1]):
        found += [base[k:] + base[:k] for k in range(len(base))]
    return found


def _clashes(order: list, opponents: dict[int, int], group_of: dict) -> int:
    count = 0
    for seed, entrant in enumerate(order, start=1):
        other = opponents[seed]
        if seed < other <= len(order) and group_of[order[other - 1]] == group_of[entrant]:
            count += 1
    return count


def elimination_from_groups(group_standings: Sequence[Sequence[Standing]], per_group: int, *,
                            third_place: bool = False, draw_rule: str = REMATCH) -> Bracket:
    """The bracket of the top `per_group` of each group (standings as `standings.standings` gives them)."""
    if per_group < 1 or any(len(table) < per_group for table in group_standings):
        raise TournamentError(INVALID_OPTION, f"a group has fewer than {per_group} entrants")
    tops = [[row.entrant for row in table[:per_group]] for table in group_standings]
    return build_bracket(cross_seeded_qualifiers(tops), third_place=third_place, draw_rule=draw_rule)
