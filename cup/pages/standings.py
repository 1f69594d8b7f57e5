"""A period's standings as the pages, the picture and the BBCode show them: each house with its total,
its rank (ties share it) and whether it leads."""
from __future__ import annotations

from dataclasses import dataclass

from cup import selectors
from cup.models import House
from cup.periods import Period


@dataclass
class Line:
    house: House
    total: int
    rank: int
    leader: bool
    share: int = 0  # the bar's length: percent of the best positive total


def standings_lines(period: Period | None) -> list[Line]:
    """Best first (the selectors' order). The leader: the houses with the best total, unless every house
    has it (nobody leads a cup where all are equal). One statement."""
    houses = selectors.standings(period)
    best = houses[0].total if houses else 0
    shared = all(h.total == best for h in houses)
    lines, rank = [], 0
    for index, house in enumerate(houses):
        if index == 0 or house.total != houses[index - 1].total:
            rank = index + 1
        share = round(100 * house.total / best) if best > 0 and house.total > 0 else 0
        lines.append(Line(house, house.total, rank, not shared and house.total == best, share))
    return lines
