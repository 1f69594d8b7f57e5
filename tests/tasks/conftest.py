"""Deadline tasks with the clock pinned. Tasks run eagerly here (as in the one-machine default) unless a
test talks to a real broker itself (test_real_worker.py)."""
import pytest

from config.celery import app as celery_app
from tests.support.clock import START


@pytest.fixture(autouse=True)
def fast_password_hashing(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def eager_tasks():
    """Run tasks in-process even if REDIS_URL happens to be set where the tests run."""
    saved = celery_app.conf.task_always_eager, celery_app.conf.task_eager_propagates
    celery_app.conf.task_always_eager = celery_app.conf.task_eager_propagates = True
    yield
    celery_app.conf.task_always_eager, celery_app.conf.task_eager_propagates = saved


@pytest.fixture
def clock(time_machine):
    time_machine.move_to(START, tick=False)
    return time_machine


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """`with committed():` runs what the services queued for after commit, as a real commit would."""
    return lambda: django_capture_on_commit_callbacks(execute=True)
