"""The house rules in force (RULES.md §8): a duel's frozen ones once it started, else its club's current
ones; before a duel exists (registration, eligibility, wand rest) the active club's.

Every service reads its §8 number here (never a module constant), so a club without house rules
(`{}`) gets exactly the rulebook. Parsed rules are cached by their JSON form (HouseRules is frozen).
"""
from __future__ import annotations

import datetime as dt
import json
from functools import lru_cache

from django.conf import settings

from clubs.scoping import current_club_or_none
from duels.engine.house_rules import ENGINE_KNOBS, RULEBOOK, HouseRules


@lru_cache(maxsize=256)
def _parsed(knobs_json: str) -> HouseRules:
    return HouseRules.from_dict(json.loads(knobs_json))


def parse(knobs: dict | None) -> HouseRules:
    """The HouseRules of a stored `{knob: value}` (`{}`/None: the rulebook)."""
    if not knobs:
        return RULEBOOK
    return _parsed(json.dumps(knobs, sort_keys=True))


def club_rules(club=None) -> HouseRules:
    """The club's current house rules (`club` defaults to the active club; none active: the rulebook)."""
    club = club if club is not None else current_club_or_none()
    return parse(club.house_rules) if club is not None else RULEBOOK


def rules_of(duel) -> HouseRules:
    """The duel's house rules: frozen at its start signal; before it, its club's current ones."""
    if duel.house_rules is not None:
        return parse(duel.house_rules)
    active = current_club_or_none()
    return club_rules(active if active is not None and active.pk == duel.club_id else duel.club)


def engine_rules(rules: HouseRules) -> HouseRules:
    """The part of `rules` the engine applies (its state carries these knobs only)."""
    return parse({key: value for key, value in rules.to_dict().items() if key in ENGINE_KNOBS})


def posting_delay(rules: HouseRules) -> dt.timedelta:
    """§1.4: the window after each referee post. The rulebook's 48 h follows POSTING_DELAY_SECONDS (the
    stack test shortens it); a club's own number of hours is taken as it is."""
    if rules.deadline_hours == RULEBOOK.deadline_hours:
        return dt.timedelta(seconds=settings.POSTING_DELAY_SECONDS)
    return dt.timedelta(hours=rules.deadline_hours)


def exemption_limit(rules: HouseRules) -> dt.timedelta:
    """§1.4: an exempted duellist's window ends at most this long after the referee post."""
    return dt.timedelta(days=rules.exemption_days)
