"""Options shared by the Celery tasks: a lost database connection or a locked SQLite file is tried
again shortly (1 s, 2 s, 4 s… ≤ 5 min, 5 times); no result is stored."""
from django.db import InterfaceError, OperationalError

RETRYING = {
    "autoretry_for": (OperationalError, InterfaceError),
    "retry_backoff": True,
    "retry_backoff_max": 300,
    "retry_jitter": True,
    "max_retries": 5,
    "ignore_result": True,
}
