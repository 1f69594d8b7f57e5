"""Ledger rows written directly for the public pages' tests: `entry_at(house, n, at)` with `at` a naive
local time of the club (Europe/Paris), a correction of an entry, a duel's entry."""
from __future__ import annotations

import datetime as dt
import zoneinfo

from cup.models import Cause, LedgerEntry
from tests.cup.support import house

PARIS = zoneinfo.ZoneInfo("Europe/Paris")


def local(*parts) -> dt.datetime:
    return dt.datetime(*parts, tzinfo=PARIS)


def entry_at(name: str, n: int, at: dt.datetime, *, reason: str = "Bonne tenue", by=None, **fields) -> LedgerEntry:
    return LedgerEntry.objects.create(house=house(name), points=n, reason=reason, cause=fields.pop("cause", Cause.MANUAL),
                                      created_by=by, occurred_at=at, created_at=at, **fields)


def correction(entry: LedgerEntry, *, reason: str = "", by=None) -> LedgerEntry:
    return LedgerEntry.objects.create(house=entry.house, points=-entry.points, reason=reason, cause=Cause.CORRECTION,
                                      created_by=by, occurred_at=entry.occurred_at, duel=entry.duel,
                                      duellist=entry.duellist, outcome=entry.outcome, reverses=entry)
