"""The one way to set off work once the current transaction commits.

`after_commit(function, *args)` runs a function in this process after commit (at once outside a
transaction); a rolled-back transaction runs nothing, and a failure is logged without undoing what was
committed. `enqueue_after_commit(task_name, *items)` queues a Celery task after commit with the items
of every such call made in the transaction for that task: one broker message per commit, however many
notices the action stored. The enqueue fails fast (broker timeouts in settings, no publish retry) and,
after a failure, this process leaves the broker alone for `BROKER_PAUSE_SECONDS`: what the message
would have carried is in the database, and the sweep of that task picks it up.

Tasks are named, not imported: the services never import a tasks module (the tasks import the
services), so there is no cycle between the two.
"""
from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

from django.db import DEFAULT_DB_ALIAS, transaction

from config.celery import app

logger = logging.getLogger(__name__)

BROKER_PAUSE_SECONDS = 30.0
_broker_paused_until = 0.0


def after_commit(function: Callable[..., Any], /, *args: Any, **kwargs: Any) -> None:
    """Run `function(*args, **kwargs)` after the current transaction commits, never if it rolls back."""
    transaction.on_commit(_Call(function, args, kwargs), robust=True)


class _Call:
    def __init__(self, function: Callable[..., Any], args: tuple, kwargs: dict):
        self.function, self.args, self.kwargs = function, args, kwargs
        self.__qualname__ = getattr(function, "__qualname__", repr(function))  # Django's log names it

    def __call__(self) -> None:
        self.function(*self.args, **self.kwargs)


def enqueue_after_commit(task_name: str, *items: Any, using: str = DEFAULT_DB_ALIAS) -> None:
    """After commit, queue `task_name` with one argument: the list of the items given by every call for
    that task in the transaction (one message), without the calls of a savepoint rolled back before
    the first call of the batch. An item whose rows were rolled back later may stay in the batch: the
    task must take its items as hints (load by id, skip what is gone or already done)."""
    connection = transaction.get_connection(using)
    if connection.in_atomic_block:
        for _savepoints, hook, _robust in connection.run_on_commit:  # what this transaction will run
            if isinstance(hook, _Enqueue) and hook.task_name == task_name and not hook.done:
                hook.items.extend(items)
                return
    transaction.on_commit(_Enqueue(task_name, list(items)), using=using, robust=True)


class _Enqueue:
    """The batch of a transaction for one task: sent once, after commit. A savepoint rolled back
    drops it from Django's commit hooks, so the next call starts a new one."""

    def __init__(self, task_name: str, items: list):
        self.task_name, self.items, self.done = task_name, items, False
        self.__qualname__ = f"enqueue {task_name}"

    def __call__(self) -> None:
        if not self.done:
            self.done = True
            task_enqueue(self.task_name, list(self.items))


def task_enqueue(task_name: str, *args: Any) -> bool:
    """Queue a Celery task by name now (run in-process when tasks are eager). False, and a warning,
    when the broker refused or timed out, or is paused after a recent failure."""
    global _broker_paused_until

    task = _task(app, task_name)
    if not app.conf.task_always_eager and time.monotonic() < _broker_paused_until:
        logger.warning("Broker paused after a failure: %s left to its sweep.", task_name)
        return False
    try:
        task.apply_async(args=list(args), retry=False)
    except Exception as error:
        if app.conf.task_always_eager:
            raise  # an in-process run that failed: the task's own error (logged by the commit hook)
        _broker_paused_until = time.monotonic() + BROKER_PAUSE_SECONDS
        logger.warning("Broker unavailable (%s): %s left to its sweep.", error, task_name)
        return False
    return True


def broker_pause_reset() -> None:
    """Forget a recent broker failure (tests, or an operator who knows the broker is back)."""
    global _broker_paused_until
    _broker_paused_until = 0.0


def _task(app, task_name: str):
    if task_name not in app.tasks:
        app.loader.import_default_modules()  # the apps' tasks modules (autodiscovery), once
    return app.tasks[task_name]
