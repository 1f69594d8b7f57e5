"""How every page names a team: « cedric & fred » (the duel page, the referee's queue, the running duels,
the embed, the declarations' winners). One function, so no page writes « cedric fred »."""
from __future__ import annotations

from collections.abc import Iterable

TEAM_JOIN = " & "


def team_label(people: Iterable) -> str:
    """The team's names joined as the duel page writes them; `people` are names or participants."""
    return TEAM_JOIN.join(p if isinstance(p, str) else p.duellist.forum_name for p in people)


def duel_team(duel, team: int) -> str:
    """One side of a duel by its participants (prefetched or not), in their stored order."""
    return team_label(p for p in duel.participants.all() if p.team == team)
