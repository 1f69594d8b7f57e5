"""Rulings where RULES.md is silent (listed in duels/engine/__init__.py). One test each; the
other ruling tests live beside their section (grep test_ruling_)."""
from duels.engine import check_post, options_for, resolve_action_phase, resolve_defence_phase
from tests.support.engine import (
    cast,
    dodge,
    duellists_1v1,
    duellists_2v2,
    error_code,
    mv,
    play,
    points,
    post,
    spell,
    state,
    turn,
)

GRAB = spell("grab", level=1, range=9, effect={"pull": 3})
REPEL = spell("repel", level=1, range=9, effect={"push": 2})
SNAKE = spell("snake", level=1, range=9, tags=["INVOCATION"], target="zone",
              effect={"summon": {"name": "serpent", "pf": 3, "damage": 1, "range": 1, "turns": 1}})
KILL = spell("kill", level=1, range=9, tags=["AUTO"], effect={"damage": 40})
SHOVE = spell("shove", level=1, range=9, tags=["AUTO"], effect={"push": 9})
SHIELD2 = spell("shield2", level=1, range=0, tags=["AUTO", "DEFENCE"], target="self", effect={"shield": {"charges": 2}})
SHIELD1 = spell("shield1", level=1, range=0, tags=["AUTO", "DEFENCE"], target="self", effect={"shield": {"charges": 1}})
KIT = [GRAB, REPEL, SNAKE, KILL, SHOVE, SHIELD1, SHIELD2]


def test_ruling_a_pending_pull_goes_toward_the_casters_position_at_the_second_declaration():
    # A pulls B from 6 then steps back to 1: at the declaration B is pulled 3 zones toward A in 1
    s = state(spells=KIT, A=4, B=6)
    first = resolve_action_phase(s, [post("A", cast("grab", "B", "123", 1), mv(1))])
    after = resolve_defence_phase(first.state, []).state
    assert after.duellist("B").pos == 3


def test_ruling_a_pending_push_goes_away_from_the_casters_position_at_the_second_declaration():
    s = state(spells=KIT, A=4, B=6)
    first = resolve_action_phase(s, [post("A", cast("repel", "B", "123", 1), mv(2))])
    after = resolve_defence_phase(first.state, []).state
    assert after.duellist("B").pos == 8


def test_ruling_a_vanished_creature_id_is_unknown_afterwards():
    result = play(turn(post("A", cast("snake", zone=6, bet="123", roll=1))),
                  turn(post("B", cast("grab", "A#1", "123", 1))), spells=KIT)
    assert result["turns"][0]["first"]["events"][-1] == "serpent (A#1) disparaît."
    assert error_code(result) == "invalid-target"


def test_ruling_a_summon_may_land_where_a_knocked_out_duellist_lies():
    s = state(spells=KIT, duellists=duellists_2v2(), A=2, C=2, B=8, D=6)
    s = resolve_action_phase(s, [post("A", cast("kill", "D"))]).state
    result = resolve_action_phase(s, [post("C", cast("snake", zone=6, bet="123", roll=1))])
    assert [(e.kind, e.numbers) for e in result.events if e.kind == "summon"] == [("summon", {"pos": 6})]


def test_ruling_a_creature_strikes_at_the_end_of_the_phase_it_appears_in():
    s = state(spells=KIT, A=2, B=8)
    after = resolve_action_phase(s, [post("A", cast("snake", zone=7, bet="123", roll=1))]).state
    assert after.duellist("B").pf == 15


def test_ruling_a_second_shield_tops_up_never_adds():
    s = state(spells=KIT, duellists=duellists_2v2())
    after = resolve_action_phase(s, [post("A", cast("shield2")), post("A", cast("shield1"))]).state
    assert after.duellist("A").shield == 0  # turn ended: shields gone
    s = state(spells=KIT)
    first = resolve_action_phase(s, [post("A", cast("shield2")), post("B", cast("repel", "A", "123", 1))])
    assert first.state.duellist("A").shield == 2
    second = resolve_defence_phase(first.state, [post("A", cast("shield1"))])
    assert second.state.duellist("A").pf == 16
    assert [e.kind for e in second.events].count("absorbed") == 1


def test_ruling_defence_posts_after_a_knockout_at_the_first_declaration_are_not_targeted():
    result = play(turn(post("A", cast("kill", "B")), defence=[post("A", {"nothing": True})]), spells=KIT)
    assert result["error"] == {"code": "not-targeted", "turn": 1, "phase": "defence", "by": "A"}
    result = play(turn(post("A", cast("kill", "B")), defence=[post("B", {"nothing": True})]), spells=KIT)
    assert error_code(result) == "duellist-out"


def test_ruling_off_the_stage_a_duellist_may_dodge_but_not_cast_a_defence_spell():
    s = state(spells=KIT, duellists=duellists_2v2(), A=1)
    first = resolve_action_phase(s, [post("B", cast("shove", "A")), post("D", cast("repel", "A", "123", 1))])
    assert first.state.duellist("A").pos == 0 and first.defence_follows
    assert check_post(first.state, post("A", cast("shield1")), require_rolls=True) == "off-stage"
    assert check_post(first.state, post("A", dodge("123", 1)), require_rolls=True) is None
    assert options_for(first.state, "A")["defence"]["spells"] == []


def test_ruling_prodigium_rp_overlevel_bets_are_123_or_456_only():
    prodigium = duellists_1v1(A={"prodigium": True})
    result = play(turn(post("A", cast("big", "B", "56", 5, overlevel=True))), duellists=prodigium, rp=True)
    assert error_code(result) == "invalid-bet"


def test_ruling_a_modulation_without_bonus_gives_its_own_normal_effect_on_a_bonus_bet():
    jinx = spell("jinx", level=1, type="malefices", effect={"damage": 1}, bonus={"damage": 9},
                 modulations=[{"level": 2, "effect": {"damage": 4}}])
    result = play(turn(post("A", cast("jinx", "B", "123", 1, modulation=2))),
                  duellists=duellists_1v1(a_types=("malefices",)), spells=[jinx])
    assert points(result, "B")[0] == 12


def test_ruling_an_error_in_the_defence_phase_keeps_the_turns_first_declaration():
    result = play(turn(post("A", cast("repel", "B", "123", 1)), defence=[post("B", dodge("12", 1))]), spells=KIT)
    assert error_code(result) == "invalid-bet"
    assert [(t["turn"], t["second"]) for t in result["turns"]] == [(1, None)]
    assert result["duellists"] == result["turns"][0]["first"]["state"]
