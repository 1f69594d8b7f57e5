"""The blossom matching that tells the Swiss pairing whether everyone can still be paired, checked
against trying every pairing on small fields."""
from itertools import combinations

from hypothesis import given
from hypothesis import strategies as st

from tests.support.tournaments import TOURNAMENT_PROPERTIES
from tournaments.engine.matching import can_all_be_paired


def pairable_by_trying_everything(entrants: list, allowed) -> bool:
    if not entrants:
        return True
    first, rest = entrants[0], entrants[1:]
    return any(allowed(first, o) and pairable_by_trying_everything([e for e in rest if e != o], allowed)
               for o in rest)


@TOURNAMENT_PROPERTIES
@given(data=st.data(), size=st.integers(0, 11))
def test_the_matching_agrees_with_trying_every_pairing(data, size):
    entrants = list(range(size))
    edges = {frozenset(pair) for pair in combinations(entrants, 2) if data.draw(st.booleans())}

    def allowed(a, b):
        return frozenset((a, b)) in edges

    assert can_all_be_paired(entrants, allowed) == pairable_by_trying_everything(entrants, allowed)


def test_two_triangles_joined_by_nothing_cannot_be_paired():
    edges = {frozenset(p) for p in [(0, 1), (1, 2), (0, 2), (3, 4), (4, 5), (3, 5)]}
    assert not can_all_be_paired(list(range(6)), lambda a, b: frozenset((a, b)) in edges)
    edges.add(frozenset((2, 3)))
    assert can_all_be_paired(list(range(6)), lambda a, b: frozenset((a, b)) in edges)
