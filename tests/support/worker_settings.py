"""Settings of the real worker processes the end-to-end tests start (tests/support/real_worker.py): the
production settings, plus what only a test may have.

- The webhooks' loopback receiver is reachable (a setting config/settings never reads: webhooks/addresses.py).
- With TEST_BROKER_KEY_PREFIX, every Redis key of the broker (queues, bindings, unacked messages) starts
  with it: a test can start the docker-compose.yml workers on their real queue names (`celery`,
  `webhooks`) without taking, or losing, the messages of anything else using the same Redis.
"""
import os

from config.settings import *  # noqa: F403
from config.settings import CELERY_BROKER_TRANSPORT_OPTIONS

WEBHOOK_ALLOW_PRIVATE_ADDRESSES = True

if os.environ.get("TEST_BROKER_KEY_PREFIX"):
    CELERY_BROKER_TRANSPORT_OPTIONS = {**CELERY_BROKER_TRANSPORT_OPTIONS,
                                       "global_keyprefix": os.environ["TEST_BROKER_KEY_PREFIX"]}
