"""RULES.md §4.1 Action phase: posting order, moves and blocking, off the stage, casting (cost,
bets, modulations, overlevel, reach) and which effects wait for the defence phase."""
import pytest

from duels.engine import check_post, resolve_action_phase
from duels.engine.state import CreatureState
from tests.support.engine import (
    cast,
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

# --- moves ---------------------------------------------------------------------------------------

def test_a_move_costs_one_pf_per_zone():
    result = play(turn(post("A", mv(1))))
    assert points(result, "A") == (13, 8, 1, False)


def test_a_move_stops_before_the_first_zone_holding_an_opponent():
    result = play(turn(post("A", mv(10))))
    assert points(result, "A") == (16 - 3, 8, 7, False)  # 4 -> 7, blocked by B in 8


def test_an_adjacent_opponent_blocks_the_move_entirely_at_no_cost():
    s = state(A=7)
    after = resolve_action_phase(s, [post("A", mv(9))]).state
    assert (after.duellist("A").pos, after.duellist("A").pf) == (7, 16)


def test_teammates_share_a_zone_and_do_not_block():
    s = state(duellists=duellists_2v2(), C=6)
    after = resolve_action_phase(s, [post("A", mv(7))]).state
    assert after.duellist("A").pos == 7
    assert after.duellist("A").pf == 13


def test_invocations_need_a_bet_like_any_ordinary_spell():
    result = play(turn(post("B", cast("snake", zone=6))))
    assert error_code(result) == "invalid-bet"


def test_a_creature_blocks_opponents_not_its_own_team():
    result = play(
        turn(post("B", cast("snake", zone=6, bet="123", roll=1))),
        turn(post("A", mv(7)), post("B", mv(5))),
    )
    assert points(result, "A")[2] == 5  # stopped before the serpent in 6
    assert points(result, "B")[2] == 6  # walked through its own serpent, stopped before A in 5
    assert points(result, "A")[0] == 16 - 1 - 1  # the move, then the serpent's strike (range 1)


def test_a_move_may_bring_pf_to_zero_then_the_duellist_is_out_and_the_rest_is_void():
    weak = duellists_1v1(a_year=1, a_types=("defense",))
    s = state(duellists=weak, A=4, B=11)
    s.duellist("A").pf = 3
    result = resolve_action_phase(s, [post("A", mv(1), cast("bolt", "B", "123", 1))])
    a = result.state.duellist("A")
    assert (a.pos, a.pf, a.out, a.pm) == (1, 0, True, 5)
    assert [e.kind for e in result.events][:3] == ["move", "knockout", "voided"]
    assert result.outcome.winner == 2


# --- off the stage ------------------------------------------------------------------------------

def test_climbing_back_costs_the_distance_from_the_edge():
    s = state(A=0)
    after = resolve_action_phase(s, [post("A", mv(3))]).state
    assert (after.duellist("A").pos, after.duellist("A").pf) == (3, 13)


def test_climbing_back_from_12_to_9():
    s = state(B=12)
    after = resolve_action_phase(s, [post("B", mv(9))]).state
    assert (after.duellist("B").pos, after.duellist("B").pf) == (9, 13)


def test_climbing_back_is_not_blocked_by_an_opponent_on_the_way():
    # RULES.md "Off the stage": an opponent in zone 1 cannot keep a fallen duellist off the stage.
    s = state(A=0, B=1)
    result = resolve_action_phase(s, [post("A", mv(3))])
    a = result.state.duellist("A")
    assert (a.pos, a.pf) == (3, 13)
    assert [e.kind for e in result.events] == ["climb"]
    assert "remonte sur l'estrade" in result.events[0].text and "bloqué" not in result.events[0].text


def test_climbing_back_past_an_opposing_creature_from_12():
    s = state(A=4, B=12)
    s.creatures = (*s.creatures, CreatureState(id="A#1", owner="A", team=1, name="serpent", pf=3, damage=0, range=0, pos=11,
                                     last_turn=3),)
    after = resolve_action_phase(s, [post("B", mv(9))]).state
    assert (after.duellist("B").pos, after.duellist("B").pf) == (9, 13)


def test_climbing_onto_a_zone_held_by_an_opponent_is_void_and_free():
    s = state(A=0, B=2)
    result = resolve_action_phase(s, [post("A", mv(2))])
    a = result.state.duellist("A")
    assert (a.pos, a.pf) == (0, 16)
    assert result.events[0].kind == "voided" and result.events[0].outcome == "zone-held"


def test_climbing_onto_a_zone_held_by_a_teammate_is_allowed():
    s = state(duellists=duellists_2v2(), A=0, C=3)
    after = resolve_action_phase(s, [post("A", mv(3))]).state
    assert after.duellist("A").pos == 3


def test_a_zone_freed_earlier_in_the_phase_can_be_climbed_onto():
    # the zone is checked as the climb resolves, after the earlier posts
    s = state(A=0, B=2)
    after = resolve_action_phase(s, [post("B", mv(5)), post("A", mv(2))]).state
    assert (after.duellist("A").pos, after.duellist("A").pf) == (2, 14)


def test_a_zone_taken_earlier_in_the_phase_voids_the_climb():
    s = state(A=0, B=4)
    after = resolve_action_phase(s, [post("B", mv(2)), post("A", mv(2))]).state
    assert (after.duellist("A").pos, after.duellist("A").pf) == (0, 16)


def test_a_climb_costing_more_than_pf_is_void():
    s = state(A=0)
    s.duellist("A").pf = 2
    result = resolve_action_phase(s, [post("A", mv(3))])
    assert (result.state.duellist("A").pos, result.state.duellist("A").pf) == (0, 2)
    assert result.events[0].outcome == "cost"


def test_a_climb_costing_exactly_pf_lands_then_knocks_out():
    s = state(A=0)
    s.duellist("A").pf = 3
    a = resolve_action_phase(s, [post("A", mv(3))]).state.duellist("A")
    assert (a.pos, a.pf, a.out) == (3, 0, True)


def test_off_the_stage_a_duellist_may_pass():
    s = state(A=0)
    assert check_post(s, post("A"), require_rolls=True) is None


# --- casting: cost ------------------------------------------------------------------------------

def test_cost_is_paid_from_pm_then_the_shortfall_from_pf():
    s = state(A=4)
    s.duellist("A").pm = 1
    after = resolve_action_phase(s, [post("A", cast("jinx", "B", "123", 6))]).state
    assert (after.duellist("A").pm, after.duellist("A").pf) == (0, 15)


def test_a_cost_paid_with_the_last_pf_resolves_then_the_caster_is_out():
    s = state(A=4, B=6)
    a = s.duellist("A")
    a.pm, a.pf = 0, 2
    result = resolve_action_phase(s, [post("A", cast("jinx", "B", "123", 1))])
    assert result.state.duellist("A").out
    assert [h.target for h in result.state.pending] == []  # the duel is over: team 1 is out
    kinds = [e.kind for e in result.events]
    assert kinds.index("cast") < kinds.index("knockout")
    assert result.outcome.winner == 2


def test_soin_spells_cost_nothing():
    result = play(turn(post("A", cast("mend"))))
    assert points(result, "A") == (16, 8, 4, False)


def test_a_modulation_costs_its_level_and_applies_its_effect():
    duellists = duellists_1v1(a_year=4)
    result = play(turn(post("A", mv(5), cast("jinx", "B", "123", 1, modulation=4))), duellists=duellists)
    assert points(result, "A") == (18, 10 - 4, 5, False)
    assert points(result, "B")[0] == 16 - 5


# --- bets ---------------------------------------------------------------------------------------

@pytest.mark.parametrize(("bet", "roll", "damage"), [("123", 3, 2), ("456", 4, 2), ("123", 4, 0), ("456", 3, 0)])
def test_ordinary_bets_succeed_when_the_roll_is_in_the_bet(bet, roll, damage):
    result = play(turn(post("A", cast("bolt", "B", bet, roll))))
    assert points(result, "B")[0] == 16 - damage


def test_own_magic_type_123_gives_the_bonus_effect():
    result = play(turn(post("A", cast("bolt", "B", "456", 6))), duellists=duellists_1v1(a_types=("malefices",)))
    assert points(result, "B")[0] == 16 - 3


@pytest.mark.parametrize(("bet", "roll", "damage"), [("1234", 4, 2), ("3456", 3, 2), ("1234", 5, 0), ("3456", 2, 0)])
def test_own_magic_type_four_number_bets_give_the_normal_effect(bet, roll, damage):
    result = play(turn(post("A", cast("bolt", "B", bet, roll))), duellists=duellists_1v1(a_types=("malefices",)))
    assert points(result, "B")[0] == 16 - damage


def test_a_spell_without_bonus_gives_its_normal_effect_on_a_bonus_bet():
    result = play(turn(post("A", cast("big", "B", "123", 1, overlevel=False))),
                  duellists=duellists_1v1(a_year=4, a_types=("malefices",)))
    assert points(result, "B")[0] == 16 - 6


@pytest.mark.parametrize(("bet", "roll", "hit"), [("12", 2, True), ("34", 3, True), ("56", 6, True), ("12", 3, False)])
def test_overlevel_bets_are_pairs(bet, roll, hit):
    result = play(turn(post("A", cast("big", "B", bet, roll, overlevel=True))))
    assert points(result, "A")[1] == 8 - 4
    assert points(result, "B")[0] == 16 - (6 if hit else 0)


def test_overlevel_never_gives_the_bonus_even_with_the_magic_type():
    bonus_big = spell("bigger", level=4, type="malefices", effect={"damage": 2}, bonus={"damage": 9})
    result = play(turn(post("A", cast("bigger", "B", "12", 1, overlevel=True))),
                  spells=[bonus_big], duellists=duellists_1v1(a_types=("malefices",)))
    assert points(result, "B")[0] == 16 - 2
    result = play(turn(post("A", cast("bigger", "B", "123", 1, overlevel=True))),
                  spells=[bonus_big], duellists=duellists_1v1(a_types=("malefices",)))
    assert error_code(result) == "invalid-bet"


def test_prodigium_members_bet_123_on_an_overlevel_attempt_in_rp_duels_only():
    prodigium = duellists_1v1(A={"prodigium": True})
    rp = play(turn(post("A", cast("big", "B", "123", 2, overlevel=True))), duellists=prodigium, rp=True)
    assert rp["error"] is None and points(rp, "B")[0] == 10
    not_rp = play(turn(post("A", cast("big", "B", "123", 2, overlevel=True))), duellists=prodigium, rp=False)
    assert error_code(not_rp) == "invalid-bet"
    pair_in_rp = play(turn(post("A", cast("big", "B", "12", 2, overlevel=True))), duellists=prodigium, rp=True)
    assert error_code(pair_in_rp) == "invalid-bet"


def test_auto_spells_need_no_bet_and_always_succeed():
    result = play(turn(post("A", cast("shock", "B"))))
    assert points(result, "B")[0] == 15


def test_auto_spells_with_the_magic_type_may_bet_for_the_bonus_and_can_then_fail():
    auto = spell("zap", level=1, type="defense", tags=["AUTO"], effect={"damage": 1}, bonus={"damage": 4})
    won = play(turn(post("A", cast("zap", "B", "456", 5))), spells=[auto])
    lost = play(turn(post("A", cast("zap", "B", "456", 2))), spells=[auto])
    assert points(won, "B")[0] == 12
    assert points(lost, "B")[0] == 16 and points(lost, "A")[1] == 7


def test_soin_with_the_magic_type_bonus_bet():
    duellists = duellists_1v1(a_types=("soins",))
    s = state(duellists=duellists)
    s.duellist("A").pf = 5
    after = resolve_action_phase(s, [post("A", cast("mend", "A", "123", 3))]).state
    assert after.duellist("A").pf == 10


def test_overlevel_auto_spell_must_bet_a_pair_and_pays():
    duellists = duellists_1v1(a_year=2)
    no_bet = play(turn(post("A", cast("shock", "B", overlevel=True))), duellists=duellists)
    assert error_code(no_bet) == "invalid-bet"
    paired = play(turn(post("A", mv(6), cast("shock", "B", "34", 4, overlevel=True))), duellists=duellists)
    assert points(paired, "A") == (11, 7 - 3, 6, False)
    assert points(paired, "B")[0] == 15


def test_overlevel_soin_costs_its_level():
    soin3 = spell("cure", level=3, range=3, tags=["SOIN"], target="ally", effect={"heal": 2})
    result = play(turn(post("A", cast("cure", bet="56", roll=5, overlevel=True))), spells=[soin3],
                  duellists=duellists_1v1(a_year=2))
    assert points(result, "A") == (13, 7 - 3, 4, False)


# --- reach and effect timing ------------------------------------------------------------------

def test_range_is_checked_after_the_move_before_the_cast():
    result = play(turn(post("A", mv(5), cast("jinx", "B", "123", 1))))
    assert points(result, "B")[0] == 13


def test_a_move_after_the_cast_does_not_change_the_reach():
    result = play(turn(post("A", cast("jinx", "B", "123", 1), mv(6))))
    assert points(result, "B")[0] == 16  # distance 4 > 3 when cast
    assert points(result, "A") == (14, 6, 6, False)


def test_self_targeted_spells_always_reach():
    result = play(turn(post("A", cast("shield"))))
    assert result["turns"][0]["first"]["events"][0].startswith("A lance Shield")
    assert "réussi" in result["turns"][0]["first"]["events"][0]


def test_a_dodgeable_hit_waits_and_an_auto_spell_applies_at_once():
    result = play(turn(post("A", cast("bolt", "B", "123", 1), mv(5)), post("B", cast("shock", "A"))))
    first = result["turns"][0]["first"]["state"]
    assert first["B"]["pf"] == 16 and first["A"]["pf"] == 14  # move 1 + shock 1
    assert result["turns"][0]["second"]["state"]["B"]["pf"] == 14


def test_hits_on_creatures_apply_at_once():
    result = play(turn(post("B", cast("snake", zone=6, bet="123", roll=1))),
                  turn(post("A", cast("bolt", "B#1", "123", 1))))
    events = result["turns"][1]["first"]["events"]
    assert "serpent (B#1) perd 2 PF." in events
    assert result["turns"][1]["second"] is None  # nothing pending: no defence phase


def test_posts_resolve_in_posting_order_so_acting_first_can_block():
    # B moves first into 5; A's later move to 6 stops in 4 (adjacent)
    result = play(turn(post("B", mv(5)), post("A", mv(6))))
    assert points(result, "A")[2] == 4 and points(result, "B")[2] == 5
    result = play(turn(post("A", mv(6)), post("B", mv(5))))
    assert points(result, "A")[2] == 6 and points(result, "B")[2] == 7
