"""Delivery against a real receiver: Retry-After, backoff up to the limit, a deleted webhook disabled and
staff told, a dead worker's claim taken back, and a hanging receiver never holding a duellist's post."""
import datetime as dt
import time

import pytest
from django.core import mail
from django.db import transaction

from accounts.models import Notification
from duels.services import duel_start, magic_types_choose, referee_assign
from tests.factories.accounts import UserFactory
from tests.factories.duels import TEST_SPELLS, RefereeFactory
from tests.support.clubs import make_club_staff, other_club
from tests.support.duels import RP_TEXT, matched_duel, started_duel
from tests.webhooks.conftest import WEBHOOKS_START, Reply
from webhooks.models import Delivery, DeliveryStatus, EventKind, WebhookKind
from webhooks.services import announce, deliveries_retry_due, delivery_attempt
from webhooks.services.delivery import LEASE, background_senders_join
from webhooks.services.transport import NO_ANSWER

pytestmark = pytest.mark.django_db


def one_delivery(make_webhook, **webhook) -> Delivery:
    make_webhook(kind=WebhookKind.SIGNED, events=[EventKind.DUEL_STARTED], **webhook)
    started_duel()
    (delivery,) = Delivery.objects.all()
    return delivery


def refreshed(delivery: Delivery) -> Delivery:
    delivery.refresh_from_db()
    return delivery


def test_429_waits_for_retry_after_then_succeeds(webhooks_clock, receiver, make_webhook):
    delivery = one_delivery(make_webhook)
    receiver.reply(Reply(429, {"Retry-After": "30"}), Reply(204))

    assert delivery_attempt(delivery_id=delivery.pk) == DeliveryStatus.PENDING
    delivery = refreshed(delivery)
    assert delivery.last_status_code == 429 and delivery.next_try_at == WEBHOOKS_START + dt.timedelta(seconds=30)

    webhooks_clock.move_to(WEBHOOKS_START + dt.timedelta(seconds=29), tick=False)
    assert deliveries_retry_due().describe() == "no webhook delivery due"
    assert len(receiver.requests) == 1

    webhooks_clock.move_to(WEBHOOKS_START + dt.timedelta(seconds=31), tick=False)
    assert deliveries_retry_due().sent == 1
    first, second = receiver.wait_for(2)
    assert first.body == second.body
    delivery = refreshed(delivery)
    assert (delivery.status, delivery.attempts, delivery.last_status_code) == (DeliveryStatus.SENT, 2, 204)
    assert delivery.sent_at == WEBHOOKS_START + dt.timedelta(seconds=31)


def test_5xx_retries_with_a_growing_delay_up_to_the_limit(webhooks_clock, receiver, make_webhook, settings):
    settings.WEBHOOK_MAX_ATTEMPTS = 3
    delivery = one_delivery(make_webhook)
    receiver.reply(Reply(502), Reply(503), Reply(500))
    waits = []
    for _attempt in range(3):
        delivery_attempt(delivery_id=refreshed(delivery).pk)
        delivery = refreshed(delivery)
        if delivery.next_try_at:
            waits.append(delivery.next_try_at - WEBHOOKS_START)
            webhooks_clock.move_to(delivery.next_try_at, tick=False)
    assert waits == [dt.timedelta(seconds=30), dt.timedelta(seconds=30 + 60)]
    assert (delivery.status, delivery.attempts, delivery.last_status_code) == (DeliveryStatus.FAILED, 3, 500)
    assert deliveries_retry_due().describe() == "no webhook delivery due"  # failed: never sent again


def test_404_disables_the_webhook_and_tells_staff(webhooks_clock, receiver, make_webhook, django_capture_on_commit_callbacks):
    staff = make_club_staff(UserFactory(username="staff", email="staff@example.org"))  # the webhook's club's
    UserFactory(username="operator", is_staff=True, email="operator@example.org")  # the platform's: not told
    make_club_staff(UserFactory(username="elsewhere", email="elsewhere@example.org"), other_club())
    delivery = one_delivery(make_webhook, name="Salon #duels")
    later = Delivery.objects.create(webhook=delivery.webhook, event=delivery.event, payload=delivery.payload,
                                    created_at=WEBHOOKS_START, next_try_at=WEBHOOKS_START)
    receiver.reply(Reply(404))
    with django_capture_on_commit_callbacks(execute=True):
        assert delivery_attempt(delivery_id=delivery.pk) == DeliveryStatus.FAILED

    webhook = refreshed(delivery).webhook
    webhook.refresh_from_db()
    assert not webhook.enabled and webhook.disabled_reason == "HTTP 404"
    assert refreshed(later).status == DeliveryStatus.FAILED  # nothing more goes to a deleted webhook
    (notice,) = Notification.objects.filter(user=staff)
    assert "Salon #duels" in notice.message and "désactivé" in notice.message
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["staff@example.org"]
    assert deliveries_retry_due().describe() == "no webhook delivery due"
    started_duel()  # a disabled webhook gets no new deliveries
    assert Delivery.objects.count() == 2


def test_a_timeout_is_retried_later(webhooks_clock, receiver, make_webhook, settings):
    settings.WEBHOOK_DEADLINE_SECONDS = 0.3
    delivery = one_delivery(make_webhook)
    receiver.reply(Reply(hang=True))
    assert delivery_attempt(delivery_id=delivery.pk) == DeliveryStatus.PENDING
    delivery = refreshed(delivery)
    assert delivery.last_status_code is None and delivery.last_error == NO_ANSWER
    assert delivery.next_try_at == WEBHOOKS_START + dt.timedelta(seconds=30)


def test_a_claim_left_by_a_dead_sender_is_taken_back_after_its_lease(webhooks_clock, receiver, make_webhook):
    delivery = one_delivery(make_webhook)
    Delivery.objects.filter(pk=delivery.pk).update(status=DeliveryStatus.SENDING, attempts=1,
                                                   next_try_at=WEBHOOKS_START + LEASE)  # claimed, then the worker died
    assert delivery_attempt(delivery_id=delivery.pk) is None  # still held
    webhooks_clock.move_to(WEBHOOKS_START + LEASE, tick=False)
    assert deliveries_retry_due().sent == 1
    assert refreshed(delivery).attempts == 2 and len(receiver.wait_for(1)) == 1


def test_a_rolled_back_action_stores_and_sends_nothing(webhooks_clock, make_webhook):
    make_webhook(kind=WebhookKind.SIGNED, events=[EventKind.DUEL_STARTED])
    duel, _referee, _participants = started_duel()
    Delivery.objects.all().delete()
    with pytest.raises(RuntimeError), transaction.atomic():
        announce(EventKind.DUEL_STARTED, duel, window=duel.windows.get())
        assert Delivery.objects.count() == 1
        raise RuntimeError("the service failed after announcing")
    assert Delivery.objects.count() == 0


def test_a_broken_announcement_never_breaks_the_duel_action(webhooks_clock, make_webhook, monkeypatch):
    make_webhook(kind=WebhookKind.SIGNED, events=[EventKind.DUEL_STARTED])
    from webhooks.services import announcements

    def broken(*args, **kwargs):
        raise ValueError("bug")

    monkeypatch.setattr(announcements, "announcement_build", broken)
    duel, _referee, _participants = started_duel()
    assert duel.status == "action" and Delivery.objects.count() == 0


@pytest.mark.django_db(transaction=True)
def test_a_hanging_receiver_does_not_delay_post_submit(receiver, make_webhook, settings):
    """Without a broker the deliveries go out from a background thread after commit: the post returns
    at once while the receiver holds the request until the client's timeout."""
    settings.WEBHOOK_DEADLINE_SECONDS = 3
    make_webhook(kind=WebhookKind.SIGNED, events=[EventKind.POST_PUBLISHED])
    duel, _referee, (a, _b) = started_duel()
    receiver.reply(Reply(hang=True))
    from duels.services import post_submit

    began = time.monotonic()
    post_submit(duel=duel, user=a.duellist.user, rp_text=RP_TEXT, steps=[])
    took = time.monotonic() - began
    receiver.wait_for(1)  # the request did go out, and is being held
    assert took < 1.0, f"post_submit took {took:.2f} s while the receiver hangs"
    background_senders_join()
    (delivery,) = Delivery.objects.all()
    assert delivery.status == DeliveryStatus.PENDING and delivery.last_error == NO_ANSWER  # retried later


@pytest.mark.django_db(transaction=True)
def test_without_a_broker_deliveries_go_out_in_process_after_commit(receiver, make_webhook):
    make_webhook(kind=WebhookKind.DISCORD, events=[EventKind.DUEL_MATCHED, EventKind.DUEL_STARTED])
    duel = matched_duel()
    receiver.wait_for(1)
    # The test database (SQLite in memory, shared cache) locks whole tables without waiting: the next
    # action waits for the first sender (a file database, as `make run` has, waits by itself).
    background_senders_join()
    referee = RefereeFactory()
    referee_assign(duel=duel, referee=referee, by=referee)
    for participant in duel.participants.select_related("duellist__user"):
        magic_types_choose(participant=participant, types=["malefices"], by=participant.duellist.user)
    duel_start(duel=duel, by=referee, spells=TEST_SPELLS)
    receiver.wait_for(2)
    background_senders_join()
    assert set(Delivery.objects.values_list("status", flat=True)) == {DeliveryStatus.SENT}
