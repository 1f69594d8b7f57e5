"""The deadline sweep at its edges (RULES.md §1.4, §6), found by mutation testing: the
deadline instant, a full batch followed by another, the sweep's report line, the defence window."""
import datetime as dt

import pytest

from duels.models import DuelFormat, DuelStatus, Fault, Participant, Post, Window, WindowState
from duels.services import deadlines, exemption_decide, exemption_request, rules, window_expire_overdue
from duels.services.deadlines import SweepReport, automatic_steps
from tests.support.clock import H48, START
from tests.support.duels import bet_for, declare, post, started_duel

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("clock")]


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


def test_the_automatic_post_and_the_fault_are_dated_when_the_sweep_ran_and_name_the_missed_deadline():
    duel, _referee, (a, b) = started_duel()
    post(duel, a, [])
    swept_at = START + H48 + dt.timedelta(minutes=7)
    window_expire_overdue(now=swept_at)
    assert Post.objects.get(participant=b).submitted_at == swept_at
    fault = Fault.objects.get(participant=b)
    assert fault.created_at == swept_at
    assert fault.note == "Absence : aucun message avant le 03/06/2026 22:00."  # 20:00 UTC is 22:00 in Paris


def _with_two_absences(participant) -> None:
    """A duellist who already missed two windows of this duel (the third disqualifies, RULES.md §6)."""
    Participant.objects.filter(pk=participant.pk).update(absence_faults=2)


def test_the_third_absence_note_tells_the_disqualification_after_the_missed_deadline():
    duel, _referee, (a, b) = started_duel()
    _with_two_absences(b)
    post(duel, a, [])
    window_expire_overdue(now=START + H48)
    note = Fault.objects.get(participant=b).note
    first, rest = note.split(". ", 1)
    assert first == "Absence : aucun message avant le 03/06/2026 22:00"
    assert "disqualifié" in rest and not rest.startswith(" ")


def test_a_duel_ended_by_the_sweep_does_not_stop_the_next_window_of_the_batch():
    ended, _r1, (a1, b1) = started_duel()  # created first: swept first
    going_on, _r2, (a2, _b2) = started_duel()
    _with_two_absences(b1)
    post(ended, a1, [])
    post(going_on, a2, [])
    report = window_expire_overdue(now=START + H48)
    assert report.finished_duels == [ended.pk]
    going_on.refresh_from_db()
    assert going_on.status == DuelStatus.AWAITING_FIRST
    assert Window.objects.get(duel=going_on).state == WindowState.EXPIRED


def test_a_2v2_duellist_disqualified_by_the_sweep_is_out_and_the_duel_goes_on():
    duel, _referee, (a1, a2, b1, b2) = started_duel(format=DuelFormat.TWO_V_TWO, years=(3, 3, 3, 3))
    _with_two_absences(a1)
    for participant in (a2, b1, b2):
        post(duel, participant, [])
    report = window_expire_overdue(now=START + H48)
    assert report.failed_windows == [] and report.disqualified == [(duel.pk, a1.engine_id)]
    assert report.finished_duels == []
    duel.refresh_from_db()
    assert duel.status == DuelStatus.AWAITING_FIRST
    state = rules.state_load(duel.state)
    assert state.find_duellist(a1.engine_id).out and not state.find_duellist(a2.engine_id).out
    a1.refresh_from_db()
    assert (a1.absence_faults, a1.disqualified) == (3, True)


def test_a_window_another_sweep_expired_meanwhile_is_not_expired_twice(monkeypatch):
    """SQLite has no row locks: a second sweep may expire a window this one already claimed. The write
    notices it (the window is no longer open), and the window is expired once, with one fault."""
    duel, _referee, (a, b) = started_duel()
    post(duel, a, [])
    counted = deadlines.absence_count
    other_sweep_ran = []

    def another_sweep_first(**kwargs):
        if not other_sweep_ran:
            other_sweep_ran.append(True)
            window_expire_overdue(now=START + H48)
        return counted(**kwargs)

    monkeypatch.setattr(deadlines, "absence_count", another_sweep_first)
    window_expire_overdue(now=START + H48)
    assert other_sweep_ran
    assert Fault.objects.filter(participant=b).count() == 1
    assert Post.objects.filter(participant=b, automatic=True).count() == 1
    b.refresh_from_db()
    assert b.absence_faults == 1


def test_the_report_separates_several_absences_and_disqualifications_with_commas():
    report = SweepReport(expired_windows=[1], absences=[(1, "A"), (1, "B")], disqualified=[(1, "A"), (2, "C")])
    assert report.describe() == ("1 window(s) expired [1]; absence faults: duel 1 A, duel 1 B; "
                                 "disqualified: duel 1 A, duel 2 C")


def test_windows_are_expired_earliest_deadline_first():
    later, _r1, _p1 = started_duel(now=START + dt.timedelta(hours=1))  # created first, due an hour later
    earlier, _r2, _p2 = started_duel(now=START)
    report = window_expire_overdue(now=START + H48 + dt.timedelta(hours=1))
    assert report.expired_windows == [Window.objects.get(duel=earlier).pk, Window.objects.get(duel=later).pk]


def test_absentees_are_posted_for_in_the_order_of_their_deadlines():
    duel, referee, (a, b) = started_duel()
    request = exemption_request(duel=duel, by=a.duellist.user, reason="Examens",
                                wished_deadline=START + dt.timedelta(days=3))
    exemption_decide(exemption=request, by=referee, grant=True)
    report = window_expire_overdue(now=START + dt.timedelta(days=3))
    assert report.absences == [(duel.pk, b.engine_id), (duel.pk, a.engine_id)]
    assert [p.participant_id for p in Post.objects.order_by("order")] == [b.pk, a.pk]


def test_batches_of_one_window_expire_every_due_window_and_stop(monkeypatch):
    duels = [started_duel()[0] for _ in range(2)]
    monkeypatch.setattr(deadlines, "BATCH", 1)
    report = window_expire_overdue(now=START + H48)
    assert sorted(report.expired_windows) == sorted(Window.objects.get(duel=d).pk for d in duels)


FAILED_LOG = "Deadline sweep: window {} failed; it stays open for the next run."


def _failure_logs(caplog) -> list[str]:
    records = [r for r in caplog.records if r.name == deadlines.__name__]
    assert all(r.exc_info for r in records)  # with the traceback
    return [r.getMessage() for r in records]


def test_windows_that_fail_are_logged_skipped_and_the_sweep_goes_on_past_full_batches(monkeypatch, caplog):
    windows = [Window.objects.get(duel=started_duel()[0]).pk for _ in range(3)]

    def broken(**kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(deadlines, "BATCH", 2)
    monkeypatch.setattr(deadlines, "absence_count", broken)
    report = window_expire_overdue(now=START + H48)
    assert (report.expired_windows, report.failed_windows) == ([], windows)
    assert _failure_logs(caplog) == [FAILED_LOG.format(pk) for pk in windows]
    assert set(Window.objects.values_list("state", flat=True)) == {WindowState.OPEN}


def test_windows_that_fail_again_when_replayed_one_by_one_are_logged_and_skipped(monkeypatch, caplog):
    windows = [Window.objects.get(duel=started_duel()[0]).pk for _ in range(3)]

    def broken(objs, **kwargs):
        raise RuntimeError("statement refused")

    monkeypatch.setattr(deadlines, "BATCH", 2)
    monkeypatch.setattr(Fault.objects, "bulk_create", broken)
    report = window_expire_overdue(now=START + H48)
    assert (report.expired_windows, report.failed_windows) == ([], windows)
    assert _failure_logs(caplog) == [FAILED_LOG.format(pk) for pk in windows]
    assert not Post.objects.filter(automatic=True).exists()
