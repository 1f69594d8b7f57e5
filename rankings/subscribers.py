"""Rankings keep their own books by listening to the duel's events (config/events.py).

A correction that changes a finished duel's result withdraws its results (`ResultReopened`); the
republished declaration finishes the duel again in the same transaction (`DuelFinished`), which records
the corrected results and then recomputes, in place, the champions table's lines both sets count in."""
from __future__ import annotations

from rankings.services.rewards import results_record
from rankings.services.standings_refresh import results_corrected, results_withdraw
from rankings.services.statistics import statistics_count

# Duel id -> where its withdrawn results counted, until the duel finishes again. The duel row is locked
# from the one event to the other (one transaction); an entry left by a rolled-back correction only makes
# the next finish of that duel recompute lines that were right already.
_withdrawn: dict[int, list] = {}


def on_duel_finished(event) -> None:
    """The results and rewards, and the champions table's lines they count in."""
    results_record(duel=event.duel, now=event.now)
    withdrawn = _withdrawn.pop(event.duel.pk, None)
    if withdrawn is not None:
        results_corrected(duel=event.duel, withdrawn=withdrawn)


def on_duel_finished_count(event) -> None:
    """The club's statistics: this duel's counters (replaced if it finished before)."""
    statistics_count(duel=event.duel)


def on_result_reopened(event) -> None:
    _withdrawn.setdefault(event.duel.pk, []).extend(results_withdraw(duel=event.duel))
