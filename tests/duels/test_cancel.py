"""duel_cancel: a duel that never started is cancelled by its referee (or staff), with a reason; its
duellists are told and may register again at once; a cancellation is not an ending (no wand rest)."""
import datetime as dt

import pytest
from django.contrib.auth import get_user_model
from django.utils import translation

from accounts.models import Notification
from duels.models import DuelFormat, DuelStatus
from duels.selectors.wand_rest import wand_rest_remaining
from duels.services import (
    DuelError,
    duel_cancel,
    forfeit,
    magic_types_choose,
    referee_assign,
    registration_create,
)
from tests.factories.duels import DuellistFactory, RefereeFactory
from tests.support.clubs import club_path
from tests.support.duels import finished_duel, matched_duel, started_duel
from tests.support.permissions import staff_referee

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def french():
    """The messages checked here are the French ones, whatever ran before in this process."""
    with translation.override("fr"):
        yield


def staff():
    return staff_referee(username=f"staff{get_user_model().objects.count()}")


def duel_in(status: str):
    """A duel of two duellists at `status` (matched, setup or ready), with its referee (None if matched)."""
    duel = matched_duel()
    if status == DuelStatus.MATCHED:
        return duel, None
    referee = RefereeFactory()
    referee_assign(duel=duel, referee=referee, by=referee)
    if status == DuelStatus.READY:
        for p in duel.participants.select_related("duellist__user"):
            magic_types_choose(participant=p, types=["malefices"], by=p.duellist.user)
    duel.refresh_from_db()
    assert duel.status == status
    return duel, referee


def refused(duel, by, reason="Un duelliste a quitté le forum.") -> DuelError:
    before = duel.__class__.objects.values().get(pk=duel.pk)
    with pytest.raises(DuelError) as caught:
        duel_cancel(duel=duel, by=by, reason=reason)
    assert duel.__class__.objects.values().get(pk=duel.pk) == before  # nothing changed
    return caught.value


@pytest.mark.parametrize("status", [DuelStatus.SETUP, DuelStatus.READY])
def test_the_referee_cancels_a_duel_not_yet_started_with_who_when_and_why(status):
    duel, referee = duel_in(status)
    cancelled = duel_cancel(duel=duel, by=referee, reason="  Appariement erroné.  ")
    duel.refresh_from_db()
    assert duel.status == DuelStatus.CANCELLED == cancelled.status
    assert duel.cancelled_by == referee and duel.cancelled_at is not None
    assert duel.cancel_reason == "Appariement erroné."
    assert duel.finished_at is None and duel.winner_team is None and not duel.is_draw  # not an ending


def test_staff_cancel_any_duel_even_one_waiting_for_a_referee():
    duel, _ = duel_in(DuelStatus.MATCHED)
    duel_cancel(duel=duel, by=staff(), reason="Doublon.")
    duel.refresh_from_db()
    assert duel.status == DuelStatus.CANCELLED and duel.referee is None


def test_players_and_other_referees_are_refused():
    duel, _referee = duel_in(DuelStatus.SETUP)
    player = duel.participants.select_related("duellist__user").first().duellist.user
    for who in (player, RefereeFactory()):
        error = refused(duel, who)
        assert error.code == "not-referee" and "Seul l'arbitre de ce duel" in error.message


def test_a_started_or_finished_duel_cannot_be_cancelled():
    duel, referee, (a, b) = started_duel()
    error = refused(duel, referee)
    assert error.code == "duel-already-started" and "déjà commencé" in error.message
    forfeit(duel=duel, by=b.duellist.user)
    duel.refresh_from_db()
    assert duel.status == DuelStatus.FINISHED
    error = refused(duel, staff())
    assert error.code == "duel-already-over" and "déjà terminé ou annulé" in error.message


@pytest.mark.parametrize("reason", ["", "   ", None])
def test_a_reason_is_required(reason):
    duel, referee = duel_in(DuelStatus.READY)
    error = refused(duel, referee, reason=reason)
    assert error.code == "cancel-reason-required" and "motif" in error.message


def test_cancelling_twice_is_refused_and_changes_nothing(django_capture_on_commit_callbacks):
    duel, referee = duel_in(DuelStatus.SETUP)
    duel_cancel(duel=duel, by=referee, reason="Premier motif.")
    with django_capture_on_commit_callbacks() as callbacks:
        error = refused(duel, staff(), reason="Second motif.")
    assert error.code == "duel-already-over" and callbacks == []
    duel.refresh_from_db()
    assert duel.cancel_reason == "Premier motif." and duel.cancelled_by == referee


def test_the_duellists_register_again_at_once_and_are_not_resting():
    duel, referee = duel_in(DuelStatus.READY)
    duellists = [p.duellist for p in duel.participants.select_related("duellist")]
    with pytest.raises(DuelError) as caught:
        registration_create(duellist=duellists[0], kind="non_rp", format=DuelFormat.ONE_V_ONE, year=3)
    assert caught.value.code == "already-in-duel"
    duel_cancel(duel=duel, by=referee, reason="Appariement erroné.")
    for duellist in duellists:
        assert wand_rest_remaining(duellist=duellist) == 0
        registration_create(duellist=duellist, kind="non_rp", format=DuelFormat.ONE_V_ONE, year=3)


def test_a_cancelled_duel_does_not_count_toward_anyone_elses_wand_rest():
    moment = dt.datetime(2026, 1, 1, tzinfo=dt.UTC)
    resting = DuellistFactory()
    finished_duel(resting, at=moment)
    for day in (1, 2, 3):
        finished_duel(at=moment + dt.timedelta(days=day))
    assert wand_rest_remaining(duellist=resting) == 1
    duel, referee = duel_in(DuelStatus.SETUP)
    duel_cancel(duel=duel, by=referee, reason="Appariement erroné.")
    assert wand_rest_remaining(duellist=resting) == 1  # the cancelled duel did not end
    finished_duel(at=moment + dt.timedelta(days=4))
    assert wand_rest_remaining(duellist=resting) == 0


def test_each_duellist_is_told_once_in_the_cancel_transaction_with_the_reason(django_capture_on_commit_callbacks):
    from duels.services.notices import duel_cancelled_notify

    duel, referee = duel_in(DuelStatus.SETUP)
    users = [p.duellist.user for p in duel.participants.select_related("duellist__user")]
    cancelled = Notification.objects.filter(dedupe_key__contains=":cancelled:")
    with django_capture_on_commit_callbacks() as callbacks:
        duel_cancel(duel=duel, by=referee, reason="Un duelliste a quitté le forum.")
        assert cancelled.count() == len(users)  # stored with the cancel, before the commit
    for callback in callbacks:
        callback()
    assert duel_cancelled_notify(duel_id=duel.pk) == 0  # asked again: stored once
    for user in users:
        [notice] = cancelled.filter(user=user)
        assert notice.kind == Notification.Kind.DUEL and notice.url == club_path(f"/duels/{duel.pk}/")
        assert "annulé" in notice.message and "Un duelliste a quitté le forum." in notice.message
    assert cancelled.count() == len(users)  # the referee is not told (they did it)
