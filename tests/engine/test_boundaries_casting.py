"""Casting details a player reads in every declaration (RULES.md §4.1 Cast, §7): which effect a bet
gives, what the cast event carries, who is dodgeable, summons and creatures' lifetimes, ZONE spells and
duellists off the stage. Found by mutation testing."""
import pytest

from duels.engine import resolve_action_phase, resolve_defence_phase
from tests.support.engine import cast, duellists_1v1, duellists_2v2, post, spell, state

AURA = spell("aura", level=1, range=2, tags=("ZONE",), target="zone", radius=1, effect={"damage": 1})


def _casts(result):
    return [e for e in result.events if e.kind == "cast"]


def test_the_cast_event_carries_cost_payment_range_bet_and_effect_kind():
    s = state(duellists=duellists_1v1(a_types=("malefices",)), A=4, B=7)
    result = resolve_action_phase(s, [post("A", cast("bolt", "B", "123", 2))])
    [event] = _casts(result)
    assert (event.actor, event.target, event.roll, event.outcome) == ("A", "B", 2, "pending")
    assert event.numbers == {"cost": 1, "pm_paid": 1, "pf_paid": 0, "range": 5, "effect": "bonus", "bet": "123",
                             "distance": 3}
    assert result.state.pending[0].effect.damage == 3  # Bolt's bonus


def test_a_failed_bet_is_paid_and_reported_as_a_failure():
    result = resolve_action_phase(state(A=4, B=7), [post("A", cast("bolt", "B", "123", 4))])
    [event] = _casts(result)
    assert (event.outcome, event.roll, event.numbers["bet"], event.numbers["effect"]) == ("failure", 4, "123", "normal")
    assert result.state.pending == () and result.state.duellist("A").pm == 7


def test_the_better_odds_bets_give_the_normal_effect():
    s = state(duellists=duellists_1v1(a_types=("malefices",)), A=4, B=7)
    result = resolve_action_phase(s, [post("A", cast("bolt", "B", "3456", 3))])
    assert _casts(result)[0].numbers["effect"] == "normal"
    assert result.state.pending[0].effect.damage == 2


def test_a_modulation_cast_says_which_and_costs_its_level():
    s = state(duellists=duellists_1v1(a_year=4), A=4, B=6)
    result = resolve_action_phase(s, [post("A", cast("jinx", "B", "123", 1, modulation=4))])
    [event] = _casts(result)
    assert event.numbers["modulation"] == 4 and event.numbers["cost"] == 4
    assert "overlevel" not in event.numbers
    assert result.state.pending[0].effect.damage == 5


def test_an_overlevel_attempt_says_so_and_uses_up_the_attempt():
    s = state(duellists=duellists_1v1(a_year=3), A=4, B=6)
    result = resolve_action_phase(s, [post("A", cast("big", "B", "12", 1, overlevel=True))])
    [event] = _casts(result)
    assert event.numbers["overlevel"] is True and event.numbers["cost"] == 4 and "modulation" not in event.numbers
    assert result.state.duellist("A").overlevel_used
    plain = resolve_action_phase(s, [post("A", cast("bolt", "B", "123", 1))])
    assert not plain.state.duellist("A").overlevel_used
    assert "overlevel" not in _casts(plain)[0].numbers


def test_an_auto_spell_without_a_bet_always_succeeds_and_carries_no_bet():
    result = resolve_action_phase(state(A=4, B=7), [post("A", cast("shock", "B"))])
    [event] = _casts(result)
    assert event.outcome == "success" and "bet" not in event.numbers and event.roll is None
    assert result.state.duellist("B").pf == 15
    assert [(e.kind, e.target, e.outcome) for e in result.events if e.kind == "stun"] == [("stun", "B", "applied")]
    assert result.state.pending == ()  # AUTO: not dodgeable, applied at once


def test_a_spell_at_an_opponent_already_out_misses_but_is_paid():
    s = state(duellists=duellists_2v2(), A=4, C=4, B=8, D=8)
    s.duellist("B").status = "knocked-out"
    result = resolve_action_phase(s, [post("A", cast("bolt", "B", "123", 1))])
    assert [e.outcome for e in _casts(result)] == ["target-gone"]
    assert result.state.duellist("A").pm == 7 and result.state.pending == ()


def test_a_heal_on_a_teammate_applies_at_once_and_a_self_spell_always_reaches():
    s = state(duellists=duellists_2v2(), A=2, C=4, B=8, D=8)
    s.duellist("C").pf = 10
    result = resolve_action_phase(s, [post("A", cast("mend", "C"))])
    assert result.state.duellist("C").pf == 13 and result.state.pending == ()
    shielded = resolve_action_phase(state(A=4, B=8), [post("A", cast("shield"))])
    assert [e.outcome for e in _casts(shielded)] == ["success"]
    assert shielded.state.duellist("A").shield == 0  # vanished at the end of the turn (no defence phase)


def test_a_spell_on_a_creature_applies_at_once():
    s = state(A=4, B=8)
    summoned = resolve_action_phase(s, [post("B", cast("snake", zone=6, bet="123", roll=1))])
    creature = summoned.state.creatures[0]
    result = resolve_action_phase(summoned.state, [post("A", cast("bolt", creature.id, "123", 1))])
    assert [e.outcome for e in _casts(result)] == ["success"]
    assert result.state.pending == ()
    assert [(e.target, e.numbers) for e in result.events if e.kind == "damage"] == [
        (creature.id, {"damage": 2, "pf": creature.pf - 2})]


# --- summons ----------------------------------------------------------------------------------------

def test_a_summon_into_a_zone_held_by_a_duellist_or_a_creature_misses():
    s = state(A=4, B=6)
    held = resolve_action_phase(s, [post("A", cast("snake", zone=6, bet="123", roll=1))])
    assert [e.outcome for e in _casts(held)] == ["zone-occupied"] and held.state.creatures == ()
    first = resolve_action_phase(s, [post("A", cast("snake", zone=5, bet="123", roll=1))])
    [creature] = first.state.creatures
    assert (creature.id, creature.pos, creature.team, creature.owner) == ("A#1", 5, 1, "A")
    s2 = first.state
    again = resolve_action_phase(s2, [post("B", cast("snake", zone=5, bet="123", roll=1))])
    assert [e.outcome for e in _casts(again)] == ["zone-occupied"]


def test_a_knocked_out_duellist_holds_no_zone_for_a_summon():
    s = state(duellists=duellists_2v2(), A=4, C=4, B=6, D=8)
    s.duellist("B").status = "knocked-out"
    result = resolve_action_phase(s, [post("A", cast("snake", zone=6, bet="123", roll=1))])
    assert [c.pos for c in result.state.creatures] == [6]


def test_creatures_are_numbered_per_summoner():
    s = state(duellists=duellists_1v1(a_year=7), A=4, B=10)
    one = resolve_action_phase(s, [post("A", cast("snake", zone=5, bet="123", roll=1))]).state
    one.turn += 1  # not the same spell twice in a row
    two = resolve_action_phase(one, [post("A", cast("dragon", zone=3, bet="123", roll=1))])
    assert [(e.target, e.numbers) for e in two.events if e.kind == "summon"] == [("A#2", {"pos": 3})]


@pytest.mark.parametrize(("turns", "still_there_after"), [(1, 0), (2, 1), (3, 2)])
def test_a_creature_vanishes_at_the_end_of_the_turn_its_turns_run_out(turns, still_there_after):
    summon = spell("call", level=1, range=3, tags=("INVOCATION",), target="zone",
                   effect={"summon": {"name": "imp", "pf": 2, "damage": 0, "range": 1, "turns": turns}})
    s = state(spells=[summon], A=4, B=10)
    result = resolve_action_phase(s, [post("A", cast("call", zone=5, bet="123", roll=1))])
    for _ in range(still_there_after):
        assert len(result.state.creatures) == 1
        result = resolve_action_phase(result.state, [])
    assert result.state.creatures == ()
    assert [e.outcome for e in result.events if e.kind == "creature-vanish"] == ["expired"]


# --- ZONE spells and the stage's edges ----------------------------------------------------------------

def test_a_zone_spell_on_zone_1_does_not_reach_a_duellist_off_the_stage():
    s = state(spells=[AURA], A=3, B=0)
    result = resolve_action_phase(s, [post("A", cast("aura", zone=1, bet="123", roll=1))])
    assert result.state.duellist("B").pf == 16
    s = state(spells=[AURA], A=3, B=1)
    result = resolve_action_phase(s, [post("A", cast("aura", zone=1, bet="123", roll=1))])
    assert result.state.duellist("B").pf == 15


def test_a_zone_spell_passes_over_a_knocked_out_duellist():
    s = state(duellists=duellists_2v2(), spells=[AURA], A=3, C=3, B=5, D=5)
    s.duellist("B").status = "knocked-out"
    result = resolve_action_phase(s, [post("A", cast("aura", zone=5, bet="123", roll=1))])
    assert [e.target for e in result.events if e.kind == "damage"] == ["D"]


def test_dodge_cancels_only_the_first_pending_hit():
    s = state(duellists=duellists_2v2(), A=4, C=4, B=6, D=8)
    first = resolve_action_phase(s, [post("A", cast("bolt", "B", "123", 1)), post("C", cast("bolt", "B", "123", 1))])
    assert [h.target for h in first.state.pending] == ["B", "B"]
    second = resolve_defence_phase(first.state, [post("B", {"dodge": "123", "roll": 2})])
    assert second.state.duellist("B").pf == 16 - 2 - 2  # the dodge, then the second bolt
    assert [e.kind for e in second.events if e.kind in ("hit", "hit-dodged")] == ["hit-dodged", "hit"]


def test_a_failed_dodge_is_paid_and_the_hit_lands():
    first = resolve_action_phase(state(A=4, B=6), [post("A", cast("bolt", "B", "123", 1))])
    second = resolve_defence_phase(first.state, [post("B", {"dodge": "123", "roll": 5})])
    assert second.state.duellist("B").pf == 16 - 2 - 2
    assert [(e.kind, e.outcome) for e in second.events if e.kind == "dodge"][0][0] == "dodge"
