"""Duels finishing at once add lines to the same scopes: their sizes stay exact (PostgreSQL row locks)."""
import datetime as dt
import hashlib

import pytest
from django.db import connection

from duels.models import Duel, DuelFormat, DuelKind, DuelStatus, Participant
from rankings.models import ScopeSize, Standing
from rankings.services.rebuild import standings_rebuild
from rankings.services.rewards import results_record
from tests.concurrency import in_club, run_together
from tests.factories.duels import RefereeFactory
from tests.support.rankings import at, duellists

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def postgres_only():
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL row locks (set DATABASE_URL=postgres://…)")


def unrecorded_duel(a, b, *, when, kind, referee) -> Duel:
    seed = hashlib.sha256(f"{a.pk}-{b.pk}".encode()).hexdigest()
    duel = Duel.objects.create(
        kind=kind, format=DuelFormat.ONE_V_ONE, status=DuelStatus.FINISHED, referee=referee, seed=seed,
        seed_sha256=hashlib.sha256(seed.encode()).hexdigest(), started_at=when - dt.timedelta(days=3),
        finished_at=when, winner_team=1, is_draw=False, turn=3, created_at=when - dt.timedelta(days=4),
    )
    for team, duellist in ((1, a), (2, b)):
        Participant.objects.create(duel=duel, duellist=duellist, engine_id=duellist.forum_name, team=team, year=3)
    return duel


@pytest.mark.parametrize("round_", range(3))
def test_duels_finishing_at_once_count_every_new_line(round_):
    people, referee = duellists(8), RefereeFactory()
    duels = [unrecorded_duel(people[2 * i], people[2 * i + 1], when=at(i), kind=(DuelKind.RP, DuelKind.NON_RP)[i % 2],
                             referee=referee) for i in range(4)]
    results = run_together(*[in_club(duel.club, lambda duel=duel: results_record(duel=duel, now=duel.finished_at))
                             for duel in duels])
    assert not [r for r in results if isinstance(r, Exception)], results
    assert ScopeSize.objects.get(season__isnull=True, kind="", format="", year=0).lines == 8
    assert ScopeSize.objects.get(season__isnull=True, kind="rp", format="", year=0).lines == 4
    assert sum(ScopeSize.objects.values_list("lines", flat=True)) == Standing.objects.count()
    assert standings_rebuild(fix=False).differences == 0
