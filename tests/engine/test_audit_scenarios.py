"""Audit scenarios (tests/engine/audit/*.json): each file's `expect` block is a hand-computed
prediction from RULES.md; the replay must match it on every key the block names (objects key by
key, lists element by element — the partial comparison of SCENARIOS.md "Checking")."""
import json
from pathlib import Path

import pytest

from duels.engine import replay

AUDIT = Path(__file__).resolve().parent / "audit"
FILES = sorted(AUDIT.glob("*.json"))


def differences(expected, actual, path="$"):
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return [f"{path}: expected an object, got {actual!r}"]
        found = []
        for key, value in expected.items():
            if key not in actual:
                found.append(f"{path}.{key}: missing")
            else:
                found += differences(value, actual[key], f"{path}.{key}")
        return found
    if isinstance(expected, list):
        if not isinstance(actual, list) or len(actual) < len(expected):
            return [f"{path}: expected a list of at least {len(expected)}, got {actual!r}"]
        found = []
        for index, value in enumerate(expected):
            found += differences(value, actual[index], f"{path}[{index}]")
        return found
    if expected != actual:
        return [f"{path}: expected {expected!r}, got {actual!r}"]
    return []


def test_the_audit_folder_is_not_empty():
    assert len(FILES) >= 40


@pytest.mark.parametrize("path", FILES, ids=[file.stem for file in FILES])
def test_audit_scenario(path):
    data = json.loads(path.read_text())
    expect = data.pop("expect")
    data.pop("description", None)
    found = differences(expect, replay(data))
    assert not found, "\n".join(found)
