"""What apps above accounts add to the site menu's facts (User.menu_facts), registered from their
AppConfig.ready(): accounts imports none of them (DESIGN.md: an app never imports an app above it).

A fact is `name -> fn()` where fn returns an expression on the user's row (OuterRef("pk") is the user),
such as Exists(...): it is read in the menu's one statement, in the club being served only (False
elsewhere), so it costs no query of its own."""
from __future__ import annotations

from collections.abc import Callable

_facts: dict[str, Callable] = {}


def menu_fact(name: str, fn: Callable) -> None:
    _facts[name] = fn


def menu_fact_expressions() -> dict:
    return {name: fn() for name, fn in _facts.items()}


def menu_fact_names() -> list[str]:
    return list(_facts)
