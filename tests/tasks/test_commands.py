"""The one-machine scheduler (`run_scheduler`) and the operator's `sweep_deadlines`."""
import datetime as dt
from io import StringIO
from unittest import mock

import pytest
from django.core.management import CommandError, call_command

from accounts.models import Notification
from duels.management.commands import run_scheduler
from duels.models import Fault, Window, WindowState
from tests.support.clock import H48, START
from tests.support.duels import post, started_duel

pytestmark = pytest.mark.django_db


def run(*args):
    out, err = StringIO(), StringIO()
    call_command(*args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_sweep_deadlines_prints_what_it_did(clock):
    duel, _referee, (a, b) = started_duel()
    post(duel, a, [])
    out, _err = run("sweep_deadlines")
    assert out == "Deadline sweep: no window due\n"
    clock.move_to(START + H48, tick=False)
    out, _err = run("sweep_deadlines")
    window = Window.objects.get(duel=duel)
    assert out == f"Deadline sweep: 1 window(s) expired [{window.pk}]; absence faults: duel {duel.pk} {b.engine_id}\n"
    assert window.state == WindowState.EXPIRED
    assert run("sweep_deadlines")[0] == "Deadline sweep: no window due\n"


def test_sweep_deadlines_fails_loudly_when_a_window_cannot_be_expired(clock, monkeypatch):
    import duels.services.deadlines as deadlines

    duel, _referee, _participants = started_duel()
    monkeypatch.setattr(deadlines, "absence_count", mock.Mock(side_effect=RuntimeError("disk full")))
    clock.move_to(START + H48, tick=False)
    with pytest.raises(CommandError, match="1 window"):
        run("sweep_deadlines")
    assert Window.objects.get(duel=duel).state == WindowState.OPEN


def test_run_scheduler_once_sweeps_and_reminds(clock):
    duel, _referee, (a, b) = started_duel()
    clock.move_to(START + H48 - dt.timedelta(hours=6), tick=False)
    out, err = run("run_scheduler", "--once")
    assert err == ""
    assert "Deadline sweep: no window due" in out and "Reminders: 2 reminder(s) sent" in out
    assert Notification.objects.filter(kind="reminder").count() == 2
    clock.move_to(START + H48 + dt.timedelta(minutes=1), tick=False)
    out, _err = run("run_scheduler", "--once")
    assert "Deadline sweep: 1 window(s) expired" in out and "Reminders: no reminder due" in out
    assert Fault.objects.count() == 2


def test_run_scheduler_survives_an_error_and_keeps_looping(clock, monkeypatch):
    duel, _referee, _participants = started_duel()
    clock.move_to(START + H48, tick=False)
    failures = iter([RuntimeError("database is locked")])

    def flaky_sweep(**kwargs):
        for error in failures:
            raise error
        return real_sweep(**kwargs)

    jobs = run_scheduler.scheduler_jobs()
    real_sweep = jobs[0][1]
    monkeypatch.setattr(run_scheduler, "scheduler_jobs", lambda: (("Deadline sweep", flaky_sweep), jobs[1]))
    sleeps = []

    def fake_sleep(seconds):
        sleeps.append(seconds)
        if len(sleeps) == 2:
            raise KeyboardInterrupt

    monkeypatch.setattr(run_scheduler.time, "sleep", fake_sleep)
    out, err = run("run_scheduler", "--interval", "30")
    assert "Deadline sweep: ERROR RuntimeError: database is locked" in err  # round 1 failed…
    assert "Deadline sweep: 1 window(s) expired" in out  # …round 2 did the work
    assert out.startswith("Scheduler: deadline sweep, reminders and e-mails every 30 s") and "Scheduler stopped." in out
    assert len(sleeps) == 2 and all(0 < s <= 30 for s in sleeps)
    assert Window.objects.get(duel=duel).state == WindowState.EXPIRED


def test_run_scheduler_refuses_a_non_positive_interval():
    with pytest.raises(CommandError):
        run("run_scheduler", "--interval", "0")
