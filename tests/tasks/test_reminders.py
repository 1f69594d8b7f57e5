"""Reminders 24 h and 6 h before a duellist's deadline, to those who have not posted, each sent once."""
import datetime as dt

import pytest

from accounts.models import Notification
from duels.models import WindowSlot
from duels.services import exemption_decide, exemption_request
from duels.services.reminders import reminders_send
from duels.tasks import send_reminders
from tests.support.clock import H48, START
from tests.support.duels import post, started_duel

pytestmark = pytest.mark.django_db
H = dt.timedelta(hours=1)
SECOND = dt.timedelta(seconds=1)


def reminders(user):
    return list(Notification.objects.filter(user=user, kind="reminder").order_by("id").values_list("message", flat=True))


@pytest.fixture
def duel_ab(clock):
    duel, referee, (a, b) = started_duel()
    post(duel, a, [])  # a has posted: never reminded
    return duel, referee, (a, b)


def test_reminders_go_out_at_24h_and_6h_before_the_deadline_once_each(duel_ab, clock):
    _duel, _referee, (a, b) = duel_ab
    clock.move_to(START + H48 - 24 * H - SECOND, tick=False)
    assert send_reminders.delay().get() == 0  # not before
    assert reminders(b.duellist.user) == []

    clock.move_to(START + H48 - 24 * H, tick=False)
    assert send_reminders.delay().get() == 1
    assert send_reminders.delay().get() == 0  # not twice
    clock.move_to(START + H48 - 7 * H, tick=False)
    assert send_reminders.delay().get() == 0
    [first] = reminders(b.duellist.user)
    assert "rappel" in first and "3 juin 2026 22:00" in first  # the deadline, in Paris time

    clock.move_to(START + H48 - 6 * H, tick=False)
    assert reminders_send().sent == [(WindowSlot.objects.get(participant=b).pk, "6h")]
    assert reminders_send().sent == []
    clock.move_to(START + H48, tick=False)  # the deadline itself: nothing more
    assert send_reminders.delay().get() == 0
    assert len(reminders(b.duellist.user)) == 2 and reminders(a.duellist.user) == []
    slot = WindowSlot.objects.get(participant=b)
    assert slot.reminded_24h_at == START + H48 - 24 * H and slot.reminded_6h_at == START + H48 - 6 * H


def test_a_slot_first_seen_inside_6h_gets_one_reminder_not_two(duel_ab, clock):
    """The scheduler was down for a day: one 6 h reminder, not a burst of both."""
    _duel, _referee, (_a, b) = duel_ab
    clock.move_to(START + H48 - 3 * H, tick=False)
    assert [label for _slot, label in reminders_send().sent] == ["6h"]
    assert reminders_send().sent == []
    assert len(reminders(b.duellist.user)) == 1


def test_no_reminder_once_posted_or_past_the_deadline(clock):
    duel, _referee, (a, b) = started_duel()
    clock.move_to(START + H48 - 10 * H, tick=False)
    post(duel, a, [])
    clock.move_to(START + H48 + SECOND, tick=False)  # b is late; the sweep's job now, not a reminder
    assert reminders_send().sent == []
    assert Notification.objects.filter(kind="reminder").count() == 0


def test_a_granted_exemption_moves_the_reminders_to_the_new_deadline(duel_ab, clock, committed):
    duel, referee, (_a, b) = duel_ab
    clock.move_to(START + H48 - 24 * H, tick=False)
    assert len(reminders_send().sent) == 1  # 24 h before the first deadline
    new_deadline = START + dt.timedelta(days=4)
    request = exemption_request(duel=duel, by=b.duellist.user, reason="Stage", wished_deadline=new_deadline)
    with committed():
        exemption_decide(exemption=request, by=referee, grant=True)
    clock.move_to(START + H48 - 6 * H, tick=False)
    assert reminders_send().sent == []  # the old 6 h mark no longer matters
    clock.move_to(new_deadline - 24 * H, tick=False)
    assert [label for _slot, label in reminders_send().sent] == ["24h"]
    clock.move_to(new_deadline - 6 * H, tick=False)
    assert [label for _slot, label in reminders_send().sent] == ["6h"]
    messages = reminders(b.duellist.user)
    assert len(messages) == 3 and "5 juin 2026 22:00" in messages[-1]
