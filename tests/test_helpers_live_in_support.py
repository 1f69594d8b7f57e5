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
