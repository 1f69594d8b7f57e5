"""Property-based tests (hypothesis) on random legal duels and random input."""
import copy
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from duels.engine import START_POINTS, ScenarioError, check_post, replay, resolve_action_phase
from tests.engine.sample_spells import SAMPLE_SPELLS
from tests.support.engine import duellists_2v2, scenario, state
from tests.support.engine_properties import PROPERTY_SETTINGS as SETTINGS
from tests.support.engine_properties import formats, legal_duel, seeds
from tests.support.engine_properties import post_steps as steps


@SETTINGS
@given(seeds, formats)
def test_points_and_positions_stay_within_bounds(seed, fmt):
    data = legal_duel(seed, fmt)
    years = {d["id"]: d["year"] for d in data["duellists"]}
    result = replay(data)
    assert result["error"] is None
    snapshots = [result["duellists"]]
    for t in result["turns"]:
        snapshots += [t["first"]["state"]] + ([t["second"]["state"]] if t["second"] else [])
    for snapshot in snapshots:
        for duellist_id, d in snapshot.items():
            start_pf, start_pm = START_POINTS[years[duellist_id]]
            assert 0 <= d["pf"] <= start_pf
            assert 0 <= d["pm"] <= start_pm
            assert 0 <= d["pos"] <= 12
            assert d["out"] or d["pf"] > 0
    for creature in result["creatures"]:
        assert 1 <= creature["pos"] <= 11 and creature["pf"] > 0


@SETTINGS
@given(seeds, formats)
def test_replay_is_deterministic(seed, fmt):
    data = legal_duel(seed, fmt, max_turns=10)
    assert replay(data) == replay(copy.deepcopy(data))


@SETTINGS
@given(seeds, formats)
def test_a_finished_duel_has_a_team_out(seed, fmt):
    result = replay(legal_duel(seed, fmt))
    teams = {d["id"]: d["team"] for d in legal_duel(seed, fmt)["duellists"]}
    out_teams = {team for team in (1, 2)
                 if all(d["out"] for i, d in result["duellists"].items() if teams[i] == team)}
    if result["status"] == "finished":
        assert out_teams and result["winner"] == ({1, 2} - out_teams or {None}).pop()
    else:
        assert not out_teams


positions = st.integers(min_value=0, max_value=12)


@SETTINGS
@given(positions, positions, positions, positions, st.integers(min_value=1, max_value=11))
def test_opponents_never_share_a_zone_after_a_voluntary_move(a, b, c, d, wanted):
    s = state(duellists=duellists_2v2(), A=a, B=b, C=c, D=d)
    mover = s.duellist("A")
    started_with_opponent = mover.pos in {b, d}
    after = resolve_action_phase(s, [{"by": "A", "steps": [{"move": wanted}]}]).state
    moved = after.duellist("A")
    if moved.pos != mover.pos or not started_with_opponent:
        assert moved.pos not in {after.duellist("B").pos, after.duellist("D").pos} or moved.pos in (0, 12)



@SETTINGS
@given(seeds, st.lists(steps, max_size=4), st.sampled_from("ABCD"))
def test_a_refused_post_changes_nothing(seed, post_steps, by):
    data = legal_duel(seed, "2v2", max_turns=6)
    before = replay(data)
    if before["status"] == "finished":
        return
    extended = copy.deepcopy(data)
    extended["turns"].append({"actions": [{"by": by, "steps": post_steps}]})
    after = replay(extended)
    if after["error"] is not None and after["error"]["turn"] == len(data["turns"]) + 1:
        assert after["duellists"] == before["duellists"]
        assert after["creatures"] == before["creatures"]
        assert after["turns"] == before["turns"]


@SETTINGS
@given(seeds, st.lists(steps, max_size=4), st.sampled_from("ABCD"))
def test_check_post_never_mutates_the_state(seed, post_steps, by):
    s = state(duellists=duellists_2v2(years=(1, 3, 6, 8)))
    before = s.to_dict()
    check_post(s, {"by": by, "steps": post_steps}, require_rolls=bool(seed % 2))
    assert s.to_dict() == before


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 15) | st.floats(allow_nan=False) | st.text(max_size=6),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=20,
)


def replay_or_scenario_error(data):
    try:
        result = replay(data, default_spells=SAMPLE_SPELLS)
    except ScenarioError:
        return None
    json.dumps(result)
    return result


@SETTINGS
@given(json_values)
def test_random_json_never_crashes_replay(data):
    replay_or_scenario_error(data)


def _paths(node, here=()):
    yield here
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*here, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _paths(value, (*here, index))


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_mutated_scenarios_never_crash_replay(data):
    base = scenario({"actions": [{"by": "A", "steps": [{"move": 5}, {"cast": "bolt", "target": "B", "bet": "123", "roll": 1}]}],
                     "defence": [{"by": "B", "steps": [{"dodge": "123", "roll": 4}]}]},
                    {"actions": [{"by": "B", "steps": [{"cast": "snake", "zone": 6, "bet": "123", "roll": 1}]}]})
    paths = [p for p in _paths(base) if p]
    path = data.draw(st.sampled_from(paths))
    node = base
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = data.draw(json_values)
    replay_or_scenario_error(base)
