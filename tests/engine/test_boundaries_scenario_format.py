"""The scenario format (SCENARIOS.md) at its edges: every malformed key is refused with the JSON path of
the key at fault and what was expected instead of what was found; optional keys left null take their
defaults. Found by mutation testing."""
import copy

import pytest

from duels.engine import ScenarioError, replay, validate_post
from tests.support.engine import BOLT_D2, cast, spell

DROP = object()


def _scenario():
    return {"duel": {"format": "1v1", "rp": False},
            "duellists": [{"id": "A", "team": 1, "year": 3, "types": ["defense"]}, {"id": "B", "team": 2, "year": 3}],
            "spells": [copy.deepcopy(BOLT_D2)], "turns": [{"actions": [{"by": "A", "steps": [{"move": 5}]}]}]}


def changed(path, value):
    """The scenario with the key at `path` set to `value` (or removed: DROP); the empty path replaces it."""
    if not path:
        return value
    data = _scenario()
    *parents, last = path
    here = data
    for key in parents:
        here = here[key]
    if value is DROP:
        del here[last]
    else:
        here[last] = value
    return data


@pytest.mark.parametrize("path, value, at, said", [
    ((), [], '$', '$: expected an object, got a list'),
    (('duel',), DROP, '$', "$: missing key 'duel'"),
    (('duel',), [], 'duel', 'duel: expected an object, got a list'),
    (('duel', 'format'), DROP, 'duel', "duel: missing key 'format'"),
    (('duel', 'rp'), 'yes', 'duel.rp', 'duel.rp: expected a boolean, got a string'),
    (('duellists',), DROP, '$', "$: missing key 'duellists'"),
    (('duellists',), None, 'duellists', 'duellists: expected a list, got null'),
    (('duellists',), 'x', 'duellists', 'duellists: expected a list, got a string'),
    (('duellists', 0), [], 'duellists[0]', 'duellists[0]: expected an object, got a list'),
    (('duellists', 0, 'id'), DROP, 'duellists[0]', "duellists[0]: missing key 'id'"),
    (('duellists', 0, 'team'), DROP, 'duellists[0]', "duellists[0]: missing key 'team'"),
    (('duellists', 0, 'team'), '1', 'duellists[0].team', 'duellists[0].team: expected an integer, got a string'),
    (('duellists', 0, 'team'), 1.5, 'duellists[0].team', 'duellists[0].team: expected an integer, got a number'),
    (('duellists', 0, 'year'), DROP, 'duellists[0]', "duellists[0]: missing key 'year'"),
    (('duellists', 0, 'year'), '3', 'duellists[0].year', 'duellists[0].year: expected an integer, got a string'),
    (('duellists', 0, 'types'), True, 'duellists[0].types', 'duellists[0].types: expected a list, got a boolean'),
    (('duellists', 0, 'types'), {}, 'duellists[0].types', 'duellists[0].types: expected a list, got an object'),
    (('duellists', 0, 'prodigium'), 'no', 'duellists[0].prodigium', 'duellists[0].prodigium: expected a boolean, got a string'),
    (('duellists', 1, 'team'), 1, 'duellists', 'duellists: a 1v1 duel needs 1 duellist(s) in team 1, got 2'),
    (('spells',), 'x', 'spells', 'spells: expected a list, got a string'),
    (('turns',), 'x', 'turns', 'turns: expected a list, got a string'),
    (('turns', 0), 5, 'turns[0]', 'turns[0]: expected an object, got an integer'),
    (('turns', 0, 'actions'), 'x', 'turns[0].actions', 'turns[0].actions: expected a list, got a string'),
    (('turns', 0, 'defence'), 'x', 'turns[0].defence', 'turns[0].defence: expected a list, got a string'),
    (('turns', 0, 'actions', 0), [], 'turns[0].actions[0]', 'turns[0].actions[0]: expected an object, got a list'),
    (('turns', 0, 'actions', 0, 'by'), DROP, 'turns[0].actions[0]', "turns[0].actions[0]: missing key 'by'"),
    (('turns', 0, 'actions', 0, 'by'), 5, 'turns[0].actions[0].by', 'turns[0].actions[0].by: expected a string, got an integer'),
    (('turns', 0, 'actions', 0, 'steps'), 'x', 'turns[0].actions[0].steps', 'turns[0].actions[0].steps: expected a list, got a string'),
    (('turns', 0, 'actions', 0, 'steps', 0, 'move'), '5', 'turns[0].actions[0].steps[0].move', 'turns[0].actions[0].steps[0].move: expected an integer zone, got a string'),
    (('duellists', 0, 'id'), 5, 'duellists[0].id', 'duellists[0].id: expected a string, got an integer'),
    (('duellists', 0, 'id'), 'A#1', 'duellists[0].id', "duellists[0].id: a duellist id is a non-empty string without '#'"),
    (('duellists', 0, 'types'), [5], 'duellists[0].types[0]', 'duellists[0].types[0]: expected a magic type slug, got an integer'),
    (('duellists',), ('x',), 'duellists', 'duellists: expected a list, got tuple'),
    (('turns', 0, 'defence'), [[]], 'turns[0].defence[0]', 'turns[0].defence[0]: expected an object, got a list'),
    (('turns', 0, 'actions', 0, 'steps', 0), {'move': 5, 'cast': 'bolt'}, 'turns[0].actions[0].steps[0]',
     'turns[0].actions[0].steps[0]: a step has exactly one of move, cast, dodge, nothing (found move and cast)'),
    (('turns', 0, 'actions', 0, 'steps', 0), {}, 'turns[0].actions[0].steps[0]',
     'turns[0].actions[0].steps[0]: a step has exactly one of move, cast, dodge, nothing (found none)'),
])
def test_a_malformed_scenario_is_refused_with_the_path_of_the_key_at_fault(path, value, at, said):
    with pytest.raises(ScenarioError) as raised:
        replay(changed(path, value))
    assert (raised.value.path, str(raised.value)) == (at, said)


def test_null_optional_keys_take_their_defaults():
    scenario = _scenario()
    scenario["duel"]["rp"] = None
    scenario["duellists"][1]["types"] = None
    scenario["turns"] = [{"actions": None, "defence": None}, {"actions": [{"by": "A", "steps": None}]}]
    result = replay(scenario)
    assert result["error"] is None and [t["turn"] for t in result["turns"]] == [1, 2]
    assert replay({**_scenario(), "turns": None})["turns"] == []


def test_a_live_post_is_checked_under_the_path_post():
    with pytest.raises(ScenarioError) as raised:
        validate_post([], {"A"})
    assert str(raised.value) == "post: expected an object, got a list"


def test_an_error_in_the_default_catalog_says_so():
    scenario = _scenario()
    del scenario["spells"]
    with pytest.raises(ScenarioError) as raised:
        replay(scenario, default_spells=[{**BOLT_D2, "range": -1}])
    assert raised.value.path == "spells (default catalog)[0].range"


@pytest.mark.parametrize("duel, duellist", [({"format": "1v1"}, {"prodigium": True}), ({"format": "1v1", "rp": True}, {})])
def test_without_rp_or_prodigium_the_overlevel_attempt_takes_the_two_number_bets(duel, duellist):
    # only a Prodigium member in an RP duel bets 123/456 on the overlevel attempt (RULES.md ruling)
    scenario = _scenario()
    scenario["duel"] = duel
    scenario["duellists"][0] = {"id": "A", "team": 1, "year": 3, **duellist}
    scenario["spells"].append(spell("big", level=4, effect={"damage": 6}))
    scenario["turns"] = [{"actions": [{"by": "A", "steps": [cast("big", "B", "123", 1, overlevel=True)]}]}]
    assert replay(scenario)["error"]["code"] == "invalid-bet"
