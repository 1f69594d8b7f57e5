"""The deadline sweep at its edges (RULES.md §1.4, §6), found by mutation testing (issue 18): the
deadline instant, a full batch followed by another, the sweep's report line, the defence window."""
import datetime as dt

import pytest

from duels.models import DuelStatus, Window, WindowState
from duels.services import deadlines, window_expire_overdue
from duels.services.deadlines import SweepReport, automatic_steps
from tests.duels.helpers import bet_for, declare, post, started_duel

pytestmark = pytest.mark.django_db
START = dt.datetime(2026, 6, 1, 20, 0, tzinfo=dt.UTC)
H48 = dt.timedelta(hours=48)


@pytest.fixture(autouse=True)
def clock(time_machine):
    time_machine.move_to(START, tick=False)
    return time_machine


def test_a_window_is_due_at_its_deadline_instant_not_a_second_before():
    duel, _referee, _participants = started_duel()
    assert window_expire_overdue(now=START + H48 - dt.timedelta(seconds=1)).expired_windows == []
    report = window_expire_overdue(now=START + H48)
    assert report.expired_windows == [Window.objects.get(duel=duel).pk]


def test_a_full_batch_is_followed_by_the_next_one(monkeypatch):
    duels = [started_duel()[0] for _ in range(3)]
    monkeypatch.setattr(deadlines, "BATCH", 2)
    report = window_expire_overdue(now=START + H48)
    assert sorted(report.expired_windows) == sorted(Window.objects.get(duel=d).pk for d in duels)
    assert set(Window.objects.values_list("state", flat=True)) == {WindowState.EXPIRED}
    assert len(report.absences) == 6


def test_a_sweep_for_one_window_leaves_the_others():
    first, _r1, _p1 = started_duel()
    second, _r2, _p2 = started_duel()
    only = Window.objects.get(duel=second).pk
    report = window_expire_overdue(now=START + H48, window_id=only)
    assert report.expired_windows == [only]
    assert Window.objects.get(duel=first).state == WindowState.OPEN


def test_after_a_missed_defence_window_the_second_declaration_is_due():
    duel, referee, (a, b) = started_duel()
    post(duel, a, [{"cast": "bolt", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [])
    declare(duel, referee)
    window_expire_overdue(now=START + 2 * H48)
    duel.refresh_from_db()
    assert duel.status == DuelStatus.AWAITING_SECOND


def test_a_missed_action_window_makes_the_first_declaration_due():
    duel, _referee, (a, _b) = started_duel()
    post(duel, a, [])
    window_expire_overdue(now=START + H48)
    duel.refresh_from_db()
    assert duel.status == DuelStatus.AWAITING_FIRST


def test_automatic_posts_are_a_pass_then_doing_nothing():
    assert automatic_steps("action") == []
    assert automatic_steps("defence") == [{"nothing": True}]


def test_the_sweep_report_says_what_it_did():
    assert SweepReport().describe() == "no window due"
    report = SweepReport(expired_windows=[3, 4], absences=[(1, "A")], disqualified=[(1, "A")], finished_duels=[1],
                         failed_windows=[9])
    assert report.describe() == ("2 window(s) expired [3, 4]; absence faults: duel 1 A; disqualified: duel 1 A; "
                                 "duels finished [1]; FAILED (left open, retried next run) [9]")
    failed_only = SweepReport(failed_windows=[5])
    assert failed_only.describe() == "0 window(s) expired []; FAILED (left open, retried next run) [5]"
    merged = SweepReport(expired_windows=[1])
    merged.merge(SweepReport(expired_windows=[2], absences=[(2, "B")], disqualified=[(2, "B")], finished_duels=[2]))
    assert (merged.expired_windows, merged.absences, merged.disqualified, merged.finished_duels) == (
        [1, 2], [(2, "B")], [(2, "B")], [2])
