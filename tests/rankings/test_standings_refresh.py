"""A correction that changes a finished duel's outcome updates only the champions table's lines its old
and new results count in, locks only those, and leaves a table equal to a full recompute."""
import datetime as dt
import threading

import pytest
from django.db import connection, connections, transaction
from django.db.utils import OperationalError
from django.utils import timezone

from rankings.models import Result, Season, Standing
from rankings.services.rebuild import standings_rebuild
from rankings.services.standings_refresh import lines_of, result_places, standings_refresh
from tests.concurrency import in_club
from tests.support.corrections import backfire, finished


def table() -> dict:
    return {(s.season_id, s.kind, s.format, s.year, s.duellist_id): (s.pk, s.points, s.duels, s.wins, s.losses,
                                                                    s.reached_at)
            for s in Standing.objects.all()}


@pytest.mark.django_db
def test_a_correction_changes_exactly_the_lines_of_its_old_and_new_results():
    today = timezone.localdate()
    Season.objects.create(name="Now", slug="now", starts_on=today - dt.timedelta(days=3),
                          ends_on=today + dt.timedelta(days=3))
    for _ in range(3):
        finished()  # other duellists' lines: never touched
    duel, referee, hitter, hit, declaration = finished()
    old = result_places(Result.objects.filter(duel=duel))
    before = table()
    backfire(declaration, referee, hitter)
    after = table()
    touched = lines_of([*old, *result_places(Result.objects.filter(duel=duel))], kind=duel.kind,
                       format=duel.format)
    assert {key for key in before.keys() | after.keys() if before.get(key) != after.get(key)} <= touched
    assert all(before[key] == after[key] for key in before.keys() - touched)
    assert {r.duellist_id: r.outcome for r in Result.objects.filter(duel=duel)} == {
        hitter.duellist_id: "loss", hit.duellist_id: "win"}
    assert standings_rebuild(fix=False).differences == 0  # equal to a full recompute
    assert len(touched) == 2 * 2 * 8  # two duellists, all-time and the season, 8 lines each


@pytest.mark.django_db
def test_refreshing_lines_nobody_counts_in_deletes_them_and_their_scope_sizes():
    duel, *_ = finished()
    keys = lines_of(result_places(Result.objects.filter(duel=duel)), kind=duel.kind, format=duel.format)
    Result.objects.filter(duel=duel).delete()
    assert standings_refresh(keys=keys) == len(keys)
    assert not Standing.objects.exists()
    assert standings_rebuild(fix=False).differences == 0


@pytest.mark.django_db(transaction=True)
def test_a_correction_locks_only_the_lines_it_changes():
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL row locks (set DATABASE_URL=postgres://…)")
    bystander, *_ = finished()
    duel, referee, hitter, _hit, declaration = finished()
    untouched = Standing.objects.filter(duellist__participations__duel=bystander).first()
    touched = Standing.objects.filter(duellist=hitter.duellist, season__isnull=True, kind="", format="",
                                      year=0).get()
    corrected, release, outcome = threading.Event(), threading.Event(), {}

    def correct():  # the correction's transaction stays open until the test has tried the locks
        try:
            with transaction.atomic():
                backfire(declaration, referee, hitter)
                corrected.set()
                release.wait(20)
        except Exception as error:  # noqa: BLE001 - reported below
            outcome["error"] = error
        finally:
            corrected.set()
            connections.close_all()

    worker = threading.Thread(target=in_club(duel.club, correct))  # the referee's page, in the duel's club
    worker.start()
    try:
        assert corrected.wait(20) and "error" not in outcome, outcome
        with transaction.atomic():
            Standing.objects.select_for_update(nowait=True).get(pk=untouched.pk)  # free
        with pytest.raises(OperationalError), transaction.atomic():
            Standing.objects.select_for_update(nowait=True).get(pk=touched.pk)  # held by the correction
    finally:
        release.set()
        worker.join(20)
    assert "error" not in outcome, outcome
    assert Standing.objects.get(pk=touched.pk).wins == 0
    assert standings_rebuild(fix=False).differences == 0
