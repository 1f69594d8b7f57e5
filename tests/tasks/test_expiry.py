"""Expiry through the Celery tasks (eager, clock pinned): the sweep as the deadline mechanism, the
one-window task, duplicates, retries, and the third absence ending the duel with rewards."""
import datetime as dt
from unittest import mock

import pytest
from celery.exceptions import Retry
from django.db import InterfaceError, OperationalError

from accounts.models import Notification
from duels import tasks
from duels.models import DuelStatus, Fault, Post, Window, WindowState
from duels.tasks import send_reminders, sweep_deadlines, window_expire
from rankings.models import Result
from tests.support.clock import H48, START
from tests.support.duels import declare, post, started_duel

pytestmark = pytest.mark.django_db
SECOND = dt.timedelta(seconds=1)


@pytest.fixture
def duel_ab(clock):
    return started_duel()


def test_the_window_task_expires_its_window_at_the_deadline(duel_ab, clock, committed):
    duel, referee, (a, b) = duel_ab
    post(duel, a, [])
    window = Window.objects.get(duel=duel)
    clock.move_to(START + H48, tick=False)
    with committed():
        assert window_expire.delay(window.pk).get() == [window.pk]
    window.refresh_from_db()
    assert window.state == WindowState.EXPIRED and window.closed_at == START + H48
    assert Fault.objects.get(participant=b).window == window
    assert Post.objects.get(window=window, participant=b).automatic
    duel.refresh_from_db()
    assert duel.status == DuelStatus.AWAITING_FIRST
    expired = Notification.objects.get(user=referee, kind="window_expired")
    assert str(b.duellist) in expired.message and "1/3" in expired.message
    assert Notification.objects.filter(user=b.duellist.user, kind="window_expired").count() == 1


def test_an_early_message_changes_nothing(duel_ab, clock):
    duel, _referee, _participants = duel_ab
    window = Window.objects.get(duel=duel)
    clock.move_to(START + H48 - SECOND, tick=False)
    assert window_expire.delay(window.pk).get() == []
    window.refresh_from_db()
    assert window.state == WindowState.OPEN and not Fault.objects.exists()


def test_duplicate_runs_of_the_task_and_the_sweep_process_the_window_once(duel_ab, clock, committed):
    duel, referee, (a, b) = duel_ab
    window = Window.objects.get(duel=duel)
    clock.move_to(START + H48 + dt.timedelta(minutes=3), tick=False)
    with committed():
        results = [window_expire.delay(window.pk).get(), window_expire.delay(window.pk).get(),
                   sweep_deadlines.delay().get(), window_expire.apply(args=[window.pk]).get()]
    assert results == [[window.pk], [], [], []]
    assert Fault.objects.count() == 2 and Post.objects.filter(automatic=True).count() == 2
    assert Notification.objects.filter(user=referee, kind="window_expired").count() == 1


def test_no_message_waits_for_a_deadline_the_sweep_expires_the_window(clock, committed):
    with mock.patch.object(window_expire, "apply_async") as queued:
        with committed():
            duel, referee, _participants = started_duel()
    assert queued.call_count == 0  # the deadline lives in the database only
    clock.move_to(START + H48 + dt.timedelta(seconds=30), tick=False)  # the next beat tick
    with committed():
        expired = sweep_deadlines.delay().get()
    window = Window.objects.get(duel=duel)
    assert expired == [window.pk] and window.state == WindowState.EXPIRED
    assert Notification.objects.filter(user=referee, kind="window_expired").count() == 1


def test_a_task_for_a_closed_window_does_nothing(duel_ab, clock):
    duel, _referee, (a, b) = duel_ab
    post(duel, a, [])
    post(duel, b, [])
    window = Window.objects.get(duel=duel)
    clock.move_to(START + H48 * 2, tick=False)
    assert window_expire.delay(window.pk).get() == [] and window_expire.delay(10**9).get() == []
    window.refresh_from_db()
    assert window.state == WindowState.CLOSED and not Fault.objects.exists()


@pytest.mark.parametrize("task", [window_expire, sweep_deadlines, send_reminders])
def test_tasks_retry_with_backoff_on_a_transient_database_error(task):
    assert task.autoretry_for == (OperationalError, InterfaceError)
    assert task.retry_backoff is True and task.max_retries == 5
    service = "reminders_send" if task is send_reminders else "window_expire_overdue"
    args = [1] if task is window_expire else []
    with mock.patch.object(tasks, service, side_effect=OperationalError("server closed the connection")):
        with pytest.raises(Retry):
            task.apply(args=args).get()
    with mock.patch.object(tasks, service, side_effect=ValueError("a bug")):  # not transient: no retry
        with pytest.raises(ValueError):
            task.apply(args=args).get()


def test_the_third_absence_disqualifies_and_ends_the_duel_with_rewards(duel_ab, clock, committed):
    duel, referee, (a, b) = duel_ab
    now = START
    for turn in (1, 2, 3):
        post(duel, a, [])
        now += H48
        clock.move_to(now, tick=False)
        window = Window.objects.get(duel=duel, turn=turn, phase="action")
        with committed():
            window_expire.delay(window.pk).get()
        if turn < 3:
            declare(duel, referee)
    duel.refresh_from_db()
    b.refresh_from_db()
    assert b.absence_faults == 3 and b.disqualified
    assert duel.status == DuelStatus.FINISHED and duel.winner_team == a.team and duel.revealed_seed
    assert Result.objects.get(participant=b).outcome == "disqualified"
    winner = Result.objects.get(participant=a)
    assert winner.outcome == "win" and winner.champion_points > 0
    last = Notification.objects.filter(user=referee, kind="window_expired").first()
    assert "3/3" in last.message and "disqualifié" in last.message and "terminé" in last.message
    told = Notification.objects.filter(user=b.duellist.user, kind="window_expired").first()
    assert "disqualifié" in told.message
    assert not Window.objects.filter(duel=duel, state=WindowState.OPEN).exists()
