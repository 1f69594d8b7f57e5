"""Whether a set of entrants can all be paired, each with an allowed partner: a maximum matching by
Edmonds' blossom algorithm (polynomial), so the Swiss pairing learns at once that no pairing exists,
instead of searching every combination."""
from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence


def can_all_be_paired(entrants: Sequence, allowed: Callable[[object, object], bool]) -> bool:
    count = len(entrants)
    if count % 2:
        return False
    neighbours = [[j for j in range(count) if j != i and allowed(entrants[i], entrants[j])] for i in range(count)]
    return _maximum_matching_size(neighbours) * 2 == count


def _maximum_matching_size(neighbours: list[list[int]]) -> int:
    count = len(neighbours)
    mate = [-1] * count
    for v in range(count):  # a greedy start leaves few augmenting paths to find
        if mate[v] == -1:
            for w in neighbours[v]:
                if mate[w] == -1:
                    mate[v], mate[w] = w, v
                    break
    for root in range(count):
        if mate[root] == -1:
            _augment_from(root, neighbours, mate)
    return sum(1 for v in mate if v != -1) // 2


def _augment_from(root: int, neighbours: list[list[int]], mate: list[int]) -> None:
    count = len(neighbours)
    parent, base, used = [-1] * count, list(range(count)), [False] * count
    used[root] = True
    queue = deque([root])

    def common_base(a: int, b: int) -> int:
        seen = [False] * count
        while True:
            a = base[a]
            seen[a] = True
            if mate[a] == -1:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[mate[b]]

    def mark_path(v: int, target: int, child: int, blossom: list[bool]) -> None:
        while base[v] != target:
            blossom[base[v]] = blossom[base[mate[v]]] = True
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    while queue:
        v = queue.popleft()
        for to in neighbours[v]:
            if base[v] == base[to] or mate[v] == to:
                continue
            if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                current = common_base(v, to)
                blossom = [False] * count
                mark_path(v, current, to, blossom)
                mark_path(to, current, v, blossom)
                for i in range(count):
                    if blossom[base[i]]:
                        base[i] = current
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
            elif parent[to] == -1:
                parent[to] = v
                if mate[to] == -1:
                    while to != -1:  # flip the augmenting path
                        previous = parent[to]
                        following = mate[previous]
                        mate[to], mate[previous] = previous, to
                        to = following
                    return
                used[mate[to]] = True
                queue.append(mate[to])
