"""DESIGN.md: the engine is pure Python. Importing it (and replaying a duel) loads no Django."""
import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "duels" / "engine"


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
    allowed = set(sys.stdlib_module_names) | {"__future__"}
    for path in ENGINE.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [] if node.level else [node.module]
            else:
                continue
            for name in names:
                assert name.split(".")[0] in allowed, f"{path.name} imports {name}"
