"""Property tests (hypothesis): random house rules with random legal duels never break an invariant of
RULES.md: PF and PM within 0..the duel's starting points, positions 0..12, out at 0 PF, a refused post
changes nothing, at most `overlevel_per_duel` attempts, no spell twice under `repeat: duel`, and the
stored (JSON) state carries the house rules so a reloaded duel goes on the same way."""
import copy
import json

from hypothesis import given
from hypothesis import strategies as st

from duels.engine import (
    DuelState,
    HouseRules,
    check_post,
    replay,
    resolve_action_phase,
    resolve_defence_phase,
)
from duels.engine.house_rules import REPEAT_RULES
from duels.engine.scenario_schema import parse_scenario
from duels.engine.state import new_duel_state
from tests.support.engine_properties import PROPERTY_SETTINGS as SETTINGS
from tests.support.engine_properties import formats, legal_duel, seeds
from tests.support.engine_properties import post_steps as steps

house_dicts = st.fixed_dictionaries({}, optional={
    "points": st.dictionaries(st.integers(1, 8).map(str), st.tuples(st.integers(1, 99), st.integers(0, 99)).map(list),
                              max_size=8),
    "dodge_pf": st.integers(0, 9), "move_pf": st.integers(1, 9), "fall_pf": st.integers(0, 9),
    "overlevel_per_duel": st.integers(0, 3), "repeat": st.sampled_from(REPEAT_RULES),
})


def house_duel(seed, fmt, house, max_turns=25):
    """A random legal duel under the house rules `house` (a JSON dict)."""
    return legal_duel(seed, fmt, max_turns, house=HouseRules.from_dict(house))


def played_states(data):
    """Every state of the scenario's duel, each phase resolved from the previous state's stored JSON."""
    parsed = parse_scenario(data, default_spells=[])
    state = new_duel_state(format=parsed.format, rp=parsed.rp, duellists=parsed.duellists, spells=parsed.spells,
                           house=parsed.house)
    catalog = [s.to_dict() for s in parsed.spells]
    states = [state]
    for t in data["turns"]:
        state = DuelState.from_dict(json.loads(json.dumps(state.to_dict(catalog=False))), spells=catalog)
        first = resolve_action_phase(state, t["actions"])
        states.append(first.state)
        if first.defence_follows:
            state = DuelState.from_dict(json.loads(json.dumps(first.state.to_dict(catalog=False))), spells=catalog)
            states.append(resolve_defence_phase(state, t.get("defence", [])).state)
        state = states[-1]
    return states


@SETTINGS
@given(seeds, formats, house_dicts)
def test_points_and_positions_stay_within_the_house_bounds(seed, fmt, house):
    rules = HouseRules.from_dict(house)
    data = house_duel(seed, fmt, house)
    result = replay(data)
    assert result["error"] is None
    years = {d["id"]: d["year"] for d in data["duellists"]}
    snapshots = [result["duellists"]]
    for t in result["turns"]:
        snapshots += [t["first"]["state"]] + ([t["second"]["state"]] if t["second"] else [])
    for snapshot in snapshots:
        for duellist_id, d in snapshot.items():
            start_pf, start_pm = rules.points[years[duellist_id]]
            assert 0 <= d["pf"] <= start_pf
            assert 0 <= d["pm"] <= start_pm
            assert 0 <= d["pos"] <= 12
            assert d["out"] or d["pf"] > 0


@SETTINGS
@given(seeds, formats, house_dicts)
def test_overlevel_attempts_and_repeats_follow_the_house_rules(seed, fmt, house):
    rules = HouseRules.from_dict(house)
    states = played_states(house_duel(seed, fmt, house, max_turns=15))
    for s in states:
        assert s.house == rules
        for d in s.duellists:
            assert d.overlevels <= rules.overlevel_per_duel
            slugs = [slug for _, slug in d.casts]
            if rules.repeat == "duel":
                assert len(slugs) == len(set(slugs))


@SETTINGS
@given(seeds, formats, house_dicts)
def test_a_stored_state_goes_on_like_the_replay(seed, fmt, house):
    data = house_duel(seed, fmt, house, max_turns=12)
    final = played_states(data)[-1]
    result = replay(data)
    assert {d.id: {"pf": d.pf, "pm": d.pm, "pos": d.pos, "out": d.out} for d in final.duellists} == result["duellists"]



@SETTINGS
@given(seeds, house_dicts, st.lists(steps, max_size=4), st.sampled_from("ABCD"))
def test_a_refused_post_leaves_the_state_as_the_phase_opened(seed, house, post_steps, by):
    data = house_duel(seed, "2v2", house, max_turns=6)
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
@given(seeds, house_dicts, st.lists(steps, max_size=4), st.sampled_from("ABCD"))
def test_check_post_never_mutates_a_house_state(seed, house, post_steps, by):
    states = played_states(house_duel(seed, "2v2", house, max_turns=4))
    s = states[-1]
    before = s.to_dict()
    check_post(s, {"by": by, "steps": post_steps}, require_rolls=bool(seed % 2))
    assert s.to_dict() == before
