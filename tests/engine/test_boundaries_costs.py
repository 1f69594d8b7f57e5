"""Costs at their edges (RULES.md §4.1 Move / Cast cost, §4.2 dodge, §5): a cost equal to what the
duellist has is paid (and may knock them out), one more is void; `options_for` shows the same figures.
Found by mutation testing: each test fails when one comparison moves by one."""
import pytest

from duels.engine import options_for, resolve_action_phase, resolve_defence_phase
from tests.support.engine import cast, dodge, mv, post, state


def _kinds(result, kind):
    return [e for e in result.events if e.kind == kind]


def _defending(pf):
    """B holds one pending hit (a Bolt from A) and has `pf` PF when the defence phase opens."""
    first = resolve_action_phase(state(), [post("A", cast("bolt", "B", "123", 1))])
    assert first.defence_follows
    first.state.duellist("B").pf = pf
    return first.state


# --- dodge: 2 PF -------------------------------------------------------------------------------

def test_a_dodge_with_exactly_two_pf_is_paid_and_knocks_the_dodger_out():
    s = _defending(2)
    assert options_for(s, "B")["defence"]["dodge"]["void"] is False
    result = resolve_defence_phase(s, [post("B", dodge("123", 2))])
    b = result.state.duellist("B")
    assert b.pf == 0 and b.out
    assert [e.outcome for e in _kinds(result, "voided")] == []
    assert result.outcome.finished and result.outcome.winner == 1


def test_a_dodge_with_three_pf_leaves_one():
    s = _defending(3)
    result = resolve_defence_phase(s, [post("B", dodge("123", 2))])
    assert result.state.duellist("B").pf == 1 and not result.state.duellist("B").out
    assert not result.outcome.finished


def test_a_dodge_with_one_pf_is_void_and_costs_nothing():
    s = _defending(1)
    assert options_for(s, "B")["defence"]["dodge"]["void"] is True
    result = resolve_defence_phase(s, [post("B", dodge("123", 2))])
    assert [(e.outcome, e.numbers.get("step")) for e in _kinds(result, "voided")] == [("dodge-pf", "dodge")]
    # the hit was not dodged: Bolt's 2 damage lands on the remaining PF
    assert result.state.duellist("B").out


# --- moving: 1 PF a zone -----------------------------------------------------------------------

def test_a_move_costing_exactly_the_pf_is_made_and_knocks_out():
    s = state(A=4, B=8)
    s.duellist("A").pf = 3
    result = resolve_action_phase(s, [post("A", mv(1))])
    a = result.state.duellist("A")
    assert (a.pos, a.pf, a.out) == (1, 0, True)
    assert [(e.numbers["from"], e.numbers["to"], e.numbers["pf"]) for e in _kinds(result, "move")] == [(4, 1, 3)]


def test_a_move_costing_one_more_than_the_pf_is_void_and_free():
    s = state(A=4, B=8)
    s.duellist("A").pf = 2
    result = resolve_action_phase(s, [post("A", mv(1))])
    a = result.state.duellist("A")
    assert (a.pos, a.pf, a.out) == (4, 2, False)
    assert [(e.outcome, e.numbers["step"]) for e in _kinds(result, "voided")] == [("cost", "move")]


def test_options_list_a_move_costing_exactly_the_pf_as_knocking_out_and_not_one_more():
    s = state(A=4, B=11)
    s.duellist("A").pf = 3
    moves = {m["zone"]: m for m in options_for(s, "A")["moves"]}
    assert moves[1] == {"zone": 1, "cost": 3, "knocks_out": True}
    assert moves[7] == {"zone": 7, "cost": 3, "knocks_out": True}
    assert moves[6] == {"zone": 6, "cost": 2, "knocks_out": False}
    assert 8 not in moves  # 4 PF


def test_a_climb_back_costing_exactly_the_pf_is_made_and_one_more_is_void():
    s = state(A=0, B=8)
    s.duellist("A").pf = 3
    made = resolve_action_phase(s, [post("A", mv(3))])
    assert (made.state.duellist("A").pos, made.state.duellist("A").pf) == (3, 0)
    assert [(e.numbers["from"], e.numbers["to"], e.numbers["pf"]) for e in _kinds(made, "climb")] == [(0, 3, 3)]
    void = resolve_action_phase(s, [post("A", mv(4))])
    assert (void.state.duellist("A").pos, void.state.duellist("A").pf) == (0, 3)
    assert [(e.outcome, e.numbers["step"]) for e in _kinds(void, "voided")] == [("cost", "climb")]


# --- casting: PM first, then PF ----------------------------------------------------------------

@pytest.mark.parametrize(("pm", "pf", "paid_pm", "paid_pf", "out"), [
    (2, 5, 2, 0, False),   # cost == PM: nothing from PF
    (1, 5, 1, 1, False),   # one short: 1 PF
    (0, 2, 0, 2, True),    # cost == PF with no PM: resolves, then out
    (1, 1, 1, 1, True),    # cost == PM + PF
])
def test_a_cast_is_paid_from_pm_then_pf_and_may_take_pf_to_zero(pm, pf, paid_pm, paid_pf, out):
    s = state(A=4, B=6)  # Jinx: level 2, range 3
    a = s.duellist("A")
    a.pm, a.pf = pm, pf
    result = resolve_action_phase(s, [post("A", cast("jinx", "B", "123", 1))])
    casts = _kinds(result, "cast")
    assert len(casts) == 1
    numbers = casts[0].numbers
    assert (numbers["cost"], numbers["pm_paid"], numbers["pf_paid"]) == (2, paid_pm, paid_pf)
    a = result.state.duellist("A")
    assert (a.pm, a.pf, a.out) == (pm - paid_pm, pf - paid_pf, out)
    assert casts[0].outcome == "pending"  # the spell resolved before the caster fell


def test_a_cast_costing_one_more_than_pm_plus_pf_is_void_and_costs_nothing():
    s = state(A=4, B=6)
    a = s.duellist("A")
    a.pm, a.pf = 0, 1
    result = resolve_action_phase(s, [post("A", cast("jinx", "B", "123", 1))])
    assert _kinds(result, "cast") == []
    assert [(e.outcome, e.numbers["step"]) for e in _kinds(result, "voided")] == [("cost", "cast")]
    a = result.state.duellist("A")
    assert (a.pm, a.pf, a.out) == (0, 1, False)


@pytest.mark.parametrize(("pm", "pf", "affordable", "pm_paid", "knocks_out"), [
    (2, 5, True, 2, False),
    (3, 5, True, 2, False),
    (1, 1, True, 1, True),
    (0, 2, True, 0, True),
    (0, 3, True, 0, False),
    (0, 1, False, 0, False),
])
def test_options_show_what_a_cast_costs_at_the_edges(pm, pf, affordable, pm_paid, knocks_out):
    s = state(A=4, B=6)
    a = s.duellist("A")
    a.pm, a.pf = pm, pf
    jinx = next(e for e in options_for(s, "A")["spells"] if e["slug"] == "jinx")
    plain = jinx["variants"][0]
    assert plain["modulation"] is None and plain["overlevel"] is False
    assert (plain["cost"], plain["pm_paid"], plain["pf_paid"]) == (2, pm_paid, 2 - pm_paid)
    assert plain["affordable"] is affordable
    assert plain["knocks_out"] is knocks_out


def test_options_a_free_cast_never_knocks_out():
    s = state(A=4, B=8)
    a = s.duellist("A")
    a.pm, a.pf = 0, 1
    mend = next(e for e in options_for(s, "A")["spells"] if e["slug"] == "mend")
    plain = mend["variants"][0]
    assert (plain["cost"], plain["pm_paid"], plain["pf_paid"], plain["knocks_out"]) == (0, 0, 0, False)
    assert plain["affordable"] is True
