"""A real `celery -A config worker` process on its own Redis queue, for the end-to-end tests.

The worker reads the test database, so it needs PostgreSQL (pytest-django's SQLite test database is in
memory: a second process cannot see it) and a reachable Redis; without either the test is skipped with
the reason. Each worker takes only its own queue (or, for the docker-compose.yml workers on their real
queue names, every broker key under a prefix of the test's own), so nothing else on the machine takes its
messages. The workers run with tests/support/worker_settings.py (the loopback receiver allowed).
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
WORKER_SETTINGS = "tests.support.worker_settings"


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
    _skip_without_shared_database_or(redis_url)
    queue = f"{queue_prefix}-{uuid.uuid4().hex[:12]}"
    process, log = _worker_start(
        ["-A", "config", "worker", "--pool=solo", "--queues", queue, "--hostname", f"{queue}@%h", "--loglevel=INFO"],
        tmp_path=tmp_path, redis_url=redis_url, env=env)
    try:
        yield queue, process, log
    finally:
        _worker_stop(process)
        client = redis.Redis.from_url(redis_url)
        client.delete(queue, *client.keys(f"*{queue}*"))


@contextlib.contextmanager
def compose_workers(tmp_path, redis_url: str, services: tuple[str, ...], *, env: dict | None = None) -> Iterator[tuple]:
    """(key_prefix, {service: (process, log)}): the docker-compose.yml services' own worker commands
    (their queues and concurrency), every broker key under a fresh prefix; stopped and the keys removed after."""
    from tests.stack.compose import service_command

    _skip_without_shared_database_or(redis_url)
    key_prefix = f"estrade-test-{uuid.uuid4().hex[:12]}:"
    workers = {}
    try:
        for service in services:
            argv = service_command(service, replace={"@%h": f"@{key_prefix[:-1]}"})
            assert argv[0] == "celery", argv
            workers[service] = _worker_start(argv[1:], tmp_path=tmp_path, redis_url=redis_url,
                                             env={**(env or {}), "TEST_BROKER_KEY_PREFIX": key_prefix})
        yield key_prefix, workers
    finally:
        for process, _log in workers.values():
            _worker_stop(process)
        client = redis.Redis.from_url(redis_url)
        if stale := client.keys(f"{key_prefix}*"):
            client.delete(*stale)


def _skip_without_shared_database_or(redis_url: str) -> None:
    if connection.vendor != "postgresql":
        pytest.skip("the worker process needs a shared test database: set DATABASE_URL=postgres://… "
                    "(pytest-django's SQLite test database is in memory)")
    if reason := redis_unreachable(redis_url):
        pytest.skip(reason)


def _worker_start(celery_args: list[str], *, tmp_path, redis_url: str, env: dict | None) -> tuple:
    process_env = {**os.environ, "REDIS_URL": redis_url, "DATABASE_URL": worker_database_url(),
                   "DB_CONN_MAX_AGE": "0", "DJANGO_SETTINGS_MODULE": WORKER_SETTINGS, **(env or {})}
    log = tempfile.NamedTemporaryFile("w+", suffix=".log", dir=tmp_path, delete=False)  # noqa: SIM115 - closed by tmp_path
    process = subprocess.Popen(
        [sys.executable, "-m", "celery", *celery_args, "--without-gossip", "--without-mingle", "--without-heartbeat"],
        cwd=settings.BASE_DIR, env=process_env, stdout=log, stderr=subprocess.STDOUT,
    )
    return process, log


def _worker_stop(process) -> None:
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=10)


def worker_log(log, tail: int | None = 4000) -> str:
    """The worker's log so far, read through its own file (the worker shares the offset of `log`)."""
    with open(log.name, encoding="utf-8", errors="replace") as written:
        text = written.read()
    return text[-tail:] if tail else text


def send_through_redis(task, args: list, *, queue: str, redis_url: str) -> None:
    """Send `task(*args)` to the worker's queue through Redis, whatever this process's broker settings."""
    saved = celery_app.conf.broker_url, celery_app.conf.task_always_eager
    celery_app.conf.broker_url, celery_app.conf.task_always_eager = redis_url, False
    try:
        with celery_app.connection_for_write(redis_url) as broker:
            task.apply_async(args=args, queue=queue, connection=broker)
    finally:
        celery_app.conf.broker_url, celery_app.conf.task_always_eager = saved


def send_routed(task, args: list, *, redis_url: str, key_prefix: str) -> None:
    """Send `task(*args)` through Redis to the queue the settings' CELERY_TASK_ROUTES give it, every key
    under `key_prefix` (the compose workers' own, see `compose_workers`)."""
    conf = celery_app.conf
    saved = conf.broker_url, conf.task_always_eager, conf.broker_transport_options
    conf.broker_url, conf.task_always_eager = redis_url, False
    conf.broker_transport_options = {**saved[2], "global_keyprefix": key_prefix}
    try:
        with celery_app.connection_for_write(redis_url) as broker:
            task.apply_async(args=args, connection=broker)
    finally:
        conf.broker_url, conf.task_always_eager, conf.broker_transport_options = saved


def wait_for_log(what: str, process, log, *, timeout: float = WAIT_SECONDS) -> None:
    """Wait until the worker's log says `what` (e.g. "ready."), failing with the log if it exits first."""
    deadline = time.monotonic() + timeout
    while what not in worker_log(log, tail=None):
        assert process.poll() is None, f"the worker exited ({process.returncode}):\n{worker_log(log)}"
        assert time.monotonic() < deadline, f"no {what!r} after {timeout:.0f} s; worker log:\n{worker_log(log)}"
        time.sleep(0.2)  # reading the log, bounded by the deadline above


def wait_for_worker(done: Callable[[], bool], process, log, *, what: str = "done") -> None:
    """Poll the database until `done()`, failing with the worker's log if it exits or takes too long."""
    deadline = time.monotonic() + WAIT_SECONDS
    while not done():
        assert process.poll() is None, f"the worker exited ({process.returncode}):\n{worker_log(log)}"
        assert time.monotonic() < deadline, f"not {what} after {WAIT_SECONDS} s; worker log:\n{worker_log(log)}"
        time.sleep(0.2)  # polling the database, bounded by the deadline above
