"""Replaying a scenario without its own `spells` (SCENARIOS.md): the project's catalog file is used.
Found by mutation testing."""
from duels.engine import replay
from tests.support.engine import cast, duellists_1v1, post, turn


def test_a_scenario_without_spells_is_replayed_with_the_default_catalog():
    scenario = {"duel": {"format": "1v1", "rp": False}, "duellists": duellists_1v1(),
                "turns": [turn(post("A", cast("expelliarmus", "B", "123", 1)))]}
    result = replay(scenario)
    assert result["error"] is None
    assert result["turns"][0]["first"]["events"] == [
        "A lance Sortilège de Désarmement sur B (1 PM, pari 123, dé 1) : réussi, B doit se défendre."]
