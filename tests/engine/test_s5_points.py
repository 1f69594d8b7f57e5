"""RULES.md §5 Points: what costs PF and PM, and the bounds 0..start."""
from duels.engine import apply_penalty, resolve_action_phase, resolve_defence_phase
from tests.support.engine import cast, dodge, mv, play, points, post, spell, state, turn


def test_a_spell_costs_its_level_in_pm():
    result = play(turn(post("A", cast("drainer", "B", "123", 6))))
    assert points(result, "A")[1] == 8 - 2


def test_pm_shortfall_is_paid_in_pf_and_pm_stops_at_zero():
    s = state()
    s.duellist("A").pm = 1
    after = resolve_action_phase(s, [post("A", cast("shock", "B"))]).state
    assert (after.duellist("A").pm, after.duellist("A").pf) == (0, 16 - 2)


def test_drain_never_takes_pm_below_zero_and_never_overflows_to_pf():
    s = state(A=4, B=6)
    s.duellist("B").pm = 2
    first = resolve_action_phase(s, [post("A", cast("drainer", "B", "123", 1))])
    after = resolve_defence_phase(first.state, []).state
    assert (after.duellist("B").pm, after.duellist("B").pf) == (0, 16)


def test_damage_never_takes_pf_below_zero():
    s = state(A=4, B=6)
    s.duellist("B").pf = 1
    first = resolve_action_phase(s, [post("A", cast("big", "B", "12", 1, overlevel=True))])
    after = resolve_defence_phase(first.state, []).state
    assert after.duellist("B").pf == 0 and after.duellist("B").out


def test_heal_and_restore_never_exceed_the_starting_points():
    restore = spell("restore", level=1, tags=["SOIN"], target="ally", effect={"restore": 9, "heal": 9})
    s = state(spells=[restore])
    a = s.duellist("A")
    a.pf, a.pm = 15, 1
    after = resolve_action_phase(s, [post("A", cast("restore"))]).state
    assert (after.duellist("A").pf, after.duellist("A").pm) == (16, 8)


def test_dodging_costs_2_pf_moving_1_per_zone_falling_1_and_climbing_1_per_zone():
    result = play(
        turn(post("A", mv(2)), post("B", mv(6), cast("repel", "A", "456", 6)), defence=[post("A", dodge("123", 6))]),
        turn(post("A", mv(3))),
    )
    # A: move 2 zones (2), dodge (2), fall (1), climb 3 zones (3): 16 - 8 = 8
    assert points(result, "A") == (8, 8, 3, False)


def test_a_referee_penalty_takes_pf_and_may_knock_out():
    s = state()
    after, events = apply_penalty(s, "B", 5)
    assert after.duellist("B").pf == 11 and [e.kind for e in events] == ["penalty"]
    after, events = apply_penalty(after, "B", 40)
    assert after.duellist("B").pf == 0 and after.duellist("B").out
    assert [e.kind for e in events] == ["penalty", "knockout", "win"]
