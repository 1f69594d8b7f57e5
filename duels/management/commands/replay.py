"""`python manage.py replay FILE [FILE ...]`: replay scripted duels (SCENARIOS.md).

One file: indented JSON on stdout. Several: one compact JSON object per line, in order. A file that
is not valid JSON or not a valid scenario: exit 2 with one stderr line ``FILE: <path>: <message>``
and nothing on stdout. The rules live in duels.engine; this command only reads and prints.
"""
import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand

from duels.engine import ScenarioError, replay


class Command(BaseCommand):
    help = "Replay scripted duels (see SCENARIOS.md) and print the results as JSON."

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", metavar="FILE")

    def handle(self, *args, files, **options):
        results = []
        for name in files:
            try:
                results.append(replay(_load(name)))
            except (ScenarioError, _Unreadable) as exc:
                self.stderr.write(f"{name}: {exc}")
                sys.exit(2)
        if len(results) == 1:
            self.stdout.write(json.dumps(results[0], indent=2, ensure_ascii=False))
        else:
            for result in results:
                self.stdout.write(json.dumps(result, ensure_ascii=False, separators=(",", ":")))


class _Unreadable(Exception):
    pass


def _load(name: str):
    try:
        text = Path(name).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise _Unreadable(f"cannot read the file ({exc.__class__.__name__}: {exc})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise _Unreadable(f"line {exc.lineno} column {exc.colno}: invalid JSON ({exc.msg})") from None
    except RecursionError:
        raise _Unreadable("invalid JSON (nested too deeply)") from None
