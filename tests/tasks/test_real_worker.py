"""End to end through a real Redis broker and a real `celery -A config worker` process.

The test sends `window_expire` for an overdue window to Redis (on its own queue, so nothing else running
on the machine takes or sends its messages) and polls the database until the worker has expired it.
Skipped without Redis, and on SQLite (pytest-django's SQLite test database is in memory: a second
process cannot see it). CI runs it on PostgreSQL.
"""
import datetime as dt
import os

import pytest
from django.utils import timezone

from accounts.models import Notification
from duels.models import Fault, Window, WindowState
from duels.tasks import window_expire
from tests.support.duels import post, started_duel
from tests.support.real_worker import celery_worker, send_through_redis, wait_for_worker, worker_log

REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/13")  # a spare Redis database

pytestmark = [pytest.mark.redis, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def worker(tmp_path):
    with celery_worker(tmp_path, REDIS_URL, queue_prefix="estrade-test") as running:
        yield running


def test_a_real_worker_expires_an_overdue_window_through_redis(worker):
    queue, process, log = worker
    opened = timezone.now() - dt.timedelta(hours=49)  # real time: the worker process has its own clock
    duel, referee, (a, b) = started_duel(now=opened)
    post(duel, a, [], now=opened + dt.timedelta(hours=1))
    window = Window.objects.get(duel=duel)
    assert window.state == WindowState.OPEN and window.due_at < timezone.now()

    send_through_redis(window_expire, [window.pk], queue=queue, redis_url=REDIS_URL)

    def done() -> bool:
        # The referee's notice is stored in the expiry's transaction: both appear together.
        expired = Window.objects.filter(pk=window.pk, state=WindowState.EXPIRED).exists()
        return expired and Notification.objects.filter(user=referee, kind="window_expired").exists()

    wait_for_worker(done, process, log)

    assert Fault.objects.get(window=window).participant == b
    assert Notification.objects.filter(user=referee, kind="window_expired").count() == 1
    assert "duels.tasks.window_expire" in worker_log(log)
