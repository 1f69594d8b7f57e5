"""Referee decisions at their edges (RULES.md §4.1.1, duels/engine/adjustments.py): the largest reason,
change and zones allowed, the events naming who was moved or freed, and a declaration with decisions.
Found by mutation testing."""
import pytest

from duels.engine import resolve_action_phase
from duels.engine.adjustments import adjustment_error, apply_adjustments, resolve_with_adjustments
from tests.support.engine import cast, duellists_2v2, mv, post, state


def _pf(delta, reason="Décision"):
    return {"target": "A", "kind": "pf", "delta": delta, "reason": reason}


@pytest.mark.parametrize("adjustment, code", [
    (_pf(-1, "x" * 500), None), (_pf(-1, "x" * 501), "reason-required"),
    (_pf(100), None), (_pf(-100), None), (_pf(101), "invalid-adjustment"),
    ({"target": "A", "kind": "pos", "zone": 0, "reason": "r"}, None),
    ({"target": "A", "kind": "pos", "zone": 12, "reason": "r"}, None),
    ({"target": "A", "kind": "pos", "zone": -1, "reason": "r"}, "invalid-adjustment"),
    ({"target": "A", "kind": "pos", "zone": 13, "reason": "r"}, "invalid-adjustment"),
    ({"target": "A", "kind": "pos", "zone": True, "reason": "r"}, "invalid-adjustment"),
])
def test_the_limits_of_a_decision(adjustment, code):
    assert adjustment_error(state(A=4, B=8), adjustment) == code


def test_a_decision_on_a_duellist_already_out_is_refused():
    s = state(duellists=duellists_2v2(), A=4, C=4, B=8, D=8)
    s.duellist("A").status = "knocked-out"
    assert adjustment_error(s, _pf(1)) == "already-out"


def test_a_move_and_a_freed_status_name_the_duellist_and_the_zones():
    s = state(A=4, B=8)
    s.duellist("A").stunned = True
    _, events = apply_adjustments(s, [{"target": "A", "kind": "pos", "zone": 9, "reason": "r"},
                                      {"target": "A", "kind": "status", "status": "stun", "reason": "r"}])
    assert [(e.target, e.numbers) for e in events] == [
        ("A", {"key": "pos", "from": 4, "to": 9, "reason": "r"}),
        ("A", {"key": "status", "status": "stun", "reason": "r"})]


def test_without_decisions_a_declaration_is_the_phase_alone():
    s = state(A=4, B=8)
    posts = [post("A", mv(5)), post("B", cast("bolt", "A", "123", 1))]
    plain = resolve_action_phase(s, posts)
    decided = resolve_with_adjustments(s, posts, [], resolve_action_phase)
    assert decided.state.to_dict() == plain.state.to_dict()
    assert [e.text for e in decided.events] == [e.text for e in plain.events]
    assert (decided.defence_follows, decided.expected_posters) == (True, ("A",))


def test_decisions_come_first_then_the_phase():
    s = state(A=4, B=8)
    result = resolve_with_adjustments(s, [post("A", mv(5))], [_pf(-3)], resolve_action_phase)
    assert [e.kind for e in result.events] == ["adjusted", "move"]
    assert (result.state.duellist("A").pf, result.state.duellist("A").pos) == (16 - 3 - 1, 5)
    assert (result.defence_follows, result.expected_posters, result.outcome.finished) == (False, ("A", "B"), False)


def test_a_decision_that_ends_the_duel_leaves_nothing_to_resolve():
    s = state(A=4, B=8)
    result = resolve_with_adjustments(s, [post("A", mv(5))], [_pf(-16)], resolve_action_phase)
    assert [e.kind for e in result.events] == ["adjusted", "knockout", "win"]
    assert result.defence_follows is False and result.expected_posters == ()
    assert (result.outcome.finished, result.outcome.winner, result.state.duellist("A").pos) == (True, 2, 4)
