"""A duel's figures as charts (common/charts.py): each duellist's PF and PM turn by turn."""
from __future__ import annotations

from django.utils.translation import gettext as _

from common.charts import DASHES, TEAM_COLOURS, Series, line_chart
from duels.selectors.house_rules import rules_of


def duellist_series(participants, values_by_engine_id: dict[str, list[float | None]]) -> list[Series]:
    """One series per duellist, in team order, coloured by team."""
    out, seen = [], {1: 0, 2: 0}
    for p in participants:
        rank = seen.get(p.team, 0)
        seen[p.team] = rank + 1
        out.append(Series(label=p.duellist.forum_name, values=values_by_engine_id.get(p.engine_id, []),
                          colour=TEAM_COLOURS.get(p.team, "#2b261e"), dash=DASHES[rank % len(DASHES)],
                          key=p.engine_id))
    return out


def points_over_turns(duel, states: list[tuple[int, dict]], participants) -> tuple[dict, dict]:
    """PF and PM of each duellist at the start (the duel's house rules, §8) and after each turn (its last
    published declaration).

    `states`: (turn, state after the declaration) in publication order. Returns (PF chart, PM chart)."""
    start = rules_of(duel).points
    last_of_turn: dict[int, dict] = {}
    for turn, state in states:
        last_of_turn[turn] = state  # a later declaration of the same turn replaces the first
    turns = sorted(last_of_turn)
    labels = [_("départ")] + [str(t) for t in turns]
    pf = {p.engine_id: [start[p.year][0]] for p in participants}
    pm = {p.engine_id: [start[p.year][1]] for p in participants}
    for turn in turns:
        by_id = {d["id"]: d for d in last_of_turn[turn].get("duellists", [])}
        for p in participants:
            d = by_id.get(p.engine_id)
            pf[p.engine_id].append(d.get("pf") if d else None)
            pm[p.engine_id].append(d.get("pm") if d else None)
    y_pf = max((v for values in pf.values() for v in values if v is not None), default=1)
    y_pm = max((v for values in pm.values() for v in values if v is not None), default=1)
    return (
        line_chart(title=_("Points de fatigue (PF) tour par tour"), x_title=_("Tour"), labels=labels,
                   series=duellist_series(participants, pf), y_max=y_pf),
        line_chart(title=_("Points de magie (PM) tour par tour"), x_title=_("Tour"), labels=labels,
                   series=duellist_series(participants, pm), y_max=y_pm),
    )
