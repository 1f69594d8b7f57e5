"""What the declaration says about a cast (RULES.md §4.1 Cast): the target or zone named in every
outcome, the spell named when a cast is void or a shield absorbs it, what a summon brings, and a bet
that decides a ZONE spell. Found by mutation testing."""
import pytest

from duels.engine import check_post, resolve_action_phase, resolve_defence_phase
from tests.support.engine import cast, duellists_2v2, post, state


def _cast_event(result):
    [event] = [e for e in result.events if e.kind == "cast"]
    return event.target, event.outcome, event.text


@pytest.mark.parametrize("a_pos, step, said", [
    (1, cast("bolt", "B", "123", 1),
     ("B", "out-of-range", "A lance Bolt sur B (1 PM, pari 123, dé 1) : hors de portée (distance 7, portée 5).")),
    (4, cast("bolt", "B", "123", 5), ("B", "failure", "A lance Bolt sur B (1 PM, pari 123, dé 5) : raté.")),
    (4, cast("shock", "B"), ("B", "success", "A lance Shock sur B (3 PM) : réussi.")),
    (1, cast("blast", zone=9, bet="123", roll=1),
     ("la zone 9", "out-of-range",
      "A lance Blast sur la zone 9 (3 PM, pari 123, dé 1) : hors de portée (distance 8, portée 7).")),
    (4, cast("blast", zone=8, bet="123", roll=5),
     ("la zone 8", "failure", "A lance Blast sur la zone 8 (3 PM, pari 123, dé 5) : raté.")),
    (4, cast("blast", zone=8, bet="123", roll=1),
     ("la zone 8", "success", "A lance Blast sur la zone 8 (3 PM, pari 123, dé 1) : réussi.")),
    (4, cast("snake", zone=6, bet="123", roll=2),
     ("la zone 6", "success", "A lance Snake sur la zone 6 (3 PM, pari 123, dé 2) : réussi.")),
    (4, cast("snake", zone=8, bet="123", roll=2),
     ("la zone 8", "zone-occupied",
      "A lance Snake sur la zone 8 (3 PM, pari 123, dé 2) : la zone est occupée, l'invocation échoue.")),
])
def test_every_outcome_of_a_cast_names_its_target_or_zone(a_pos, step, said):
    result = resolve_action_phase(state(A=a_pos, B=8), [post("A", step)])
    assert _cast_event(result) == said


def test_a_zone_spell_whose_bet_loses_does_nothing():
    result = resolve_action_phase(state(A=4, B=8), [post("A", cast("blast", zone=8, bet="123", roll=5))])
    assert result.state.duellist("B").pf == 16


def test_a_cast_at_a_duellist_already_out_names_them():
    s = state(duellists=duellists_2v2(), A=4, C=4, B=8, D=8)
    s.duellist("B").status = "knocked-out"
    result = resolve_action_phase(s, [post("A", cast("bolt", "B", "123", 1))])
    assert _cast_event(result) == (
        "B", "target-gone", "A lance Bolt sur B (1 PM, pari 123, dé 1) : la cible n'est plus là, le sort se perd.")


def test_a_summon_says_who_summoned_what_where():
    result = resolve_action_phase(state(A=4, B=8), [post("A", cast("snake", zone=6, bet="123", roll=2))])
    [summon] = [e for e in result.events if e.kind == "summon"]
    assert (summon.actor, summon.target, summon.numbers, summon.text) == (
        "A", "A#1", {"pos": 6}, "A invoque serpent (A#1) en zone 6.")


def test_a_cast_too_dear_is_void_and_the_declaration_names_the_spell():
    s = state(A=4, B=8)
    s.duellist("A").pm, s.duellist("A").pf = 0, 2
    result = resolve_action_phase(s, [post("A", cast("blast", zone=8, bet="123", roll=1))])
    [void] = [e for e in result.events if e.kind == "voided"]
    assert (void.spell, void.outcome, void.text) == (
        "Blast", "cost", "Sort Blast de A annulé : PF insuffisants pour en payer le coût.")


def test_a_shield_absorbing_a_spell_names_it():
    s = state(A=4, B=8)
    s.duellist("B").shield = 1
    result = resolve_action_phase(s, [post("A", cast("shock", "B"))])
    assert [e.text for e in result.events if e.kind == "absorbed"] == ["Le bouclier de B absorbe Shock de A."]


def test_a_spell_cast_last_turn_stays_refused_after_another_cast_this_turn():
    # turn 1: A raises a Shield; turn 2: A casts Bolt, then in the defence phase may not Shield again
    first = resolve_action_phase(state(A=4, B=8), [post("A", cast("shield"))])
    assert not first.defence_follows
    second = resolve_action_phase(first.state, [post("A", cast("bolt", "B", "123", 1)),
                                                post("B", cast("bolt", "A", "123", 1))])
    assert second.defence_follows and second.state.turn == 2
    assert check_post(second.state, post("A", cast("shield")), require_rolls=True) == "same-spell-twice"
    assert check_post(second.state, post("B", cast("shield")), require_rolls=True) is None
    # and in turn 3 the Shield of turn 1 no longer counts, the Bolt of turn 2 does
    third = resolve_defence_phase(second.state, [])
    assert check_post(third.state, post("A", cast("shield")), require_rolls=True) is None
    assert check_post(third.state, post("A", cast("bolt", "B", "123", 1)), require_rolls=True) == "same-spell-twice"
