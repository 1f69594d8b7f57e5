import copy

import pytest


@pytest.fixture
def bolt() -> dict:
    """A valid spell dict in the RULES.md §7 vocabulary, to break one rule at a time."""
    return copy.deepcopy({
        "slug": "bolt", "name": "Éclair", "incantation": "Fulgur", "description": "Un éclair.",
        "level": 2, "range": 5, "type": "malefices", "tags": [], "target": "opponent",
        "effect": {"damage": 2}, "bonus": {"damage": 3},
        "modulations": [{"level": 4, "effect": {"damage": 4}, "bonus": {"damage": 5}}],
    })
