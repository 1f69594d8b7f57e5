"""Benchmark: the CSV member import (`import_forum_members`) on a throwaway database, against a floor.

    python tests/bench/bench_import.py                      # 50,000 rows, SQLite in the temp folder
    BENCH_ROWS=200000 DATABASE_URL=postgres://postgres@127.0.0.1:5432/x python tests/bench/bench_import.py

Writes a CSV of BENCH_ROWS valid members (every column filled, two magic types each), then measures, each
in a child process forked after the database is ready (peak RSS from getrusage(RUSAGE_CHILDREN)):

- the floor: reading the file with the csv module, every row turned into a dict, nothing else;
- the import of the file into an empty table (all rows created);
- the same file again (all rows unchanged), then with every post count changed (all rows updated).

Prints wall times, per-row costs, the ratio of each import to the floor and the peak RSS of each child.
Goals: the first import ≤ 100× the floor (writing a row at a time cost 500× and more) and a peak RSS
that does not grow with the file (under 200 MB for 50,000 rows). The exit status is 0 when both are met. Not a test
(pytest does not collect bench_*.py).
"""
from __future__ import annotations

import csv
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository, when run as a script
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ["DEBUG"] = "0"
os.environ.setdefault("SECRET_KEY", "bench-only-" + "x" * 40)
os.environ.setdefault("EMAIL_BACKEND", "django.core.mail.backends.locmem.EmailBackend")
os.environ.setdefault("LOG_LEVEL", "WARNING")

ROWS = int(os.environ.get("BENCH_ROWS", 50_000))
HEADER = "forum_id,forum_name,joined_on,post_count,homework_year,character_name,rp_year,magic_types,prodigium\n"


def write_csv(path: Path, rows: int, posts: int) -> None:
    with path.open("w", encoding="utf-8") as handle:
        handle.write(HEADER)
        for n in range(1, rows + 1):
            handle.write(f"{n},Membre {n},2024-0{1 + n % 9}-1{n % 10},{posts + n % 500},{1 + n % 8},"
                         f"Personnage numéro {n},{1 + n % 8},malefices|soins,{'oui' if n % 7 == 0 else 'non'}\n")


def in_child(function) -> tuple[float, float, str]:
    """Run `function` in a forked child: (seconds, peak RSS in MB of the children so far, its output)."""
    from django.db import connections

    connections.close_all()
    read, write = os.pipe()
    started = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        os.close(read)
        try:
            output = function() or ""
            code = 0
        except BaseException as error:  # noqa: BLE001 - reported by the parent
            output, code = f"{type(error).__name__}: {error}", 1
        os.write(write, str(output).encode()[:4000])
        os._exit(code)
    os.close(write)
    output = os.read(read, 4000).decode()
    _pid, status = os.waitpid(pid, 0)
    seconds = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    if os.waitstatus_to_exitcode(status) != 0:
        print("child failed:", output)
    return seconds, peak, output


def current_rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def main() -> int:
    import django

    django.setup()
    from io import StringIO

    from django.core.management import call_command

    from accounts.models import Duellist
    from spells.models import MagicType
    from tests.bench.throwaway_db import throwaway_database

    folder = Path(tempfile.mkdtemp(prefix="bench_import_"))
    first, changed = folder / "members.csv", folder / "members_changed.csv"
    write_csv(first, ROWS, posts=60)
    write_csv(changed, ROWS, posts=61)
    print(f"{ROWS} rows, {first.stat().st_size / 1e6:.1f} MB a file")

    def floor():
        with first.open(encoding="utf-8", newline="") as handle:
            return sum(1 for _row in csv.DictReader(handle))

    def run(path):
        def go():
            out = StringIO()
            call_command("import_forum_members", str(path), stdout=out, stderr=StringIO())
            return out.getvalue().strip()
        return go

    with throwaway_database("import"):
        for slug in ("malefices", "soins"):
            MagicType.objects.get_or_create(slug=slug, defaults={"name": slug})
        print(f"parent RSS before the children: {current_rss_mb():.0f} MB")
        floor_s, _peak, _ = in_child(floor)
        print(f"floor (csv.DictReader over the file): {floor_s:.2f} s, {floor_s / ROWS * 1e6:.1f} µs a row")
        ok = True
        for label, path in (("import, all created", first), ("same file, all unchanged", first),
                            ("post counts changed, all updated", changed)):
            seconds, peak, output = in_child(run(path))
            ratio = seconds / floor_s
            print(f"{label}: {seconds:.2f} s, {seconds / ROWS * 1e6:.0f} µs a row, {ratio:.1f}× the floor, "
                  f"peak RSS (children so far) {peak:.0f} MB — {output[:120]}")
            if label.startswith("import"):
                ok = ok and ratio <= 100 and peak < 200
        print(f"members stored: {Duellist.objects.count()}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
