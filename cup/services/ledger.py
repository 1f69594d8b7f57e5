"""The entries the duels and tournaments write, at the club's rates (house rules `cup_*`, RULES.md §8:
a duel's own frozen ones). A duel's points follow its recorded results (rankings.Result, written just
before by the rankings' subscriber); when a correction reopens the result, each of its live entries is
reversed by a new entry, and the republished result writes new ones. Nothing is ever edited."""
from __future__ import annotations

import datetime as dt

from django.db.models import Exists, OuterRef
from django.utils import timezone

from cup.events import HousePointsRecorded
from cup.models import Cause, HouseMember, LedgerEntry
from duels.events import emit
from duels.selectors.house_rules import club_rules, rules_of
from rankings.models import Outcome


def live_entries(**filters):
    """Entries not reversed (a reversal is itself live: it is never reversed)."""
    reversed_ = LedgerEntry.objects.filter(reverses=OuterRef("pk"))
    return LedgerEntry.objects.filter(**filters).exclude(cause=Cause.CORRECTION).filter(~Exists(reversed_))


def _houses_of(duellist_ids) -> dict[int, object]:
    members = HouseMember.objects.filter(duellist_id__in=duellist_ids).select_related("house")
    return {member.duellist_id: member.house for member in members}


def _reversal(entry: LedgerEntry, *, now: dt.datetime, by=None, reason: str = "") -> LedgerEntry:
    return LedgerEntry(club_id=entry.club_id, house_id=entry.house_id, points=-entry.points, reason=reason,
                       cause=Cause.CORRECTION, created_by=by, created_at=now, occurred_at=entry.occurred_at,
                       duel_id=entry.duel_id, tournament_id=entry.tournament_id, duellist_id=entry.duellist_id,
                       outcome=entry.outcome, reverses=entry)


def _written(entries: list[LedgerEntry], now: dt.datetime) -> list[LedgerEntry]:
    for entry in entries:
        entry.save()
    if entries:
        emit(HousePointsRecorded(entries=tuple(entries), now=now))
    return entries


def duel_points_record(*, duel, now: dt.datetime | None = None) -> list[LedgerEntry]:
    """A finished duel's points: for each duellist in a house, the rate of their outcome (a disqualified
    duellist earns nothing). Idempotent: a duellist's live entry that still holds is kept, one that no
    longer does is reversed. Runs in the duel's transaction (its row locked)."""
    now = now or timezone.now()
    rules = rules_of(duel)
    rates = {Outcome.WIN: rules.cup_win, Outcome.DRAW: rules.cup_draw, Outcome.LOSS: rules.cup_loss}
    results = list(duel.results.values_list("duellist_id", "outcome"))
    houses = _houses_of([duellist_id for duellist_id, _outcome in results])
    live = {entry.duellist_id: entry for entry in live_entries(duel=duel, cause=Cause.DUEL)}
    new = []
    for duellist_id, outcome in results:
        house, points = houses.get(duellist_id), rates.get(outcome, 0)
        entry = live.pop(duellist_id, None)
        if entry is not None and house is not None and (entry.house_id, entry.points) == (house.pk, points):
            continue  # still right
        if entry is not None:
            new.append(_reversal(entry, now=now))
        if house is not None and points:
            new.append(LedgerEntry(club_id=duel.club_id, house=house, points=points, cause=Cause.DUEL, created_at=now,
                                   occurred_at=now, duel=duel, duellist_id=duellist_id, outcome=outcome))
    new.extend(_reversal(entry, now=now) for entry in live.values())  # a duellist no longer in the results
    return _written(new, now)


def duel_points_reverse(*, duel, now: dt.datetime | None = None) -> list[LedgerEntry]:
    """A correction reopened the duel's result: each of its live entries is reversed."""
    now = now or timezone.now()
    return _written([_reversal(entry, now=now) for entry in live_entries(duel=duel, cause=Cause.DUEL)], now)


def tournament_points_record(*, tournament, now: dt.datetime | None = None) -> list[LedgerEntry]:
    """A tournament's winner (and partner) earn their houses the club's `cup_tournament_win`, once."""
    now = now or timezone.now()
    winner = tournament.winner
    points = club_rules(tournament.club).cup_tournament_win
    if winner is None or not points:
        return []
    duellists = [d for d in (winner.duellist_id, winner.partner_id) if d]
    houses = _houses_of(duellists)
    done = set(LedgerEntry.objects.filter(tournament=tournament, cause=Cause.TOURNAMENT)
               .values_list("duellist_id", flat=True))
    new = [LedgerEntry(club_id=tournament.club_id, house=houses[d], points=points, cause=Cause.TOURNAMENT,
                       created_at=now, occurred_at=now, tournament=tournament, duellist_id=d)
           for d in duellists if d in houses and d not in done]
    return _written(new, now)
