"""The set-based deadline sweep: a batch of windows costs a fixed number of statements, a batch that
fails as a whole is replayed window by window, and every absent duellist is told once."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.models import Notification
from duels.models import DuelStatus, Fault, Post, Window, WindowState
from duels.services import deadlines, window_expire_overdue
from duels.services.notices import windows_expired_notify
from tests.support.clock import H48, START
from tests.support.duels import post, started_duel

pytestmark = pytest.mark.django_db


def overdue_duels(count: int) -> list:
    """`count` duels whose first window is due, a posted and b missing."""
    duels = []
    for _ in range(count):
        duel, _referee, (a, b) = started_duel(now=START)
        post(duel, a, [], now=START)
        duels.append((duel, b))
    return duels


def sweep_statements(committed, now) -> tuple[int, deadlines.SweepReport]:
    with CaptureQueriesContext(connection) as queries, committed():  # notices included
        report = window_expire_overdue(now=now)
    return len(queries), report


def test_the_sweep_costs_the_same_statements_for_two_windows_as_for_six(clock, committed):
    overdue_duels(2)
    small, report = sweep_statements(committed, START + H48)
    assert len(report.expired_windows) == 2
    overdue_duels(6)
    large, report = sweep_statements(committed, START + H48 * 2)
    assert len(report.expired_windows) == 6
    assert large == small, (small, large)
    assert large <= 20, large  # claim, slots, orders, 5 writes, the notices; plus transaction statements


def test_every_expired_window_is_written_whole(clock, committed):
    duels = overdue_duels(3)
    with committed():
        report = window_expire_overdue(now=START + H48)
    assert sorted(report.absences) == sorted((duel.pk, b.engine_id) for duel, b in duels)
    for duel, b in duels:
        duel.refresh_from_db()
        b.refresh_from_db()
        assert duel.status == DuelStatus.AWAITING_FIRST and b.absence_faults == 1
        assert Window.objects.get(duel=duel).state == WindowState.EXPIRED
        assert Post.objects.get(participant=b).automatic and Post.objects.get(participant=b).order == 2
        assert Fault.objects.get(participant=b).kind == "absence"
        assert Notification.objects.filter(user=b.duellist.user, kind="window_expired").count() == 1
        assert Notification.objects.filter(user=duel.referee, kind="window_expired").count() == 1


def test_a_batch_that_fails_as_a_whole_is_replayed_window_by_window(clock, monkeypatch):
    overdue_duels(3)
    real = Fault.objects.bulk_create

    def fails_for_several(objs, **kwargs):
        if len(objs) > 1:
            raise RuntimeError("statement too large")
        return real(objs, **kwargs)

    monkeypatch.setattr(Fault.objects, "bulk_create", fails_for_several)
    report = window_expire_overdue(now=START + H48)
    assert len(report.expired_windows) == 3 and report.failed_windows == []
    assert Fault.objects.count() == 3 and Post.objects.filter(automatic=True).count() == 3


def test_the_sweep_goes_on_past_a_full_batch(clock, monkeypatch):
    monkeypatch.setattr(deadlines, "BATCH", 2)
    overdue_duels(5)
    report = window_expire_overdue(now=START + H48)
    assert len(report.expired_windows) == 5
    assert not Window.objects.filter(state=WindowState.OPEN, due_at__lte=START + H48).exists()


def test_a_notice_already_stored_is_not_stored_again(clock, committed):
    [(duel, b)] = overdue_duels(1)
    with committed():
        window_expire_overdue(now=START + H48)
    window = Window.objects.get(duel=duel)
    before = Notification.objects.count()
    assert windows_expired_notify(window_ids=[window.pk]) == 0
    assert Notification.objects.count() == before
