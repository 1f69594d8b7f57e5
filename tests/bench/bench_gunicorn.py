"""Benchmark: the 30-turn duel page served by gunicorn (2 workers) under load, against the login floor.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/estrade_dev REDIS_URL=redis://127.0.0.1:6379/9 \\
        python tests/bench/bench_gunicorn.py
    BENCH_TURNS=60 BENCH_SECONDS=20 python tests/bench/bench_gunicorn.py

As served in production: gunicorn with 2 workers, DEBUG=0, the database of DATABASE_URL's server (a
throwaway one beside it) and, when REDIS_URL is set, the shared Redis cache (else each worker keeps its
own). Plays one 1v1 duel of BENCH_TURNS turns (default 30), logs its expected duellist in, then loads
with ApacheBench (`ab`, Debian's apache2-utils) at concurrency 8 with keep-alive, alternating the login
floor (tests/bench/floor_urls.py) and the duel page, BENCH_SECONDS each, twice. Prints each one's
requests per second (the median of its runs), the page's ratio to the floor, and the workers' resident
memory afterwards. Goals: the page ≥ 0.25× the floor's requests/s; each worker ≤ 120 MB.
Reports, does not judge: exit status 0 unless the server or `ab` fails.
"""
from __future__ import annotations

import contextlib
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
import warnings
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository, when run as a script
from tests.support.paths import ROOT  # noqa: E402

SERVED_ENV = {
    "DEBUG": "0", "SECRET_KEY": os.environ.get("SECRET_KEY", "bench-only-" + "x" * 40),
    "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
    "ALLOWED_HOSTS": "127.0.0.1", "SECURE_SSL_REDIRECT": "0", "STATIC_MANIFEST": "0", "LOG_LEVEL": "WARNING",
}
os.environ.update(SERVED_ENV)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
TURNS = int(os.environ.get("BENCH_TURNS", 30))
SECONDS = float(os.environ.get("BENCH_SECONDS", 10))
CONCURRENCY = 8
WORKERS = 2
warnings.filterwarnings("ignore", message="No directory at")


def main() -> int:
    import django

    django.setup()
    if shutil.which("ab") is None:
        print("ApacheBench (ab) is missing: apt-get install apache2-utils")
        return 1
    from tests.bench.throwaway_db import throwaway_database

    with throwaway_database("gunicorn"):
        cookie, page = seed()
        with served() as (base, master):
            return measure(base, cookie, page, master)


def seed() -> tuple[str, str]:
    """The duel and the logged-in session of its expected duellist: (Cookie header, page path)."""
    from django.conf import settings
    from django.core.management import call_command
    from django.test import Client

    from spells.snapshot import catalog_snapshot
    from tests.bench.bench_pages import played_duel

    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # seeding only
    call_command("catalog_load", stdout=open(os.devnull, "w"))  # noqa: SIM115 - the real 52-spell catalog
    t0 = time.perf_counter()
    duel, _referee, (a, _b) = played_duel(TURNS, catalog_snapshot())
    print(f"Played a {TURNS}-turn duel in {time.perf_counter() - t0:.1f} s")
    client = Client()
    client.force_login(a.duellist.user)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    return f"{settings.SESSION_COOKIE_NAME}={session}", f"/duels/{duel.pk}/"


@contextlib.contextmanager
def served():
    """gunicorn on a free local port, on the throwaway database; yields (base URL, master pid)."""
    from django.db import connection

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    db = connection.settings_dict
    env = {**os.environ, **SERVED_ENV, "DJANGO_SETTINGS_MODULE": "tests.bench.gunicorn_settings",
           "DATABASE_URL": database_url(db)}
    gunicorn = Path(sys.executable).with_name("gunicorn")
    server = subprocess.Popen([str(gunicorn), "config.wsgi:application", "--workers", str(WORKERS),
                               "--bind", f"127.0.0.1:{port}"], cwd=ROOT, env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            with contextlib.suppress(OSError):
                urllib.request.urlopen(base + "/healthz", timeout=1)  # noqa: S310 - our local server
                break
            time.sleep(0.2)
        yield base, server.pid
    finally:
        server.terminate()
        server.wait(timeout=30)


def database_url(db: dict) -> str:
    if db["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{db['NAME']}"
    user = db.get("USER") or "postgres"
    return f"postgres://{user}@{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}/{db['NAME']}"


def requests_per_second(base: str, path: str, cookie: str) -> float:
    out = subprocess.run(["ab", "-q", "-k", "-c", str(CONCURRENCY), "-t", str(SECONDS), "-n", "1000000",
                          "-C", cookie, base + path], capture_output=True, text=True, check=True).stdout
    failed = int(re.search(r"Failed requests:\s+(\d+)", out).group(1))
    non_2xx = re.search(r"Non-2xx responses:\s+(\d+)", out)
    if failed or non_2xx:
        raise SystemExit(f"{path}: {failed} failed, {non_2xx.group(1) if non_2xx else 0} non-2xx\n{out}")
    return float(re.search(r"Requests per second:\s+([\d.]+)", out).group(1))


def workers_rss_mb(master: int) -> list[float]:
    children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
    sizes = []
    for pid in children:
        status = Path(f"/proc/{pid}/status").read_text()
        sizes.append(int(re.search(r"VmRSS:\s+(\d+) kB", status).group(1)) / 1024)
    return sizes


def measure(base: str, cookie: str, page: str, master: int) -> int:
    floor = "/bench/floor/"
    for path in (floor, page):  # warm up: each worker fills its caches (or the shared Redis)
        subprocess.run(["ab", "-q", "-k", "-c", str(CONCURRENCY), "-n", "200", "-C", cookie, base + path],
                       capture_output=True, check=True)
    for path in (floor, page):  # one request at a time: the latency each one costs a worker
        out = subprocess.run(["ab", "-q", "-c", "1", "-n", "40", "-C", cookie, base + path],
                             capture_output=True, text=True, check=True).stdout
        mean = float(re.search(r"Time per request:\s+([\d.]+) \[ms\] \(mean\)", out).group(1))
        print(f"  {path}: {mean:.1f} ms per request, one at a time")
    runs: dict[str, list[float]] = {floor: [], page: []}
    for _ in range(2):
        for path in (floor, page):
            runs[path].append(requests_per_second(base, path, cookie))
    floor_rps, page_rps = statistics.median(runs[floor]), statistics.median(runs[page])
    cache = "Redis" if os.environ.get("REDIS_URL") else "per-process memory"
    print(f"\ngunicorn, {WORKERS} workers, ab -k -c {CONCURRENCY}, {SECONDS:.0f} s per run, 2 runs each, "
          f"{cache} cache, DEBUG=0:")
    print(f"  login floor                     {floor_rps:8.1f} req/s   runs {runs[floor]}")
    print(f"  duel page, {TURNS} turns, player's turn {page_rps:8.1f} req/s   runs {runs[page]}")
    print(f"  page / floor                    {page_rps / floor_rps:8.2f}×   (goal ≥ 0.25×)")
    rss = workers_rss_mb(master)
    print(f"  worker RSS after the load       {', '.join(f'{mb:.0f} MB' for mb in rss)}   (goal ≤ 120 MB each)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
