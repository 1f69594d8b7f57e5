"""SCENARIOS.md: the replay input is validated strictly (ScenarioError with a JSON path), the output
has the documented shape, and `manage.py replay` prints JSON or exits 2 with one stderr line."""
import json
import os
import subprocess
import sys

import pytest

from duels.engine import ScenarioError, replay
from tests.support.engine import cast, mv, post, scenario, turn
from tests.support.paths import ROOT

SCENARIOS = ROOT.parent / "shared" / "scenarios"


def malformed(mutate):
    data = scenario(turn(post("A", mv(5), cast("bolt", "B", "123", 1)), post("B")),
                    turn(post("A", cast("jinx", "B", "123", 1))))
    mutate(data)
    with pytest.raises(ScenarioError) as caught:
        replay(data)
    return caught.value.path, caught.value.message


def test_unknown_step_key_names_the_step_and_the_key():
    def typo(d):
        d["turns"][1]["actions"][0]["steps"].append({"mvoe": 3})
    assert malformed(typo) == ("turns[1].actions[0].steps[1]", "unknown key 'mvoe'")


@pytest.mark.parametrize(("mutate", "path"), [
    (lambda d: d.update(extra=1), "$"),
    (lambda d: d.pop("duel"), "$"),
    (lambda d: d["duel"].update(format="3v3"), "duel.format"),
    (lambda d: d["duel"].update(rp="yes"), "duel.rp"),
    (lambda d: d["duellists"].pop(), "duellists"),
    (lambda d: d["duellists"][1].update(team=1), "duellists"),
    (lambda d: d["duellists"][1].update(id="A"), "duellists[1].id"),
    (lambda d: d["duellists"][0].update(year=9), "duellists[0].year"),
    (lambda d: d["duellists"][0].update(year="3"), "duellists[0].year"),
    (lambda d: d["duellists"][0].update(colour="red"), "duellists[0]"),
    (lambda d: d["spells"][0].update(level=0), "spells[0].level"),
    (lambda d: d["spells"][0]["effect"].update(damage="2"), "spells[0].effect.damage"),
    (lambda d: d["spells"][0]["effect"].update(burn=2), "spells[0].effect"),
    (lambda d: d["spells"][0].update(tags=["FAST"]), "spells[0].tags[0]"),
    (lambda d: d["spells"][1].update(slug="bolt"), "spells[1].slug"),
    (lambda d: d["spells"][1]["modulations"][0].update(level=1), "spells[1].modulations[0].level"),
    (lambda d: d.update(turns={}), "turns"),
    (lambda d: d["turns"][0].update(reactions=[]), "turns[0]"),
    (lambda d: d["turns"][0]["actions"][0].update(by="Z"), "turns[0].actions[0].by"),
    (lambda d: d["turns"][0]["actions"][0].update(steps={}), "turns[0].actions[0].steps"),
    (lambda d: d["turns"][0]["actions"][0]["steps"][1].update(target="Z"), "turns[0].actions[0].steps[1].target"),
    (lambda d: d["turns"][0]["actions"][0]["steps"][1].update(target="Z#1"), "turns[0].actions[0].steps[1].target"),
    (lambda d: d["turns"][0]["actions"][0]["steps"][1].update(roll="1"), "turns[0].actions[0].steps[1].roll"),
    (lambda d: d["turns"][0]["actions"][0]["steps"][1].update(roll=True), "turns[0].actions[0].steps[1].roll"),
    (lambda d: d["turns"][0]["actions"][0]["steps"][1].update(bet=123), "turns[0].actions[0].steps[1].bet"),
    (lambda d: d["turns"][0]["actions"][0]["steps"][0].update(move="5"), "turns[0].actions[0].steps[0].move"),
    (lambda d: d["turns"][0]["actions"][0]["steps"][0].update(cast="bolt"), "turns[0].actions[0].steps[0]"),
    (lambda d: d["turns"][0]["actions"][0]["steps"][0].update(target="B"), "turns[0].actions[0].steps[0]"),
    (lambda d: d["turns"][0]["actions"][0]["steps"].append({}), "turns[0].actions[0].steps[2]"),
    (lambda d: d["turns"][0]["actions"][0]["steps"].append({"nothing": False}), "turns[0].actions[0].steps[2].nothing"),
    (lambda d: d["turns"][0]["actions"].append([]), "turns[0].actions[2]"),
])
def test_malformed_input_paths(mutate, path):
    assert malformed(mutate)[0] == path


def test_scenario_error_is_a_value_error_with_path_and_message():
    error = ScenarioError("turns[0]", "unknown key 'x'")
    assert str(error) == "turns[0]: unknown key 'x'" and isinstance(error, ValueError)


def test_catalog_only_keys_and_documentation_keys_are_accepted():
    data = scenario(turn(post("A", mv(5))))
    data["spells"][0].update(incantation="Boltus", description="…", name_en="Bolt")
    data["description"] = "a test"
    assert replay(data)["duellists"]["A"]["pos"] == 5


def test_null_optional_step_keys_are_absent():
    data = scenario(turn(post("A", {"cast": "shock", "target": "B", "bet": None, "roll": None, "zone": None})))
    assert replay(data)["duellists"]["B"]["pf"] == 15


def test_output_shape():
    data = scenario(turn(post("A", cast("snake", zone=6, bet="123", roll=1))), duellists=[
        {"id": "A", "team": 1, "year": 3, "types": ["x"]}, {"id": "B", "team": 2, "year": 3, "types": ["y"]}])
    result = replay(data)
    assert set(result) == {"status", "winner", "error", "duellists", "creatures", "turns"}
    assert result["creatures"] == [{"id": "A#1", "team": 1, "pos": 6, "pf": 3}]
    assert result["turns"][0]["turn"] == 1 and set(result["turns"][0]) == {"turn", "first", "second"}
    assert all(isinstance(line, str) for line in result["turns"][0]["first"]["events"])
    json.dumps(result)


def test_default_spells_apply_when_the_scenario_has_none():
    data = scenario(turn(post("A", cast("zap", "B"))))
    del data["spells"]
    zap = {"slug": "zap", "name": "Zap", "level": 1, "range": 9, "type": None, "tags": ["AUTO"],
           "target": "opponent", "effect": {"damage": 4}, "incantation": "Zappo", "description": "x"}
    assert replay(data, default_spells=[zap])["duellists"]["B"]["pf"] == 12
    assert replay(data, default_spells=[])["error"]["code"] == "unknown-spell"


def test_replay_is_deterministic():
    data = scenario(turn(post("A", mv(5), cast("bolt", "B", "123", 1)), post("B")))
    assert replay(data) == replay(json.loads(json.dumps(data)))


# --- the command --------------------------------------------------------------------------------

def manage(*args, cwd=ROOT):
    env = {**os.environ, "DEBUG": "1"}
    return subprocess.run([sys.executable, "manage.py", "replay", *map(str, args)], cwd=cwd,
                          capture_output=True, text=True, env=env, timeout=120)


def test_command_one_file_prints_indented_json(tmp_path):
    file = tmp_path / "one.json"
    file.write_text(json.dumps(scenario(turn(post("A", mv(5))))))
    run = manage(file)
    assert run.returncode == 0, run.stderr
    assert run.stdout.startswith("{\n")
    assert json.loads(run.stdout)["duellists"]["A"]["pos"] == 5


def test_command_several_files_print_one_json_line_each_in_order(tmp_path):
    files = []
    for zone in (5, 6, 7):
        files.append(tmp_path / f"s{zone}.json")
        files[-1].write_text(json.dumps(scenario(turn(post("A", mv(zone))))))
    run = manage(*files)
    lines = run.stdout.splitlines()
    assert run.returncode == 0 and len(lines) == 3
    assert [json.loads(line)["duellists"]["A"]["pos"] for line in lines] == [5, 6, 7]


def test_command_malformed_scenario_exits_2_with_one_line(tmp_path):
    data = scenario(turn(post("A", mv(5))), turn(post("A", mv(6))))
    data["turns"][1]["actions"][0]["steps"].append({"mvoe": 3})
    file = tmp_path / "x.json"
    file.write_text(json.dumps(data))
    run = manage(file)
    assert run.returncode == 2
    assert run.stderr.strip().splitlines() == [f"{file}: turns[1].actions[0].steps[1]: unknown key 'mvoe'"]
    assert run.stdout == ""


def test_command_invalid_json_exits_2_naming_the_file(tmp_path):
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(json.dumps(scenario()))
    bad.write_text('{"duel": ')
    run = manage(good, bad)
    assert run.returncode == 2
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{bad}: ") and "invalid JSON" in lines[0]


def test_command_rule_error_is_a_result_with_exit_0(tmp_path):
    file = tmp_path / "refused.json"
    file.write_text(json.dumps(scenario(turn(post("A", mv(12))))))
    run = manage(file)
    assert run.returncode == 0 and json.loads(run.stdout)["error"]["code"] == "invalid-move"


@pytest.mark.skipif(not SCENARIOS.is_dir(), reason="the shared public scenarios are not beside the repo")
def test_public_scenarios_pass_through_the_command():
    files = sorted(SCENARIOS.glob("*.json"))
    run = manage(*files)
    assert run.returncode == 0, run.stderr
    for file, line in zip(files, run.stdout.splitlines(), strict=True):
        expect = json.loads(file.read_text())["expect"]
        actual = json.loads(line)
        assert_partial(expect, actual, file.name)


def assert_partial(expected, actual, where):
    """The checker's comparison: only the keys `expected` names; lists element by element."""
    if isinstance(expected, dict):
        for key, value in expected.items():
            assert key in actual, f"{where}.{key} missing"
            assert_partial(value, actual[key], f"{where}.{key}")
    elif isinstance(expected, list):
        assert len(actual) >= len(expected), where
        for index, value in enumerate(expected):
            assert_partial(value, actual[index], f"{where}[{index}]")
    else:
        assert expected == actual, where
