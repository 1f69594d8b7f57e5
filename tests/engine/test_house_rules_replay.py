"""SCENARIOS.md `house`: a replay applies the scenario's house rules; an unknown knob or a value out of
range is a malformed file (ScenarioError, and `manage.py replay` exits 2 naming it)."""
import json
import os
import subprocess
import sys

import pytest

from duels.engine import ScenarioError, replay
from tests.support.engine import mv, play, post, scenario, turn
from tests.support.paths import ROOT


def _replay_command(*files):
    return subprocess.run([sys.executable, "manage.py", "replay", *map(str, files)], cwd=ROOT,
                          capture_output=True, text=True, env={**os.environ, "DEBUG": "1"}, timeout=120)


@pytest.mark.parametrize(("house", "path"), [
    ({"dodge_cost": 3}, "house.dodge_cost"),
    ({"min_words": 50}, "house.min_words"),  # a house rule, but not the engine's: not in a scenario
    ({"dodge_pf": 10}, "house.dodge_pf"),
    ({"dodge_pf": -1}, "house.dodge_pf"),
    ({"move_pf": 0}, "house.move_pf"),
    ({"move_pf": 10}, "house.move_pf"),
    ({"fall_pf": 10}, "house.fall_pf"),
    ({"overlevel_per_duel": 4}, "house.overlevel_per_duel"),
    ({"overlevel_per_duel": "1"}, "house.overlevel_per_duel"),
    ({"repeat": "never"}, "house.repeat"),
    ({"points": {"3": [0, 8]}}, "house.points.3"),
    ({"points": {"3": [16, 100]}}, "house.points.3"),
    ({"points": {"9": [16, 8]}}, "house.points.9"),
    ({"points": [16, 8]}, "house.points"),
    ([], "house"),
])
def test_a_bad_house_block_is_a_scenario_error_naming_the_knob(house, path):
    with pytest.raises(ScenarioError) as error:
        replay(scenario(turn(post("A", mv(5))), house=house))
    assert error.value.path == path


def test_the_scenario_error_says_what_is_wrong():
    with pytest.raises(ScenarioError) as error:
        replay(scenario(house={"dodge_pf": 10}))
    assert str(error.value) == "house.dodge_pf: expected an integer 0..9, got 10"
    assert error.value.message == "expected an integer 0..9, got 10"


def test_a_null_or_empty_house_block_is_the_rulebook():
    plain = play(turn(post("A", mv(6))))
    assert play(turn(post("A", mv(6))), house={}) == plain
    data = scenario(turn(post("A", mv(6))))
    data["house"] = None
    assert replay(data) == plain


def test_the_house_block_changes_the_replay():
    assert play(turn(post("A", mv(6))), house={"move_pf": 2})["duellists"]["A"]["pf"] == 16 - 4


def test_command_exits_2_on_an_unknown_house_rule(tmp_path):
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(json.dumps(scenario(turn(post("A", mv(5))), house={"dodge_pf": 0})))
    bad.write_text(json.dumps(scenario(turn(post("A", mv(5))), house={"esquive_pf": 1})))
    run = _replay_command(good, bad)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.strip().splitlines() == [f"{bad}: house.esquive_pf: unknown house rule"]


def test_command_exits_2_on_a_house_rule_out_of_range(tmp_path):
    file = tmp_path / "range.json"
    file.write_text(json.dumps(scenario(turn(post("A", mv(5))), house={"points": {"2": [100, 5]}})))
    run = _replay_command(file)
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.strip().splitlines() == [f"{file}: house.points.2: PF must be an integer 1..99, got 100"]


def test_command_replays_a_house_block(tmp_path):
    file = tmp_path / "house.json"
    file.write_text(json.dumps(scenario(turn(post("A", mv(5))), house={"move_pf": 9})))
    run = _replay_command(file)
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["duellists"]["A"]["pf"] == 7
