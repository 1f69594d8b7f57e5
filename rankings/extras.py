"""What apps above rankings add to its public pages, registered from their AppConfig.ready(): rankings
imports none of them (DESIGN.md: an app never imports an app above it).

- A record extra `fn(duellist, duel_ids) -> RecordExtra` adds, on a duellist's page, a label (text and
  link) to some of the duels listed and a section of its own (a template and its context).
- A statistics extra `fn() -> list[(label, value)]` adds figures to the club's statistics page.
Each must read a fixed number of queries, whatever the number of duels (the pages' query guards)."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class RecordExtra:
    duel_labels: dict[int, tuple[str, str]] = field(default_factory=dict)  # duel id -> (text, url)
    template: str = ""
    context: dict = field(default_factory=dict)


_record: list[Callable] = []
_statistics: list[Callable] = []


def record_extra(fn: Callable) -> Callable:
    if fn not in _record:
        _record.append(fn)
    return fn


def statistics_extra(fn: Callable) -> Callable:
    if fn not in _statistics:
        _statistics.append(fn)
    return fn


def record_extras(duellist, duel_ids: list[int]) -> list[RecordExtra]:
    return [fn(duellist, duel_ids) for fn in _record]


def statistics_extras() -> list[tuple[str, object]]:
    return [figure for fn in _statistics for figure in fn()]
