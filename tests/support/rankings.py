"""Finished duels built directly (fast), recorded through the real `results_record` hook (the ranking,
API and spectator tests)."""
from __future__ import annotations

import datetime as dt
import hashlib
import itertools

from django.utils import timezone

from accounts.models import Duellist
from duels.models import Duel, DuelFormat, DuelKind, DuelStatus, Participant
from rankings.services.rewards import results_record
from tests.factories.duels import DuellistFactory, RefereeFactory
from tests.support.clock import T0

_seeds = itertools.count(1)
_names = itertools.count(1)


def at(days: float) -> dt.datetime:
    return T0 + dt.timedelta(days=days)


def finished_duel(
    team1: list[Duellist], team2: list[Duellist], *, winner: int | None = 1, when: dt.datetime | None = None,
    kind: str = DuelKind.NON_RP, year: int = 3, disqualified: tuple[Duellist, ...] = (),
    forfeited: tuple[Duellist, ...] = (), referee=None,
) -> Duel:
    """A finished duel (winner team 1 or 2, None for a draw) and its recorded results."""
    when = when or timezone.now()
    seed = hashlib.sha256(str(next(_seeds)).encode()).hexdigest()
    duel = Duel.objects.create(
        kind=kind, format=DuelFormat.ONE_V_ONE if len(team1) == 1 else DuelFormat.TWO_V_TWO,
        status=DuelStatus.FINISHED, referee=referee or RefereeFactory(), seed=seed,
        seed_sha256=hashlib.sha256(seed.encode()).hexdigest(), started_at=when - dt.timedelta(days=3),
        finished_at=when, winner_team=winner, is_draw=winner is None, turn=3, created_at=when - dt.timedelta(days=4),
    )
    for team, members in ((1, team1), (2, team2)):
        for duellist in members:
            Participant.objects.create(
                duel=duel, duellist=duellist, engine_id=f"{duellist.forum_name}", team=team, year=year,
                disqualified=duellist in disqualified, forfeited=duellist in forfeited,
            )
    results_record(duel=duel, now=when)
    return duel


def duellists(n: int) -> list[Duellist]:
    """n duellists without accounts, named in creation order ("Duelliste 001", …)."""
    return [DuellistFactory(user=None, forum_name=f"Duelliste {next(_names):03d}") for _ in range(n)]
