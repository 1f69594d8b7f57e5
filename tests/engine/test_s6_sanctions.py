"""RULES.md §6 Faults and sanctions (and §3.3 forfeit): the engine side of them."""
import pytest

from duels.engine import (
    apply_disqualification,
    apply_forfeit,
    check_post,
    expected_posters,
    outcome,
    resolve_action_phase,
)
from tests.support.engine import cast, duellists_2v2, post, state


def test_disqualification_counts_as_out_and_ends_a_1v1():
    after, events = apply_disqualification(state(), "A")
    assert after.duellist("A").status == "disqualified"
    assert outcome(after).winner == 2
    assert [e.text for e in events] == ["A est disqualifié·e.", "L'équipe 2 remporte le duel."]


def test_a_disqualified_duellist_is_no_longer_expected_and_is_refused():
    after, _ = apply_disqualification(state(duellists=duellists_2v2()), "C")
    assert expected_posters(after) == ["A", "B", "D"]
    assert check_post(after, post("C"), require_rolls=False) == "duellist-out"


def test_forfeit_in_defence_discards_the_forfeiters_pending_hits():
    s = state(duellists=duellists_2v2())
    first = resolve_action_phase(s, [post("A", cast("bolt", "B", "123", 1))])
    after, _ = apply_forfeit(first.state, "B")
    assert after.pending == ()
    assert expected_posters(after) == []


def test_sanctions_on_a_finished_duel_or_an_out_duellist_are_errors():
    after, _ = apply_forfeit(state(), "B")
    with pytest.raises(ValueError):
        apply_forfeit(after, "A")
    s = state(duellists=duellists_2v2())
    after, _ = apply_forfeit(s, "B")
    with pytest.raises(ValueError):
        apply_disqualification(after, "B")


def test_a_penalty_never_mutates_its_input():
    s = state()
    before = s.to_dict()
    apply_forfeit(s, "A")
    apply_disqualification(s, "A")
    assert s.to_dict() == before
