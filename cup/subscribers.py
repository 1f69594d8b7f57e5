"""The cup keeps its ledger by listening to the duels' and tournaments' events (config/events.py)."""
from __future__ import annotations

from cup.services.ledger import duel_points_record, duel_points_reverse, tournament_points_record


def on_duel_finished(event) -> None:
    """After the rankings recorded the results: the houses' points for them."""
    duel_points_record(duel=event.duel, now=event.now)


def on_result_reopened(event) -> None:
    duel_points_reverse(duel=event.duel, now=event.now)


def on_tournament_finished(event) -> None:
    tournament_points_record(tournament=event.tournament, now=event.now)
