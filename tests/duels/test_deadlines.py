"""Deadlines with the clock pinned: absence faults, automatic posts, disqualification, exemptions, sweep."""
import datetime as dt

import pytest

from duels.models import DuelStatus, Exemption, Fault, Post, SlotStatus, Window, WindowState
from duels.services import (
    DuelError,
    exemption_decide,
    exemption_request,
    window_expire_overdue,
)
from rankings.models import Result
from tests.factories.duels import RefereeFactory
from tests.support.clock import H48, START
from tests.support.duels import declare, post, started_duel

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("clock")]


@pytest.fixture
def duel_ab():
    return started_duel()


def test_nothing_is_swept_before_the_deadline_and_the_deadline_instant_is_still_on_time(duel_ab, clock):
    clock.move_to(START + H48 - dt.timedelta(seconds=1), tick=False)
    assert window_expire_overdue().expired_windows == []


def test_a_missed_window_gives_an_absence_fault_and_an_automatic_pass(duel_ab, clock):
    duel, _referee, (a, b) = duel_ab
    post(duel, a, [{"move": 5}])
    clock.move_to(START + H48, tick=False)
    report = window_expire_overdue()
    window = Window.objects.get(duel=duel)
    assert report.expired_windows == [window.pk] and report.absences == [(duel.pk, b.engine_id)]
    assert window.state == WindowState.EXPIRED
    automatic = Post.objects.get(window=window, participant=b)
    assert automatic.automatic and automatic.steps == [] and automatic.order == 2
    fault = Fault.objects.get(participant=b)
    assert fault.kind == "absence" and fault.window == window and fault.recorded_by is None
    b.refresh_from_db()
    assert b.absence_faults == 1 and not b.disqualified
    duel.refresh_from_db()
    assert duel.status == DuelStatus.AWAITING_FIRST
    # Running the sweep again (or later) changes nothing.
    clock.move_to(START + H48 + dt.timedelta(minutes=5), tick=False)
    assert window_expire_overdue().expired_windows == []
    assert Fault.objects.count() == 1 and Post.objects.filter(window=window).count() == 2


def test_a_missed_defence_counts_as_doing_nothing(duel_ab, clock):
    from tests.support.duels import bet_for

    duel, referee, (a, b) = duel_ab
    post(duel, a, [{"cast": "bolt", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [])
    declare(duel, referee)
    clock.move_to(START + H48 * 2, tick=False)  # 48 h after the first declaration, published at START
    window_expire_overdue()
    defence = Window.objects.get(duel=duel, phase="defence")
    assert Post.objects.get(window=defence).steps == [{"nothing": True}]
    declare(duel, referee)
    assert any(e["kind"] == "hit" for e in duel.windows.get(phase="defence").declaration.events)


def test_three_absence_faults_disqualify_and_end_a_1v1_duel(duel_ab, clock):
    duel, referee, (a, b) = duel_ab
    now = START
    for turn in (1, 2, 3):
        post(duel, a, [])
        now += H48
        clock.move_to(now, tick=False)
        report = window_expire_overdue()
        assert report.absences == [(duel.pk, b.engine_id)]
        if turn < 3:
            assert report.disqualified == []
            declare(duel, referee)
    assert report.disqualified == [(duel.pk, b.engine_id)] and report.finished_duels == [duel.pk]
    b.refresh_from_db()
    duel.refresh_from_db()
    assert b.absence_faults == 3 and b.disqualified
    assert duel.status == DuelStatus.FINISHED and duel.winner_team == 1
    assert Result.objects.get(participant=b).outcome == "disqualified"
    assert Result.objects.get(participant=a).outcome == "win"
    assert "disqualifié" in Fault.objects.filter(participant=b).last().note


def test_two_missing_duellists_are_both_faulted_in_one_claim(duel_ab, clock):
    duel, _referee, (a, b) = duel_ab
    clock.move_to(START + H48, tick=False)
    report = window_expire_overdue()
    assert sorted(report.absences) == sorted([(duel.pk, a.engine_id), (duel.pk, b.engine_id)])
    assert sorted(Post.objects.values_list("order", flat=True)) == [1, 2]


class TestExemptions:
    def test_granted_exemption_moves_the_duellists_deadline_and_the_window_waits(self, duel_ab, clock):
        duel, referee, (a, b) = duel_ab
        wished = START + dt.timedelta(days=4)
        request = exemption_request(duel=duel, by=b.duellist.user, reason="Examens", wished_deadline=wished)
        exemption_decide(exemption=request, by=referee, grant=True)
        b.refresh_from_db()
        assert b.exemption_used
        window = Window.objects.get(duel=duel)
        assert window.due_at == wished
        assert window.slots.get(participant=b).deadline == wished
        clock.move_to(START + H48 + dt.timedelta(hours=1), tick=False)
        assert window_expire_overdue().expired_windows == []  # b still has time
        with pytest.raises(DuelError) as caught:
            post(duel, a, [])  # but a is late
        assert caught.value.code == "deadline-passed"
        post(duel, b, [])
        report = window_expire_overdue()  # now only late a is missing: the window is due at a's deadline
        assert report.absences == [(duel.pk, a.engine_id)]

    def test_the_new_deadline_is_at_most_5_days_after_the_referee_post(self, duel_ab):
        duel, referee, (_a, b) = duel_ab
        with pytest.raises(DuelError) as caught:
            exemption_request(duel=duel, by=b.duellist.user, reason="Vacances",
                              wished_deadline=START + dt.timedelta(days=5, seconds=1))
        assert caught.value.code == "exemption-too-late" and "5 jours" in caught.value.message
        with pytest.raises(DuelError) as caught:
            exemption_request(duel=duel, by=b.duellist.user, reason="Vacances", wished_deadline=START + H48)
        assert caught.value.code == "exemption-not-later"
        request = exemption_request(duel=duel, by=b.duellist.user, reason="Vacances",
                                    wished_deadline=START + dt.timedelta(days=5))
        with pytest.raises(DuelError) as caught:
            exemption_decide(exemption=request, by=referee, grant=True,
                             deadline=START + dt.timedelta(days=6))
        assert caught.value.code == "exemption-too-late"

    def test_one_exemption_per_duellist_per_duel_a_refused_one_may_be_asked_again(self, duel_ab):
        duel, referee, (_a, b) = duel_ab
        wished = START + dt.timedelta(days=3)
        request = exemption_request(duel=duel, by=b.duellist.user, reason="Malade", wished_deadline=wished)
        with pytest.raises(DuelError) as caught:
            exemption_request(duel=duel, by=b.duellist.user, reason="Encore", wished_deadline=wished)
        assert caught.value.code == "exemption-already-used"
        exemption_decide(exemption=request, by=referee, grant=False)
        with pytest.raises(DuelError) as caught:
            exemption_decide(exemption=request, by=referee, grant=True)
        assert caught.value.code == "exemption-not-pending"
        again = exemption_request(duel=duel, by=b.duellist.user, reason="Malade, certificat", wished_deadline=wished)
        exemption_decide(exemption=again, by=referee, grant=True)
        with pytest.raises(DuelError) as caught:
            exemption_request(duel=duel, by=b.duellist.user, reason="Encore", wished_deadline=wished)
        assert caught.value.code == "exemption-already-used"
        assert Exemption.objects.filter(participant=b, status="granted").count() == 1

    def test_exemption_refusals(self, duel_ab, clock):
        duel, referee, (a, b) = duel_ab
        wished = START + dt.timedelta(days=3)
        with pytest.raises(DuelError) as caught:
            exemption_request(duel=duel, by=b.duellist.user, reason="  ", wished_deadline=wished)
        assert caught.value.code == "reason-required"
        post(duel, a, [])
        with pytest.raises(DuelError) as caught:
            exemption_request(duel=duel, by=a.duellist.user, reason="Oups", wished_deadline=wished)
        assert caught.value.code == "not-expected"
        request = exemption_request(duel=duel, by=b.duellist.user, reason="Oups", wished_deadline=wished)
        with pytest.raises(DuelError) as caught:
            exemption_decide(exemption=request, by=RefereeFactory(), grant=True)
        assert caught.value.code == "not-referee"
        clock.move_to(START + H48, tick=False)
        window_expire_overdue()
        with pytest.raises(DuelError) as caught:
            exemption_decide(exemption=request, by=referee, grant=True)
        assert caught.value.code == "exemption-window-closed"

    def test_no_exemption_after_ones_deadline(self, duel_ab, clock):
        duel, _referee, (a, _b) = duel_ab
        clock.move_to(START + H48 + dt.timedelta(seconds=1), tick=False)
        with pytest.raises(DuelError) as caught:
            exemption_request(duel=duel, by=a.duellist.user, reason="Trop tard",
                              wished_deadline=START + dt.timedelta(days=3))
        assert caught.value.code == "deadline-passed"


def test_the_sweep_reports_and_skips_a_failing_window_leaving_it_open(duel_ab, clock, monkeypatch):
    duel, _referee, _participants = duel_ab
    import duels.services.deadlines as deadlines

    def boom(**kwargs):
        raise RuntimeError("disk full")

    monkeypatch.setattr(deadlines, "absence_count", boom)
    clock.move_to(START + H48, tick=False)
    report = window_expire_overdue()
    window = Window.objects.get(duel=duel)
    assert report.failed_windows == [window.pk] and report.expired_windows == []
    assert window.state == WindowState.OPEN and not Fault.objects.exists()
    assert window.slots.filter(status=SlotStatus.WAITING).count() == 2
