"""Test modules share helpers through tests/support/ (and conftest fixtures), never by importing another
test module: a helper found in a test module is one the next reader cannot find."""
import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent
IMPORT_OF_A_TEST_MODULE = re.compile(r"^\s*(?:from|import)\s+tests\.(?:[\w.]+\.)?test_\w+", re.M)


def test_no_test_module_imports_another():
    offenders = sorted(str(path.relative_to(TESTS)) for path in TESTS.rglob("*.py")
                       if IMPORT_OF_A_TEST_MODULE.search(path.read_text(encoding="utf-8")))
    assert offenders == []


def test_the_test_settings_are_set_once():
    """The fast hasher (and any setting every test wants) lives in tests/settings.py, not in fixtures."""
    offenders = sorted(str(path.relative_to(TESTS)) for path in TESTS.rglob("*.py")
                       if "bench" not in path.parts and path.name not in ("settings.py", Path(__file__).name)
                       and "PASSWORD_HASHERS" in path.read_text(encoding="utf-8"))
    assert offenders == []
