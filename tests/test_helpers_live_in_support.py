"""Test modules share helpers through tests/support/ (and conftest fixtures), never by importing another
test module nor by writing their own copy: a helper found in a test module is one the next reader cannot
find, and a second copy is one that drifts."""
import ast
import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent
SUPPORT = TESTS / "support"
IMPORT_OF_A_TEST_MODULE = re.compile(r"^\s*(?:from|import)\s+tests\.(?:[\w.]+\.)?test_\w+", re.M)


def module_level_definitions(source: str) -> dict[str, int]:
    """Name → line of what a module defines at module level: functions (fixtures included), classes and
    assigned names, also under a module-level `if`, `try` or `with`. Imports define nothing here."""
    found: dict[str, int] = {}

    def read(statements):
        for node in statements:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                found.setdefault(node.name, node.lineno)
            elif isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
                for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                    for name in ast.walk(target):
                        if isinstance(name, ast.Name):
                            found.setdefault(name.id, node.lineno)
            elif isinstance(node, ast.If | ast.With):
                read(node.body)
                read(getattr(node, "orelse", []))
            elif isinstance(node, ast.Try):
                read(node.body)
                for handler in node.handlers:
                    read(handler.body)
                read(node.orelse)
                read(node.finalbody)

    read(ast.parse(source).body)
    return found


def support_names(support: Path = SUPPORT) -> set[str]:
    """The public names tests/support/ defines (its helpers, fixtures, classes and constants)."""
    return {name for path in support.glob("*.py")
            for name in module_level_definitions(path.read_text(encoding="utf-8")) if not name.startswith("_")}


def redefinitions(sources: dict[str, str], names: set[str]) -> list[str]:
    """`path:line name` for each module-level definition of one of `names` in the given modules."""
    found = sorted((path, line, name) for path, source in sources.items()
                   for name, line in module_level_definitions(source).items() if name in names)
    return [f"{path}:{line} {name}" for path, line, name in found]


def modules_outside_support() -> dict[str, str]:
    return {str(path.relative_to(TESTS)): path.read_text(encoding="utf-8") for path in TESTS.rglob("*.py")
            if SUPPORT not in path.parents}


def test_no_test_module_imports_another():
    offenders = sorted(str(path.relative_to(TESTS)) for path in TESTS.rglob("*.py")
                       if IMPORT_OF_A_TEST_MODULE.search(path.read_text(encoding="utf-8")))
    assert offenders == []


def test_no_module_outside_support_redefines_a_support_name():
    """Import the helper (a fixture through the folder's conftest); a different thing gets its own name."""
    assert redefinitions(modules_outside_support(), support_names()) == []


def test_the_redefinition_check_catches_each_kind_of_copy():
    names = support_names()
    assert {"client_for", "login", "clock", "START"} <= names  # the names are read from tests/support
    copied = '''
import datetime as dt

import pytest

from tests.support.web import text

START = dt.datetime(2026, 6, 1, 20, 0, tzinfo=dt.UTC)
OWN_INSTANT = START


def client_for(user):
    return user


@pytest.fixture
def clock(time_machine):
    return time_machine


class Reading:
    pass


if True:
    H48, _other = 48, 0
'''
    assert redefinitions({"tests/pages/test_copy.py": copied}, names) == [
        "tests/pages/test_copy.py:8 START",
        "tests/pages/test_copy.py:12 client_for",
        "tests/pages/test_copy.py:17 clock",
        "tests/pages/test_copy.py:21 Reading",
        "tests/pages/test_copy.py:26 H48",
    ]


def test_a_module_that_only_imports_and_uses_the_support_names_passes():
    clean = "from tests.support.clock import START\nfrom tests.support.web import client_for\n\n\n" \
            "def test_it(clock):\n    client_for(None)\n    START = 1\n    return START\n"
    assert redefinitions({"tests/pages/test_clean.py": clean}, support_names()) == []


def test_the_test_settings_are_set_once():
    """The fast hasher (and any setting every test wants) lives in tests/settings.py, not in fixtures."""
    offenders = sorted(str(path.relative_to(TESTS)) for path in TESTS.rglob("*.py")
                       if "bench" not in path.parts and path.name not in ("settings.py", Path(__file__).name)
                       and "PASSWORD_HASHERS" in path.read_text(encoding="utf-8"))
    assert offenders == []
