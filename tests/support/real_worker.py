"""A real `celery -A config worker` process on its own Redis queue, for the end-to-end tests.

The worker reads the test database, so it needs PostgreSQL (pytest-django's SQLite test database is in
memory: a second process cannot see it) and a reachable Redis; without either the test is skipped with
the reason. Each worker takes only its own queue, so nothing else on the machine takes its messages.
"""
from __future__ import annotations

import contextlib
import os
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from urllib.parse import quote

import pytest
import redis
from django.conf import settings
from django.db import connection

from config.celery import app as celery_app

WAIT_SECONDS = 60


def redis_unreachable(url: str) -> str | None:
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


@contextlib.contextmanager
def celery_worker(tmp_path, redis_url: str, *, queue_prefix: str, env: dict | None = None) -> Iterator[tuple]:
    """(queue, process, log) of a worker started on a fresh queue; stopped and its keys removed after."""
    if connection.vendor != "postgresql":
        pytest.skip("the worker process needs a shared test database: set DATABASE_URL=postgres://… "
                    "(pytest-django's SQLite test database is in memory)")
    if reason := redis_unreachable(redis_url):
        pytest.skip(reason)
    queue = f"{queue_prefix}-{uuid.uuid4().hex[:12]}"
    process_env = {**os.environ, "REDIS_URL": redis_url, "DATABASE_URL": worker_database_url(),
                   "DB_CONN_MAX_AGE": "0", "DJANGO_SETTINGS_MODULE": "config.settings", **(env or {})}
    log = tempfile.NamedTemporaryFile("w+", suffix=".log", dir=tmp_path, delete=False)  # noqa: SIM115 - closed by tmp_path
    process = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "config", "worker", "--pool=solo", "--queues", queue,
         "--hostname", f"{queue}@%h", "--without-gossip", "--without-mingle", "--without-heartbeat",
         "--loglevel=INFO"],
        cwd=settings.BASE_DIR, env=process_env, stdout=log, stderr=subprocess.STDOUT,
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
        client = redis.Redis.from_url(redis_url)
        client.delete(queue, *client.keys(f"*{queue}*"))


def worker_log(log) -> str:
    log.flush()
    log.seek(0)
    return log.read()[-4000:]


def send_through_redis(task, args: list, *, queue: str, redis_url: str) -> None:
    """Send `task(*args)` to the worker's queue through Redis, whatever this process's broker settings."""
    saved = celery_app.conf.broker_url, celery_app.conf.task_always_eager
    celery_app.conf.broker_url, celery_app.conf.task_always_eager = redis_url, False
    try:
        with celery_app.connection_for_write(redis_url) as broker:
            task.apply_async(args=args, queue=queue, connection=broker)
    finally:
        celery_app.conf.broker_url, celery_app.conf.task_always_eager = saved


def wait_for_worker(done: Callable[[], bool], process, log, *, what: str = "done") -> None:
    """Poll the database until `done()`, failing with the worker's log if it exits or takes too long."""
    deadline = time.monotonic() + WAIT_SECONDS
    while not done():
        assert process.poll() is None, f"the worker exited ({process.returncode}):\n{worker_log(log)}"
        assert time.monotonic() < deadline, f"not {what} after {WAIT_SECONDS} s; worker log:\n{worker_log(log)}"
        time.sleep(0.2)  # polling the database, bounded by the deadline above
