"""Rankings keep their own books by listening to the duel's events (config/events.py)."""
from __future__ import annotations

from rankings.services.rewards import results_record
from rankings.services.standings_refresh import results_withdraw
from rankings.services.statistics import statistics_count


def on_duel_finished(event) -> None:
    """The results and rewards, and the champions table's lines they count in."""
    results_record(duel=event.duel, now=event.now)


def on_duel_finished_count(event) -> None:
    """The club's statistics: this duel's counters (replaced if it finished before)."""
    statistics_count(duel=event.duel)


def on_result_reopened(event) -> None:
    results_withdraw(duel=event.duel)
