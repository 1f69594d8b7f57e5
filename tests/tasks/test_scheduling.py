"""A window's expiry task is queued after commit, for its deadline (and again when the deadline moves)."""
import datetime as dt
from unittest import mock

import pytest
from django.db import transaction
from kombu.exceptions import OperationalError as BrokerError

from accounts.models import Notification
from duels.models import Window
from duels.services import declaration_prepare, declaration_publish, exemption_decide, exemption_request
from duels.tasks import window_expire
from tests.support.clock import H48, START
from tests.support.duels import post, started_duel

pytestmark = pytest.mark.django_db


@pytest.fixture
def apply_async():
    with mock.patch.object(window_expire, "apply_async") as patched:
        yield patched


def test_the_start_signal_queues_the_expiry_at_the_deadline_only_after_commit(
    clock, apply_async, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        duel, _referee, _participants = started_duel()
        apply_async.assert_not_called()  # nothing leaves before the transaction commits
    for callback in callbacks:
        callback()
    window = Window.objects.get(duel=duel)
    assert window.due_at == START + H48
    apply_async.assert_called_once_with(args=[window.pk], eta=START + H48)


def test_publishing_a_declaration_queues_the_next_windows_expiry(clock, apply_async, committed):
    duel, referee, (a, b) = started_duel()
    post(duel, a, [])
    clock.move_to(START + dt.timedelta(hours=5), tick=False)
    post(duel, b, [])
    published_at = START + dt.timedelta(hours=7)
    clock.move_to(published_at, tick=False)
    draft = declaration_prepare(duel=duel, by=referee)
    with committed():
        declaration_publish(declaration=draft, by=referee)
    nxt = Window.objects.get(duel=duel, turn=2)
    apply_async.assert_called_once_with(args=[nxt.pk], eta=published_at + H48)


def test_a_rolled_back_opening_queues_nothing(clock, apply_async, committed):
    duel, referee, (a, b) = started_duel()
    post(duel, a, [])
    post(duel, b, [])
    draft = declaration_prepare(duel=duel, by=referee)
    with committed() as callbacks, pytest.raises(RuntimeError), transaction.atomic():
        declaration_publish(declaration=draft, by=referee)
        raise RuntimeError("the request failed after the service")
    assert callbacks == []
    apply_async.assert_not_called()
    assert not Window.objects.filter(duel=duel, turn=2).exists()


def test_a_granted_exemption_queues_the_expiry_at_the_new_deadline(clock, apply_async, committed):
    duel, referee, (a, b) = started_duel()
    post(duel, a, [])
    exemption = exemption_request(duel=duel, by=b.duellist.user, reason="Partiels", wished_deadline=START + dt.timedelta(days=4))
    with committed():
        exemption_decide(exemption=exemption, by=referee, grant=True)
    window = Window.objects.get(duel=duel)
    assert window.due_at == START + dt.timedelta(days=4)
    apply_async.assert_called_once_with(args=[window.pk], eta=START + dt.timedelta(days=4))


def test_a_broker_outage_never_undoes_the_committed_service(clock, apply_async, committed, caplog):
    """The queued message is lost, the duel goes on; the minute sweep is the backstop."""
    apply_async.side_effect = BrokerError("Redis unreachable")
    with committed():
        duel, _referee, (a, _b) = started_duel()
    assert Window.objects.filter(duel=duel, state="open").exists()
    assert Notification.objects.filter(user=a.duellist.user, kind="duel").exists()  # the other notices still go
    assert "Redis unreachable" in caplog.text
