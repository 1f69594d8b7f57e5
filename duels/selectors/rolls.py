"""Which of a declaration's dice took part in what happened (read from stored rolls and events).

Every bet and dodge of the posts is rolled before resolution (the seed derives each die from its
place), but a step voided at resolution (the caster knocked out, stunned, unable to pay…) never
happened: its die is not shown, and the statistics count only the dice that decided something."""
from __future__ import annotations

# Cast outcomes the die decided (a bet won or lost); out of range or a target gone: the die did not matter.
DECIDED_CAST_OUTCOMES = {"success", "pending", "failure"}


def roll_event(roll: dict, events: list[dict]) -> dict | None:
    """The event a die was rolled for: the cast (same caster, spell and die) or the dodge (same
    duellist and die); None when that step was voided at resolution."""
    kind = "dodge" if roll.get("kind") == "dodge" else "cast"
    for event in events:
        if event.get("kind") != kind or event.get("actor") != roll.get("by") or event.get("roll") != roll.get("roll"):
            continue
        if kind == "cast" and event.get("spell") != roll.get("spell"):
            continue
        return event
    return None


def rolls_that_happened(rolls: list[dict], events: list[dict]) -> list[dict]:
    """The dice of the steps that were resolved (the dice a declaration shows)."""
    return [r for r in rolls or [] if roll_event(r, events or []) is not None]


def rolls_that_decided(rolls: list[dict], events: list[dict]) -> list[dict]:
    """The dice whose face decided an outcome: a dodge resolved, a cast that hit or failed on its bet."""
    out = []
    for r in rolls or []:
        event = roll_event(r, events or [])
        if event is None:
            continue
        if r.get("kind") == "dodge" or event.get("outcome") in DECIDED_CAST_OUTCOMES:
            out.append(r)
    return out
