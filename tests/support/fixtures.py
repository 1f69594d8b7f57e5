"""Fixtures shared by the duel, task and webhook tests; a conftest imports the ones it wants."""
import pytest

from config.celery import app as celery_app
from tests.support.clock import START


@pytest.fixture(autouse=True)
def eager_tasks():
    """Tasks in-process (the one-machine default) even if REDIS_URL is set where the tests run."""
    saved = celery_app.conf.task_always_eager, celery_app.conf.task_eager_propagates
    celery_app.conf.task_always_eager = celery_app.conf.task_eager_propagates = True
    yield
    celery_app.conf.task_always_eager, celery_app.conf.task_eager_propagates = saved


@pytest.fixture
def clock(time_machine):
    """The clock pinned at START (tests/support/clock.py); move it with clock.move_to(...)."""
    time_machine.move_to(START, tick=False)
    return time_machine


@pytest.fixture
def webhook_private_addresses(settings):
    """Webhooks may reach the tests' loopback receiver (plain http on 127.0.0.1): a setting that exists
    only here, never in config/settings (webhooks/addresses.py)."""
    settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = True
