"""Reach at its edges (RULES.md §3.1 distance, §4.1 Cast reach, §7 ZONE radius and creatures): a
target at exactly the range (or on the edge of a radius) is reached, one zone further is not; the
figures `options_for` shows agree. Found by mutation testing."""
import pytest

from duels.engine import options_for, resolve_action_phase
from tests.engine.sample_spells import SAMPLE_SPELLS
from tests.support.engine import cast, duellists_2v2, mv, post, spell, state

WAVE = spell("wave", level=1, range=6, tags=("ZONE",), target="zone", radius=1, effect={"damage": 1})
SUMMON = spell("call", level=1, range=2, tags=("INVOCATION",), target="zone",
               effect={"summon": {"name": "imp", "pf": 2, "damage": 1, "range": 2, "turns": 2}})


def _casts(result):
    return [e for e in result.events if e.kind == "cast"]


# --- a targeted spell: distance <= range ---------------------------------------------------------

@pytest.mark.parametrize(("b_pos", "outcome"), [(7, "pending"), (8, "out-of-range"), (1, "pending")])
def test_a_spell_reaches_a_target_at_exactly_its_range(b_pos, outcome):
    s = state(A=4, B=b_pos)  # Jinx: range 3
    result = resolve_action_phase(s, [post("A", cast("jinx", "B", "123", 1))])
    [event] = _casts(result)
    assert event.outcome == outcome
    assert event.numbers["distance"] == abs(4 - b_pos) and event.numbers["range"] == 3
    assert result.state.duellist("A").pm == 8 - 2  # paid either way
    assert result.defence_follows is (outcome == "pending")


def test_range_is_measured_after_the_move_before_the_cast():
    s = state(A=3, B=8)
    result = resolve_action_phase(s, [post("A", mv(5), cast("jinx", "B", "123", 1))])
    assert [e.outcome for e in _casts(result)] == ["pending"]


def test_options_show_a_target_at_exactly_the_range_in_reach_and_one_further_not():
    for b_pos, in_reach in ((7, True), (8, False)):
        jinx = next(e for e in options_for(state(A=4, B=b_pos), "A")["spells"] if e["slug"] == "jinx")
        assert jinx["targets"] == [{"id": "B", "kind": "duellist", "team": 2, "pos": b_pos,
                                    "distance": b_pos - 4, "in_reach": in_reach}]


def test_options_zones_in_reach_end_at_the_range():
    wave = next(e for e in options_for(state(spells=[WAVE], A=4, B=11), "A")["spells"] if e["slug"] == "wave")
    reach = {t["zone"]: (t["distance"], t["in_reach"], t["free"]) for t in wave["targets"]}
    assert reach[10] == (6, True, True) and reach[11] == (7, False, True) and reach[1] == (3, True, True)


def test_options_summon_zones_are_free_unless_someone_stands_there():
    s = state(spells=[SUMMON], A=4, B=6)
    entry = next(e for e in options_for(s, "A")["spells"] if e["slug"] == "call")
    zones = {t["zone"]: (t["in_reach"], t["free"]) for t in entry["targets"]}
    assert zones[6] == (True, False) and zones[4] == (True, False)
    assert zones[5] == (True, True) and zones[2] == (True, True) and zones[7] == (False, True)


# --- ZONE spells: reach to the zone, radius on both sides ---------------------------------------

@pytest.mark.parametrize(("zone", "outcome"), [(10, "success"), (11, "out-of-range")])
def test_a_zone_spell_reaches_a_zone_at_exactly_its_range(zone, outcome):
    s = state(spells=[WAVE], A=4, B=10)
    result = resolve_action_phase(s, [post("A", cast("wave", zone=zone, bet="123", roll=1))])
    [event] = _casts(result)
    assert (event.outcome, event.numbers["zone"], event.numbers["distance"]) == (outcome, zone, zone - 4)


@pytest.mark.parametrize(("b_pos", "hit"), [(5, False), (6, True), (7, True), (8, True), (9, False)])
def test_a_zone_spell_hits_duellists_up_to_the_edge_of_its_radius(b_pos, hit):
    s = state(spells=[WAVE], A=1, B=b_pos)
    result = resolve_action_phase(s, [post("A", cast("wave", zone=7, bet="123", roll=1))])
    assert result.state.duellist("B").pf == 16 - (1 if hit else 0)
    damage = [(e.target, e.numbers) for e in result.events if e.kind == "damage"]
    assert damage == ([("B", {"damage": 1})] if hit else [])


@pytest.mark.parametrize(("creature_zone", "summoner", "hit"), [(5, 3, False), (6, 4, True), (8, 10, True),
                                                                 (9, 11, False)])
def test_a_zone_spell_hits_creatures_up_to_the_edge_of_its_radius(creature_zone, summoner, hit):
    lasting = {**SUMMON, "effect": {"summon": {"name": "imp", "pf": 2, "damage": 1, "range": 2, "turns": 3}}}
    s = state(spells=[WAVE, lasting], A=1, B=summoner)
    summoned = resolve_action_phase(s, [post("B", cast("call", zone=creature_zone, bet="123", roll=1))])
    [creature] = summoned.state.creatures
    assert creature.pos == creature_zone
    after = resolve_action_phase(summoned.state, [post("A", cast("wave", zone=7, bet="123", roll=1))])
    assert {c.id: c.pf for c in after.state.creatures} == {creature.id: 2 - (1 if hit else 0)}
    assert after.state.duellist("B").pf == 16


def test_a_zone_spell_leaves_out_the_caster_but_not_a_teammate():
    s = state(duellists=duellists_2v2(), spells=[WAVE], A=6, C=7, B=8, D=11)
    result = resolve_action_phase(s, [post("A", cast("wave", zone=7, bet="123", roll=1))])
    assert [(d.id, d.pf) for d in result.state.duellists] == [("A", 16), ("B", 15), ("C", 15), ("D", 16)]


# --- creatures strike within their range ---------------------------------------------------------

@pytest.mark.parametrize(("b_pos", "struck"), [(6, True), (7, True), (8, False)])
def test_a_creature_strikes_an_opponent_at_exactly_its_range(b_pos, struck):
    s = state(spells=[SUMMON], A=3, B=b_pos)  # the imp lands in zone 5, range 2
    result = resolve_action_phase(s, [post("A", cast("call", zone=5, bet="123", roll=1))])
    assert result.state.creatures[0].pos == 5
    strikes = [(e.target, e.numbers) for e in result.events if e.kind == "creature-strike"]
    assert result.state.duellist("B").pf == 16 - (1 if struck else 0)
    assert len(strikes) == (1 if struck else 0)


def test_a_creature_strikes_the_nearest_then_the_lowest_then_the_first_listed():
    summon = {**SUMMON, "effect": {"summon": {"name": "imp", "pf": 2, "damage": 1, "range": 3, "turns": 2}}}
    # B at distance 2 (zone 7), D at distance 1 (zone 4): D, the nearest
    s = state(duellists=duellists_2v2(), spells=[summon], A=3, C=3, B=7, D=4)
    s.duellist("A").pos = 3
    result = resolve_action_phase(s, [post("A", cast("call", zone=5, bet="123", roll=1))])
    pfs = {d.id: d.pf for d in result.state.duellists}
    assert (pfs["B"], pfs["D"]) == (16, 15)
    # B in zone 6 and D in zone 4: same distance, D is lower
    s = state(duellists=duellists_2v2(), spells=[summon], A=3, C=3, B=6, D=4)
    result = resolve_action_phase(s, [post("A", cast("call", zone=5, bet="123", roll=1))])
    pfs = {d.id: d.pf for d in result.state.duellists}
    assert (pfs["B"], pfs["D"]) == (16, 15)
    # both in zone 6: B is listed first
    s = state(duellists=duellists_2v2(), spells=[summon], A=3, C=3, B=6, D=6)
    result = resolve_action_phase(s, [post("A", cast("call", zone=5, bet="123", roll=1))])
    pfs = {d.id: d.pf for d in result.state.duellists}
    assert (pfs["B"], pfs["D"]) == (15, 16)


def test_sample_spells_are_still_the_ones_these_tests_assume():
    jinx = next(s for s in SAMPLE_SPELLS if s["slug"] == "jinx")
    assert (jinx["level"], jinx["range"]) == (2, 3)


def test_a_creature_passes_over_an_opponent_out_of_its_range_to_one_within_it():
    summon = {**SUMMON, "effect": {"summon": {"name": "imp", "pf": 2, "damage": 1, "range": 1, "turns": 2}}}
    s = state(duellists=duellists_2v2(), spells=[summon], A=3, C=3, B=8, D=6)
    result = resolve_action_phase(s, [post("A", cast("call", zone=5, bet="123", roll=1))])
    assert [(e.actor, e.target, e.numbers) for e in result.events if e.kind == "creature-strike"] == [
        ("A#1", "D", {"damage": 1})]
    assert {d.id: d.pf for d in result.state.duellists}["D"] == 15


def test_every_creature_strikes_even_after_one_with_nobody_in_range():
    far = {**SUMMON, "slug": "far", "name": "Far",
           "effect": {"summon": {"name": "imp", "pf": 2, "damage": 1, "range": 1, "turns": 3}}}
    s = state(duellists=duellists_2v2(), spells=[far], A=2, C=6, B=9, D=10)
    result = resolve_action_phase(s, [post("A", cast("far", zone=3, bet="123", roll=1)),
                                      post("C", cast("far", zone=8, bet="123", roll=1))])
    # A#1 in zone 3 reaches nobody; C#1 in zone 8 reaches B in zone 9
    strikes = [e for e in result.events if e.kind == "creature-strike"]
    assert [(e.actor, e.target, e.numbers) for e in strikes] == [("C#1", "B", {"damage": 1})]
    assert "imp" in strikes[0].text  # the declaration names the creature
    damage = [(e.actor, e.target, e.numbers) for e in result.events if e.kind == "damage"]
    assert damage == [("C#1", "B", {"damage": 1})]


def test_a_shield_absorbs_a_creature_strike_and_names_the_creature():
    s = state(spells=[SUMMON], A=3, B=6)
    s.duellist("B").shield = 1
    result = resolve_action_phase(s, [post("A", cast("call", zone=5, bet="123", roll=1))])
    assert result.state.duellist("B").pf == 16
    assert [(e.actor, e.target) for e in result.events if e.kind == "absorbed"] == [("A#1", "B")]
