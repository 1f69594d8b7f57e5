"""Referee decisions ("sauf indication contraire de l'arbitre") applied by the engine as inputs:
checked, pure, deterministic, shown as events, and without decisions exactly the plain resolution."""
import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from duels.engine import new_duel_state, resolve_action_phase, resolve_defence_phase, spell_from_dict
from duels.engine.adjustments import adjustment_error, apply_adjustments, resolve_with_adjustments
from duels.engine.autoplay import random_scenario
from duels.engine.outcome import outcome
from tests.engine.sample_spells import SAMPLE_SPELLS

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def fresh_state():
    return new_duel_state(format="1v1", rp=False, spells=[spell_from_dict(s) for s in SAMPLE_SPELLS], duellists=[
        {"id": "A", "team": 1, "year": 3, "types": ["defense"]},
        {"id": "B", "team": 2, "year": 3, "types": ["defense"]}])


def test_each_kind_changes_the_state_and_says_so_with_its_reason():
    state = fresh_state()
    state.duellist("B").stunned = True
    after, events = apply_adjustments(state, [
        {"target": "A", "kind": "pf", "delta": -3, "reason": "Insulte"},
        {"target": "A", "kind": "pm", "delta": 2, "reason": "Potion"},
        {"target": "B", "kind": "pos", "zone": 9, "reason": "Recul oublié"},
        {"target": "B", "kind": "status", "status": "stun", "reason": "Étourdissement mal appliqué"},
    ])
    a, b = after.duellist("A"), after.duellist("B")
    assert (a.pf, a.pm, b.pos, b.stunned) == (13, 10, 9, False)
    assert [e.numbers["key"] for e in events] == ["pf", "pm", "pos", "status"]
    assert events[0].text == "Décision de l'arbitre : A perd 3 PF (16 → 13). Motif : Insulte"
    assert "zone 9" in events[2].text and "n'est plus étourdi" in events[3].text
    assert state.duellist("A").pf == 16 and state.duellist("B").stunned  # the input is never changed


def test_pf_down_to_zero_knocks_out_and_ends_the_duel_before_the_posts():
    state = fresh_state()
    posts = [{"by": "B", "steps": [{"move": 6}]}]
    result = resolve_with_adjustments(state, posts, [{"target": "B", "kind": "pf", "delta": -50, "reason": "x"}],
                                      resolve_action_phase)
    assert result.state.duellist("B").out and outcome(result.state).winner == 1
    assert [e.kind for e in result.events] == ["adjusted", "knockout", "win"]
    assert result.state.duellist("B").pos == 8  # B's move was never resolved


@pytest.mark.parametrize(("adjustment", "code"), [
    ({"target": "A", "kind": "pf", "delta": 0, "reason": "x"}, "invalid-adjustment"),
    ({"target": "A", "kind": "pf", "delta": True, "reason": "x"}, "invalid-adjustment"),
    ({"target": "A", "kind": "pf", "delta": 101, "reason": "x"}, "invalid-adjustment"),
    ({"target": "A", "kind": "pm", "delta": "2", "reason": "x"}, "invalid-adjustment"),
    ({"target": "A", "kind": "pos", "zone": -1, "reason": "x"}, "invalid-adjustment"),
    ({"target": "A", "kind": "status", "status": "shield", "reason": "x"}, "invalid-adjustment"),
    ({"target": "A", "kind": "status", "status": "bind", "reason": "x"}, "status-absent"),
    ({"target": "A", "kind": "heal", "delta": 2, "reason": "x"}, "invalid-adjustment"),
    ({"target": "A", "kind": "pf", "delta": 2}, "reason-required"),
    ({"target": "A", "kind": "pf", "delta": 2, "reason": "   "}, "reason-required"),
    ({"target": "Z", "kind": "pf", "delta": 2, "reason": "x"}, "unknown-target"),
    ("pf", "invalid-adjustment"),
])
def test_a_malformed_or_impossible_decision_has_a_code(adjustment, code):
    state = fresh_state()
    assert adjustment_error(state, adjustment) == code
    with pytest.raises(ValueError, match=code):
        apply_adjustments(state, [adjustment])


def test_no_decision_on_a_duellist_already_out():
    state, _events = apply_adjustments(fresh_state(), [{"target": "A", "kind": "pf", "delta": -20, "reason": "x"}])
    assert adjustment_error(state, {"target": "A", "kind": "pf", "delta": 5, "reason": "x"}) == "duel-over"


decisions = st.lists(st.one_of(
    st.fixed_dictionaries({"target": st.sampled_from("AB"), "kind": st.sampled_from(["pf", "pm"]),
                           "delta": st.integers(-6, 6).filter(bool), "reason": st.just("motif")}),
    st.fixed_dictionaries({"target": st.sampled_from("AB"), "kind": st.just("pos"), "zone": st.integers(0, 12),
                           "reason": st.just("motif")}),
), max_size=3)


def phases(seed: int):
    """The phases of a random legal duel, as (posts, resolver) pairs in play order."""
    data = random_scenario(random.Random(seed), SAMPLE_SPELLS, fmt="1v1", max_turns=6)
    for turn in data["turns"]:
        yield turn["actions"], resolve_action_phase
        if turn.get("defence"):
            yield turn["defence"], resolve_defence_phase


@SETTINGS
@given(st.integers(0, 2**32 - 1), st.lists(decisions, min_size=6, max_size=6))
def test_decisions_replay_identically_and_none_means_the_plain_resolution(seed, per_phase):
    state = fresh_state()
    for (posts, resolve), wanted in zip(phases(seed), per_phase, strict=False):
        if outcome(state).finished or (resolve is resolve_defence_phase) != (state.phase == "defence"):
            break
        plain = resolve(state, posts)
        unchanged = resolve_with_adjustments(state, posts, [], resolve)
        assert unchanged.state.to_dict() == plain.state.to_dict() and unchanged.events == plain.events
        applicable = []
        for decision in wanted:  # keep the decisions the state (as they apply one by one) accepts
            probe, _ = apply_adjustments(state, applicable) if applicable else (state, [])
            if adjustment_error(probe, decision) is None:
                applicable.append(decision)
        before = copy.deepcopy(state.to_dict())
        once = resolve_with_adjustments(state, posts, applicable, resolve)
        twice = resolve_with_adjustments(state.from_dict(before), copy.deepcopy(posts), copy.deepcopy(applicable),
                                         resolve)
        assert once.state.to_dict() == twice.state.to_dict() and once.events == twice.events
        assert state.to_dict() == before
        assert [e.kind for e in once.events[:len(applicable)]] == ["adjusted"] * len(applicable)
        for d in once.state.duellists:
            assert d.pf >= 0 and d.pm >= 0 and 0 <= d.pos <= 12 and (d.out or d.pf > 0)
        state = once.state  # the next phase's posts were scripted without decisions: the loop stops on a mismatch
