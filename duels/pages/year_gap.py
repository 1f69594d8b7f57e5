"""The year-gap warning the duellists see before their duel starts (RULES.md §1.2, §2.3–2.4): an RP duel
between years more than one apart, or a non-RP duel between named duellists of different years. Each
one fights with the PF and PM of their own year; the warning says who, at which year, with how many."""
from __future__ import annotations

from django.utils.translation import gettext as _

from duels.models import Duel, DuelKind
from duels.selectors.house_rules import rules_of


def year_gap(duel: Duel, participants=None) -> dict | None:
    """{"text": the warning, "rows": [{"name", "year", "pf", "pm"}]} or None when the years are close."""
    participants = list(participants if participants is not None else duel.participants.all())
    years = [p.year for p in participants if p.year]
    if len(years) < 2:
        return None
    gap = max(years) - min(years)
    if duel.kind == DuelKind.RP and gap <= 1:
        return None
    if duel.kind != DuelKind.RP and gap == 0:
        return None
    rows, start = [], rules_of(duel).points  # §8: the duel's table of starting points
    for p in sorted(participants, key=lambda p: (p.team, p.pk)):
        pf, pm = start.get(p.year, (0, 0))
        rows.append({"name": p.duellist.forum_name, "year": p.get_year_display(), "pf": pf, "pm": pm, "team": p.team})
    if duel.kind == DuelKind.RP:
        text = _("Duel RP entre années éloignées, écart de %(gap)d : le règlement conseille un an ou moins entre adversaires.") % {"gap": gap}
    else:
        text = _("Duel non-RP entre niveaux différents (écart de %(gap)d) : d'ordinaire, deux amis combattent au même niveau.") % {"gap": gap}
    return {"text": text, "rows": rows}
