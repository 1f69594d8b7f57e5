"""DESIGN.md: the engine is pure Python. Importing it (and replaying a duel) loads no Django. Besides the
standard library it may import only the pure modules shared with the rest of the site (the message
renderer of common/messages.py), which import only the standard library themselves."""
import subprocess
import sys

from tests.support.paths import ROOT
from tests.support.purity import STDLIB, imported_names

ENGINE = ROOT / "duels" / "engine"
PURE_SHARED = {"common.messages": ROOT / "common" / "messages.py"}


def test_importing_the_engine_loads_no_django():
    code = ("import sys, duels.engine as e; "
            "e.replay({'duel': {'format': '1v1'}, 'duellists': ["
            "{'id': 'A', 'team': 1, 'year': 1, 'types': ['x']}, {'id': 'B', 'team': 2, 'year': 1, 'types': ['x']}],"
            " 'spells': [], 'turns': [{'actions': [{'by': 'A', 'steps': [{'move': 5}]}]}]}); "
            "print(sorted(m for m in sys.modules if m == 'django' or m.startswith('django.')))")
    run = subprocess.run([sys.executable, "-c", code], cwd=ENGINE.parents[1], capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]"


def test_engine_modules_import_only_the_standard_library_and_each_other():
    for path in ENGINE.glob("*.py"):
        for name in imported_names(path):
            assert name.split(".")[0] in STDLIB or name in PURE_SHARED, f"{path.name} imports {name}"


def test_the_shared_modules_the_engine_uses_are_pure_too():
    for module, path in PURE_SHARED.items():
        for name in imported_names(path):
            assert name.split(".")[0] in STDLIB, f"{module} imports {name}"
