"""End to end: a real `celery -A config worker` takes a webhook delivery from Redis and posts it to the
loopback receiver, signed; and the docker-compose.yml workers keep slow receivers away from the deadline
sweep. Skipped without Redis, and on SQLite (the worker process cannot see pytest-django's in-memory
database); run it with DATABASE_URL=postgres://…"""
import datetime as dt
import os
import time
from unittest import mock

import pytest
from django.utils import timezone

from duels.models import Window, WindowState
from duels.tasks import sweep_deadlines
from tests.support.duels import post, started_duel
from tests.support.real_worker import (
    celery_worker,
    compose_workers,
    send_routed,
    send_through_redis,
    wait_for_log,
    wait_for_worker,
    worker_log,
)
from tests.webhooks.conftest import SECRET
from webhooks.models import Delivery, DeliveryStatus, EventKind, WebhookKind
from webhooks.services.delivery import signature
from webhooks.services.transport import NO_ANSWER
from webhooks.tasks import webhook_deliver

REDIS_URL = os.environ.get("WEBHOOKS_TEST_REDIS_URL", "redis://127.0.0.1:6379/4")

pytestmark = [pytest.mark.redis, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def worker(tmp_path):
    with celery_worker(tmp_path, REDIS_URL, queue_prefix="estrade-webhooks-test",
                       env={"SITE_URL": "https://estrade.example"}) as running:
        yield running


def test_a_real_worker_delivers_a_signed_webhook_through_redis(worker, receiver, make_webhook):
    queue, process, log = worker
    make_webhook(kind=WebhookKind.SIGNED, events=[EventKind.DUEL_STARTED])
    with mock.patch("webhooks.services.storing.deliveries_queue"):  # no in-process sending while setting up
        duel, _referee, _participants = started_duel()
    (delivery,) = Delivery.objects.all()
    assert delivery.status == DeliveryStatus.PENDING

    send_through_redis(webhook_deliver, [delivery.pk], queue=queue, redis_url=REDIS_URL)
    wait_for_worker(lambda: Delivery.objects.filter(pk=delivery.pk, status=DeliveryStatus.SENT).exists(),
                    process, log, what="delivered")

    (request,) = receiver.requests
    assert request.headers["X-Estrade-Event"] == EventKind.DUEL_STARTED
    assert request.headers["X-Estrade-Signature"] == signature(SECRET, request.body)
    assert request.json["duel"]["id"] == duel.pk
    assert "webhooks.tasks.webhook_deliver" in worker_log(log)


SLOW_RECEIVERS = 4  # as many as the `webhooks` worker's processes (docker-compose.yml): every one is held
DEADLINE_SECONDS = 10  # settings.WEBHOOK_DEADLINE_SECONDS, the workers' default


@pytest.fixture
def compose(tmp_path):
    with compose_workers(tmp_path, REDIS_URL, ("worker", "webhooks"),
                         env={"SITE_URL": "https://estrade.example"}) as running:
        yield running


def until(condition, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, f"not {what} after {timeout} s"
        time.sleep(0.1)  # polling, bounded by the deadline above


def test_receivers_dribbling_a_byte_every_2_s_hold_the_webhooks_worker_never_the_deadline_sweep(
        compose, dribbler, make_webhook):
    """The compose workers on their real queues: deliveries to receivers answering one byte every 2 s
    each end within the overall deadline, and a deadline sweep sent while they hold every process of
    the `webhooks` worker is done at once by the default worker."""
    key_prefix, workers = compose
    for number in range(SLOW_RECEIVERS):
        make_webhook(name=f"lent {number}", url=dribbler.url, events=[EventKind.DUEL_STARTED])
    opened = timezone.now() - dt.timedelta(hours=49)  # real time: the workers have their own clock
    with mock.patch("webhooks.services.storing.deliveries_queue"):  # no in-process sending while setting up
        duel, _referee, (a, _b) = started_duel(now=opened)
        post(duel, a, [], now=opened + dt.timedelta(hours=1))
    window = Window.objects.get(duel=duel)
    assert window.state == WindowState.OPEN and window.due_at < timezone.now()
    deliveries = list(Delivery.objects.values_list("pk", flat=True))
    assert len(deliveries) == SLOW_RECEIVERS
    for process, log in workers.values():
        wait_for_log("ready.", process, log)

    for pk in deliveries:
        send_routed(webhook_deliver, [pk], redis_url=REDIS_URL, key_prefix=key_prefix)
    until(lambda: dribbler.open_now() == SLOW_RECEIVERS, 30, "every delivery connected")
    sent = time.monotonic()
    send_routed(sweep_deadlines, [], redis_url=REDIS_URL, key_prefix=key_prefix)
    wait_for_worker(lambda: Window.objects.filter(pk=window.pk, state=WindowState.EXPIRED).exists(),
                    *workers["worker"], what="expired by the sweep")
    sweep_seconds = time.monotonic() - sent
    still_held = dribbler.open_now()

    until(lambda: dribbler.open_now() == 0, DEADLINE_SECONDS + 20, "every delivery ended")
    # the receiver's side closes first; the worker then records the timeout: wait for that write too
    until(lambda: not Delivery.objects.filter(status=DeliveryStatus.SENDING).exists(), 15, "every delivery recorded")
    held = [round(seconds, 1) for seconds in dribbler.held]
    print(f"\nsweep done {sweep_seconds:.2f} s after it was sent, {still_held} deliveries still held; "
          f"each delivery held {held} s")
    assert sweep_seconds < 3 and still_held == SLOW_RECEIVERS
    assert len(held) == SLOW_RECEIVERS and all(DEADLINE_SECONDS - 2 < seconds <= DEADLINE_SECONDS + 0.5 for seconds in held)
    assert set(Delivery.objects.values_list("status", "attempts", "last_error")) == {
        (DeliveryStatus.PENDING, 1, NO_ANSWER)}  # no answer in time: tried again later
    worker, webhooks = (worker_log(workers[name][1], tail=None) for name in ("worker", "webhooks"))
    sweep, deliver = "Task duels.tasks.sweep_deadlines[", "Task webhooks.tasks.webhook_deliver["
    assert sweep in worker and deliver not in worker and deliver in webhooks and sweep not in webhooks
