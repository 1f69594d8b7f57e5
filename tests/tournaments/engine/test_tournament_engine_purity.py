"""DESIGN.md: like the duel engine, the tournament engine is pure Python: importing it and playing a
bracket loads no Django, and its modules import only the standard library and each other."""
import subprocess
import sys

from tests.support.paths import ROOT
from tests.support.purity import STDLIB, imported_names

TOURNAMENT_ENGINE = ROOT / "tournaments" / "engine"


def test_importing_the_tournament_engine_loads_no_django():
    code = ("import sys, tournaments.engine as t; "
            "b = t.build_bracket(['A', 'B', 'C']); "
            "t.bracket_state(b, {t.MatchKey(1, 2): t.Result('B', 'C', t.A_WON)}); "
            "t.swiss_pairings(['A', 'B', 'C'], []); "
            "print(sorted(m for m in sys.modules if m == 'django' or m.startswith('django.')))")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]"


def test_tournament_engine_modules_import_only_the_standard_library():
    modules = list(TOURNAMENT_ENGINE.glob("*.py"))
    assert len(modules) >= 5
    for path in modules:
        for name in imported_names(path):
            assert name.split(".")[0] in STDLIB, f"{path.name} imports {name}"
