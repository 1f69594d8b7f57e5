"""End to end: a real `celery -A config worker` takes a webhook delivery from Redis and posts it to the
loopback receiver, signed. Skipped without Redis, and on SQLite (the worker process cannot see
pytest-django's in-memory database); run it with DATABASE_URL=postgres://…"""
import os
import subprocess
import sys
import tempfile
import time
import uuid
from unittest import mock

import pytest
from django.conf import settings
from django.db import connection

from config.celery import app as celery_app
from tests.support.duels import started_duel
from tests.tasks.test_real_worker import redis_unreachable, worker_database_url
from tests.webhooks.conftest import SECRET
from webhooks.models import Delivery, DeliveryStatus, EventKind, WebhookKind
from webhooks.services.delivery import signature
from webhooks.tasks import webhook_deliver

REDIS_URL = os.environ.get("WEBHOOKS_TEST_REDIS_URL", "redis://127.0.0.1:6379/4")
WAIT_SECONDS = 60

pytestmark = [pytest.mark.redis, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def worker(tmp_path):
    if connection.vendor != "postgresql":
        pytest.skip("the worker process needs a shared test database: set DATABASE_URL=postgres://… "
                    "(pytest-django's SQLite test database is in memory)")
    if reason := redis_unreachable(REDIS_URL):
        pytest.skip(reason)
    queue = f"estrade-webhooks-test-{uuid.uuid4().hex[:12]}"
    env = {**os.environ, "REDIS_URL": REDIS_URL, "DATABASE_URL": worker_database_url(), "DB_CONN_MAX_AGE": "0",
           "DJANGO_SETTINGS_MODULE": "config.settings", "SITE_URL": "https://estrade.example"}
    log = tempfile.NamedTemporaryFile("w+", suffix=".log", dir=tmp_path, delete=False)
    process = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo", "--queues", queue,
         "--hostname", f"{queue}@%h", "--without-gossip", "--without-mingle", "--without-heartbeat",
         "--loglevel=INFO"],
        cwd=settings.BASE_DIR, env=env, stdout=log, stderr=subprocess.STDOUT,
    )
    try:
        yield queue, process, log
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)
        import redis

        client = redis.Redis.from_url(REDIS_URL)
        client.delete(queue, *client.keys(f"*{queue}*"))


def worker_log(log) -> str:
    log.flush()
    log.seek(0)
    return log.read()[-4000:]


def test_a_real_worker_delivers_a_signed_webhook_through_redis(worker, receiver, make_webhook):
    queue, process, log = worker
    make_webhook(kind=WebhookKind.SIGNED, events=[EventKind.DUEL_STARTED])
    with mock.patch("webhooks.services.announcements.deliveries_queue"):  # no in-process sending while setting up
        duel, _referee, _participants = started_duel()
    (delivery,) = Delivery.objects.all()
    assert delivery.status == DeliveryStatus.PENDING

    saved = celery_app.conf.broker_url, celery_app.conf.task_always_eager
    celery_app.conf.broker_url, celery_app.conf.task_always_eager = REDIS_URL, False
    try:
        with celery_app.connection_for_write(REDIS_URL) as broker:
            webhook_deliver.apply_async(args=[delivery.pk], queue=queue, connection=broker)
    finally:
        celery_app.conf.broker_url, celery_app.conf.task_always_eager = saved

    deadline = time.monotonic() + WAIT_SECONDS
    while not Delivery.objects.filter(pk=delivery.pk, status=DeliveryStatus.SENT).exists():
        assert process.poll() is None, f"the worker exited ({process.returncode}):\n{worker_log(log)}"
        assert time.monotonic() < deadline, f"not delivered after {WAIT_SECONDS} s; worker log:\n{worker_log(log)}"
        time.sleep(0.2)  # polling the database, bounded by the deadline above

    (request,) = receiver.requests
    assert request.headers["X-Estrade-Event"] == EventKind.DUEL_STARTED
    assert request.headers["X-Estrade-Signature"] == signature(SECRET, request.body)
    assert request.json["duel"]["id"] == duel.pk
    assert "webhooks.tasks.webhook_deliver" in worker_log(log)
