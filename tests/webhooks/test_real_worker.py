"""End to end: a real `celery -A config worker` takes a webhook delivery from Redis and posts it to the
loopback receiver, signed. Skipped without Redis, and on SQLite (the worker process cannot see
pytest-django's in-memory database); run it with DATABASE_URL=postgres://…"""
import os
from unittest import mock

import pytest

from tests.support.duels import started_duel
from tests.support.real_worker import celery_worker, send_through_redis, wait_for_worker, worker_log
from tests.webhooks.conftest import SECRET
from webhooks.models import Delivery, DeliveryStatus, EventKind, WebhookKind
from webhooks.services.delivery import signature
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
    with mock.patch("webhooks.services.announcements.deliveries_queue"):  # no in-process sending while setting up
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
