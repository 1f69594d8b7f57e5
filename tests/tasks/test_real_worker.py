"""End to end through a real Redis broker and a real `celery -A config worker` process.

The test sends `window_expire` for an overdue window to Redis (on its own queue, so nothing else running
on the machine takes or sends its messages) and polls the database until the worker has expired it.
Skipped without Redis, and on SQLite (pytest-django's SQLite test database is in memory: a second
process cannot see it). CI runs it on PostgreSQL.
"""
import datetime as dt
import os
import subprocess
import sys
import tempfile
import time
import uuid
from urllib.parse import quote

import pytest
from django.conf import settings
from django.db import connection
from django.utils import timezone

from accounts.models import Notification
from config.celery import app as celery_app
from duels.models import Fault, Window, WindowState
from duels.tasks import window_expire
from tests.support.duels import post, started_duel

REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/13")  # a spare Redis database
WAIT_SECONDS = 60

pytestmark = [pytest.mark.redis, pytest.mark.django_db(transaction=True)]


def redis_unreachable(url: str) -> str | None:
    import redis

    try:
        redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=1).ping()
    except redis.RedisError as error:
        return f"Redis not reachable at {url} ({error})"
    return None


def worker_database_url() -> str:
    """The test database (test_<name>, per xdist worker) as a URL the worker process's settings read."""
    db = connection.settings_dict
    auth = quote(db["USER"] or "") + (":" + quote(db["PASSWORD"]) if db["PASSWORD"] else "")
    return f"postgres://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


@pytest.fixture
def worker(tmp_path):
    if connection.vendor != "postgresql":
        pytest.skip("the worker process needs a shared test database: set DATABASE_URL=postgres://… "
                    "(pytest-django's SQLite test database is in memory)")
    if reason := redis_unreachable(REDIS_URL):
        pytest.skip(reason)
    queue = f"estrade-test-{uuid.uuid4().hex[:12]}"
    env = {**os.environ, "REDIS_URL": REDIS_URL, "DATABASE_URL": worker_database_url(), "DB_CONN_MAX_AGE": "0",
           "DJANGO_SETTINGS_MODULE": "config.settings"}
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


def test_a_real_worker_expires_an_overdue_window_through_redis(worker):
    queue, process, log = worker
    opened = timezone.now() - dt.timedelta(hours=49)  # real time: the worker process has its own clock
    duel, referee, (a, b) = started_duel(now=opened)
    post(duel, a, [], now=opened + dt.timedelta(hours=1))
    window = Window.objects.get(duel=duel)
    assert window.state == WindowState.OPEN and window.due_at < timezone.now()

    saved = celery_app.conf.broker_url, celery_app.conf.task_always_eager
    celery_app.conf.broker_url, celery_app.conf.task_always_eager = REDIS_URL, False
    try:
        with celery_app.connection_for_write(REDIS_URL) as broker:
            window_expire.apply_async(args=[window.pk], queue=queue, connection=broker)
    finally:
        celery_app.conf.broker_url, celery_app.conf.task_always_eager = saved

    def done() -> bool:
        # The referee's notice is stored in the expiry's transaction: both appear together.
        expired = Window.objects.filter(pk=window.pk, state=WindowState.EXPIRED).exists()
        return expired and Notification.objects.filter(user=referee, kind="window_expired").exists()

    deadline = time.monotonic() + WAIT_SECONDS
    while not done():
        assert process.poll() is None, f"the worker exited ({process.returncode}):\n{worker_log(log)}"
        assert time.monotonic() < deadline, f"not done after {WAIT_SECONDS} s; worker log:\n{worker_log(log)}"
        time.sleep(0.2)  # polling the database, bounded by the deadline above

    assert Fault.objects.get(window=window).participant == b
    assert Notification.objects.filter(user=referee, kind="window_expired").count() == 1
    assert "duels.tasks.window_expire" in worker_log(log)
