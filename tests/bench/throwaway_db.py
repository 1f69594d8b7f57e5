"""A throwaway database for a benchmark script: created beside DATABASE_URL's (or in the temp folder on
SQLite), migrated, and dropped afterwards. Call after django.setup()."""
from __future__ import annotations

import contextlib
import os
import tempfile
import time
from pathlib import Path


@contextlib.contextmanager
def throwaway_database(label: str):
    from django.conf import settings
    from django.db import connection

    db = connection.settings_dict
    name = f"estrade_bench_{label}_{os.getpid()}"
    db["TEST"]["NAME"] = str(Path(tempfile.gettempdir()) / f"{name}.sqlite3") if db["ENGINE"].endswith("sqlite3") else name
    old_name = db["NAME"]
    started = time.perf_counter()
    connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    print(f"Database: {connection.vendor} {connection.settings_dict['NAME']} (migrated in "
          f"{time.perf_counter() - started:.1f} s), DEBUG={int(settings.DEBUG)}")
    try:
        yield
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)
