"""Deadline tasks with the clock pinned. Tasks run eagerly here (as in the one-machine default) unless a
test talks to a real broker itself (test_real_worker.py)."""
import pytest

from tests.support.fixtures import clock, eager_tasks  # noqa: F401


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """`with committed():` runs what the services queued for after commit, as a real commit would."""
    return lambda: django_capture_on_commit_callbacks(execute=True)
