"""A Redis of the test's own (port 6392, nothing saved to disk): restarted under a real Celery worker and
beat, and frozen (SIGSTOP) under a publishing referee.

- The worker and beat (docker-compose.yml's commands) outlive a Redis restart, and the deadline is still enforced afterwards: beat sends
  the minute sweep (every second here), the worker runs it, the overdue window expires once.
- A frozen Redis costs the publishing request a couple of seconds at most (broker timeouts, no publish
  retry): the declaration and its notices commit, and their e-mails wait for the sweep.

Skipped without `redis-server`; the worker test also needs PostgreSQL (a second process must see the
test database: pytest-django's SQLite one is in memory).
"""
import datetime as dt
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from urllib.parse import quote

import pytest
from django.conf import settings
from django.db import connection
from django.utils import timezone

from accounts.models import Notification
from common import after_commit
from config.celery import app as celery_app
from duels.models import Fault, Window, WindowState
from duels.services import declaration_prepare, declaration_publish
from tests.stack.compose import service_command
from tests.support.duels import post, started_duel
from tests.support.real_worker import WAIT_SECONDS

PORT = int(os.environ.get("TEST_OWN_REDIS_PORT", "6392"))
REDIS_URL = f"redis://127.0.0.1:{PORT}/0"

pytestmark = pytest.mark.redis


class OwnRedis:
    """`redis-server` on PORT, no snapshot, no append-only file: a restart starts it empty, as a
    container without a volume would."""

    def __init__(self, directory):
        self.directory, self.process = directory, None

    def start(self) -> None:
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(PORT), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", str(self.directory)], stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 10
        while not self.answers():
            assert self.process.poll() is None, "redis-server exited (port busy?)"
            assert time.monotonic() < deadline, "redis-server did not answer within 10 s"
            time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGCONT)  # in case a test froze it
            self.process.terminate()
            self.process.wait(timeout=10)
        self.process = None

    def answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", PORT), timeout=0.5) as client:
                client.sendall(b"PING\r\n")
                return client.recv(16).startswith(b"+PONG")
        except OSError:
            return False


@pytest.fixture
def own_redis(tmp_path):
    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed: cannot start a Redis of the test's own")
    redis = OwnRedis(tmp_path)
    redis.start()
    yield redis
    redis.stop()


def database_url() -> str:
    db = connection.settings_dict
    auth = quote(db["USER"] or "") + (":" + quote(db["PASSWORD"]) if db["PASSWORD"] else "")
    return f"postgres://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


class Processes:
    def __init__(self, directory):
        self.directory, self.running = directory, {}
        self.env = {**os.environ, "REDIS_URL": REDIS_URL, "DATABASE_URL": database_url(), "DB_CONN_MAX_AGE": "0",
                    "DJANGO_SETTINGS_MODULE": "config.settings", "DEADLINE_SWEEP_SECONDS": "1"}

    def start(self, name: str, argv: list[str]) -> subprocess.Popen:
        """The compose service's own command (`celery …`), run with this interpreter."""
        log = open(self.directory / f"{name}.log", "w")
        assert argv[0] == "celery", argv
        self.running[name] = subprocess.Popen([sys.executable, "-m", *argv],
                                              cwd=settings.BASE_DIR, env=self.env, stdout=log, stderr=subprocess.STDOUT)
        return self.running[name]

    def log(self, name: str) -> str:
        return (self.directory / f"{name}.log").read_text(errors="replace")

    def stop_all(self) -> None:
        for process in self.running.values():
            if process.poll() is None:
                process.terminate()
        for process in self.running.values():
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)


@pytest.fixture
def real_broker(own_redis):
    """This process publishes to the test's own Redis (tasks not eager), with the settings' timeouts, as
    the web processes do: whatever the services queue (an e-mail, formerly a deadline) reaches Redis."""
    saved = celery_app.conf.broker_url, celery_app.conf.task_always_eager
    celery_app.conf.broker_url, celery_app.conf.task_always_eager = REDIS_URL, False
    celery_app._pool = None
    celery_app.amqp._producer_pool = None
    after_commit.broker_pause_reset()
    yield own_redis
    if own_redis.process is not None:
        own_redis.process.send_signal(signal.SIGCONT)
    celery_app.pool.force_close_all()
    celery_app._pool = None
    celery_app.amqp._producer_pool = None
    celery_app.conf.broker_url, celery_app.conf.task_always_eager = saved
    after_commit.broker_pause_reset()


@pytest.fixture
def worker_and_beat(real_broker, tmp_path):
    if connection.vendor != "postgresql":
        pytest.skip("the worker process needs a shared test database: set DATABASE_URL=postgres://… "
                    "(pytest-django's SQLite test database is in memory)")
    processes = Processes(tmp_path)
    processes.start("worker", service_command("worker"))  # as production runs it (prefork, 2 children)
    processes.start("beat", service_command("beat", replace={"/tmp/celerybeat-schedule": str(tmp_path / "beat")}))
    yield real_broker, processes
    processes.stop_all()


def wait_until(what: str, condition, processes: Processes) -> None:
    deadline = time.monotonic() + WAIT_SECONDS
    while not condition():
        for name, process in processes.running.items():
            assert process.poll() is None, f"{name} exited ({process.returncode}):\n{processes.log(name)[-4000:]}"
        assert time.monotonic() < deadline, f"not {what} after {WAIT_SECONDS} s:\n{processes.log('worker')[-4000:]}"
        time.sleep(0.2)  # polling the database, bounded by the deadline above


def window_due_soon(seconds: int = 6):
    """A duel whose window falls due in a few seconds, one duellist posted, the other absent."""
    opened = timezone.now() - dt.timedelta(hours=48) + dt.timedelta(seconds=seconds)  # the worker's own clock
    duel, referee, (a, b) = started_duel(now=opened)
    post(duel, a, [], now=opened)
    return Window.objects.get(duel=duel), referee, b


@pytest.mark.django_db(transaction=True)
def test_the_worker_and_beat_survive_a_redis_restart_and_the_deadline_is_still_enforced(worker_and_beat):
    redis, processes = worker_and_beat
    wait_until("sweeping", lambda: "duels.tasks.sweep_deadlines" in processes.log("worker"), processes)
    started_duel()  # a duel running with 48 h to go, as production always has
    first, _referee, _absent = window_due_soon()
    wait_until("expired before the restart",
               lambda: Window.objects.filter(pk=first.pk, state=WindowState.EXPIRED).exists(), processes)

    redis.stop()
    time.sleep(3)  # the worker and beat lose their connections and keep trying
    redis.start()  # empty: nothing was saved, as after a container restart
    window, referee, absent = window_due_soon()

    wait_until("the window expired after the restart",
               lambda: Window.objects.filter(pk=window.pk, state=WindowState.EXPIRED).exists(), processes)
    time.sleep(3)  # a few more sweeps: none may record the absence again
    assert [f.participant for f in Fault.objects.filter(window=window)] == [absent]
    assert Notification.objects.filter(user=referee, kind="window_expired").count() == 1
    for name, process in processes.running.items():
        assert process.poll() is None, f"{name} exited after the Redis restart:\n{processes.log(name)[-4000:]}"
    assert "Unrecoverable error" not in processes.log("worker")


@pytest.mark.django_db
def test_publishing_while_redis_is_frozen_takes_seconds_and_keeps_the_notices(
    real_broker, django_capture_on_commit_callbacks
):
    duel, referee, (a, b) = started_duel()
    for user in (a.duellist.user, b.duellist.user):
        user.email = f"{user.username}@example.org"
        user.save(update_fields=["email"])
    post(duel, a, [])
    post(duel, b, [])
    draft = declaration_prepare(duel=duel, by=referee)
    real_broker.process.send_signal(signal.SIGSTOP)  # frozen: connections accepted, never answered
    started = time.monotonic()
    with django_capture_on_commit_callbacks(execute=True):  # the commit and its hooks, as in the request
        declaration_publish(declaration=draft, by=referee)
    elapsed = time.monotonic() - started
    print(f"publishing with Redis frozen: {elapsed:.2f} s")
    assert elapsed < 6, f"publishing took {elapsed:.1f} s with Redis frozen"
    assert Notification.objects.filter(dedupe_key__startswith=f"declaration:{draft.pk}:published").count() == 2
    opened = Window.objects.get(duel=duel, turn=2)
    your_turn = f"duel:{opened.duel_id}:turn:{opened.turn}:{opened.phase}:opened:"  # duels/services/notices.py
    assert Notification.objects.filter(dedupe_key__startswith=your_turn).count() == 2
    assert Notification.objects.filter(email_state=Notification.EmailState.PENDING).count() >= 4  # for the sweep
