"""Notices, stored with the action that causes them: players when a window opens and about their exemptions; the referee when every
post is in, when a window expired (with the faults) and when an exemption is asked."""
import datetime as dt

import pytest

from accounts.models import Notification
from duels.models import Exemption, Fault, Window, WindowState
from duels.services import DuelError, exemption_decide, exemption_request
from duels.tasks import sweep_deadlines
from tests.support.clock import H48, START
from tests.support.clubs import club_path
from tests.support.duels import post, started_duel

pytestmark = pytest.mark.django_db


def notices(user, kind):
    return list(Notification.objects.filter(user=user, kind=kind).order_by("id").values_list("message", flat=True))


def test_players_are_told_a_window_opened_with_their_deadline(clock, committed):
    with committed():
        duel, referee, (a, b) = started_duel()
    for participant in (a, b):
        [opened] = [m for m in notices(participant.duellist.user, "duel") if "poster" in m]
        assert "le duel commence ! À vous de poster" in opened and "3 juin 2026 22:00" in opened
        assert "tour 1, phase d'action" in opened
    assert set(Notification.objects.filter(message__contains="poster").values_list("url", flat=True)) == {
        club_path(f"/duels/{duel.pk}/#agir")}  # straight to the form, in the duel's club
    assert notices(referee, "duel") == []


def test_the_referee_is_told_once_when_every_post_is_in(clock, committed):
    duel, referee, (a, b) = started_duel()
    with committed():
        post(duel, a, [])
    assert notices(referee, "declaration_due") == []
    with committed():
        post(duel, b, [])
    [due] = notices(referee, "declaration_due")
    assert "déclaration est à rédiger" in due


def test_exemptions_end_to_end_one_per_duel_at_most_5_days_with_notices(clock, committed):
    duel, referee, (a, b) = started_duel()
    user = b.duellist.user
    post(duel, a, [])
    with pytest.raises(DuelError) as caught, committed():
        exemption_request(duel=duel, by=user, reason="Vacances", wished_deadline=START + dt.timedelta(days=5, seconds=1))
    assert caught.value.code == "exemption-too-late" and notices(referee, "exemption") == []

    with committed():
        first = exemption_request(duel=duel, by=user, reason="Vacances", wished_deadline=START + dt.timedelta(days=5))
    [asked] = notices(referee, "exemption")
    assert str(b.duellist) in asked and "Vacances" in asked and "6 juin 2026 22:00" in asked
    with committed():
        exemption_decide(exemption=first, by=referee, grant=False)
    assert "refusée" in notices(user, "exemption")[0]

    with committed():
        second = exemption_request(duel=duel, by=user, reason="Examens", wished_deadline=START + dt.timedelta(days=5))
    with pytest.raises(DuelError) as caught:  # the referee may shorten it, never past 5 days
        exemption_decide(exemption=second, by=referee, grant=True, deadline=START + dt.timedelta(days=6))
    assert caught.value.code == "exemption-too-late"
    with committed():
        exemption_decide(exemption=second, by=referee, grant=True, deadline=START + dt.timedelta(days=3))
    assert "accordée" in notices(user, "exemption")[-1] and "4 juin 2026 22:00" in notices(user, "exemption")[-1]
    with pytest.raises(DuelError) as caught:
        exemption_request(duel=duel, by=user, reason="Encore", wished_deadline=START + dt.timedelta(days=4))
    assert caught.value.code == "exemption-already-used"
    assert len(notices(referee, "exemption")) == 2 and Exemption.objects.filter(status="granted").count() == 1

    # The window now waits for b until the granted deadline, then the sweep faults b and tells the referee.
    clock.move_to(START + H48 + dt.timedelta(hours=1), tick=False)
    assert sweep_deadlines.delay().get() == []
    clock.move_to(START + dt.timedelta(days=3), tick=False)
    with committed():
        assert len(sweep_deadlines.delay().get()) == 1
    assert Window.objects.get(duel=duel).state == WindowState.EXPIRED
    assert Fault.objects.get(participant=b).kind == "absence"
    [expired] = notices(referee, "window_expired")
    assert str(b.duellist) in expired and "1/3" in expired and "déclaration est à rédiger" in expired


def test_a_notice_is_stored_in_the_action_transaction_and_once_even_if_asked_again(
    clock, django_capture_on_commit_callbacks
):
    from duels.services.notices import window_opened_notify

    with django_capture_on_commit_callbacks(execute=False):  # nothing run after commit
        duel, _referee, (a, b) = started_duel()
    window = Window.objects.get(duel=duel)
    for participant in (a, b):
        assert len([m for m in notices(participant.duellist.user, "duel") if "poster" in m]) == 1
    assert window_opened_notify(window_id=window.pk) == 0
    assert len([m for m in notices(a.duellist.user, "duel") if "poster" in m]) == 1
