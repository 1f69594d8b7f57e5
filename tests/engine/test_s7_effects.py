"""RULES.md §7 Spell effects: every effect key, targets, ZONE, creatures, hostility and shields."""
from duels.engine import check_post, resolve_action_phase
from tests.support.engine import (
    cast,
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

PUSH = spell("shove", level=1, range=9, tags=["AUTO"], effect={"push": 3})
PULL = spell("yank", level=1, range=9, tags=["AUTO"], effect={"pull": 3})
STUN = spell("daze", level=1, range=9, tags=["AUTO"], effect={"stun": True})
DISARM = spell("expel", level=1, range=9, tags=["AUTO"], effect={"disarm": True})
BIND = spell("tie", level=1, range=9, tags=["AUTO"], effect={"bind": True})
BOLT = spell("bolt", level=1, range=9, effect={"damage": 2})
ZONE = spell("blast", level=1, range=9, tags=["ZONE"], target="zone", radius=1, effect={"damage": 2})
SHIELD = spell("shield", level=1, range=0, tags=["AUTO", "DEFENCE"], target="self",
               effect={"shield": {"charges": 1}})
SNAKE = spell("snake", level=1, range=9, tags=["INVOCATION"], target="zone",
              effect={"summon": {"name": "serpent", "pf": 3, "damage": 1, "range": 1, "turns": 2}})
KIT = [PUSH, PULL, STUN, DISARM, BIND, BOLT, ZONE, SHIELD, SNAKE]


def resolve(s, *posts):
    return resolve_action_phase(s, list(posts))


# --- push and pull -------------------------------------------------------------------------------

def test_push_moves_the_target_away_from_the_caster():
    after = resolve(state(spells=KIT, A=4, B=6), post("A", cast("shove", "B"))).state
    assert after.duellist("B").pos == 9
    after = resolve(state(spells=KIT, A=6, B=4), post("A", cast("shove", "B"))).state
    assert after.duellist("B").pos == 1


def test_push_in_the_same_zone_sends_team_1_down_and_team_2_up():
    after = resolve(state(spells=KIT, A=5, B=5), post("A", cast("shove", "B"))).state
    assert after.duellist("B").pos == 8
    after = resolve(state(spells=KIT, A=5, B=5), post("B", cast("shove", "A"))).state
    assert after.duellist("A").pos == 2


def test_push_past_the_edge_falls_off_for_1_pf():
    after = resolve(state(spells=KIT, A=4, B=10), post("A", cast("shove", "B"))).state
    assert (after.duellist("B").pos, after.duellist("B").pf) == (12, 15)
    after = resolve(state(spells=KIT, A=1, B=3), post("B", cast("shove", "A"))).state
    assert (after.duellist("A").pos, after.duellist("A").pf) == (0, 15)


def test_push_to_exactly_zone_1_does_not_fall():
    after = resolve(state(spells=KIT, A=4, B=8), post("B", cast("shove", "A"))).state
    assert (after.duellist("A").pos, after.duellist("A").pf) == (1, 16)


def test_push_ignores_blocking():
    s = state(spells=KIT, duellists=duellists_2v2(), A=4, B=3, D=2)
    after = resolve(s, post("A", cast("shove", "B"))).state  # B pushed down past D
    assert after.duellist("B").pos == 0


def test_a_duellist_off_the_stage_is_not_pushed_or_pulled():
    for slug in ("shove", "yank"):
        after = resolve(state(spells=KIT, A=4, B=12), post("A", cast(slug, "B"))).state
        assert (after.duellist("B").pos, after.duellist("B").pf) == (12, 16)


def test_pull_stops_in_the_zone_next_to_the_caster():
    after = resolve(state(spells=KIT, A=4, B=6), post("A", cast("yank", "B"))).state
    assert after.duellist("B").pos == 5
    after = resolve(state(spells=KIT, A=2, B=10), post("A", cast("yank", "B"))).state
    assert after.duellist("B").pos == 7


def test_a_fall_at_1_pf_knocks_out():
    s = state(spells=KIT, A=4, B=10)
    s.duellist("B").pf = 1
    after = resolve(s, post("A", cast("shove", "B")))
    assert after.state.duellist("B").out and after.outcome.winner == 1


# --- statuses ------------------------------------------------------------------------------------

def test_stun_voids_this_turns_post_when_the_target_has_not_posted_yet():
    result = play(turn(post("A", cast("daze", "B")), post("B", mv(6))), spells=KIT)
    assert points(result, "B")[2] == 8
    assert "Déplacement de B annulé : étourdi." in result["turns"][0]["first"]["events"]


def test_stun_after_the_target_posted_waits_for_next_turns_post():
    result = play(turn(post("B", mv(7)), post("A", cast("daze", "B"))), turn(post("B", mv(6))), spells=KIT)
    assert error_code(result) == "stunned"
    assert result["error"] == {"code": "stunned", "turn": 2, "phase": "action", "by": "B"}
    assert points(result, "B")[2] == 7


def test_a_stunned_duellist_may_pass_and_the_stun_is_then_used_up():
    result = play(turn(post("B", mv(7)), post("A", cast("daze", "B"))), turn(post("B")), turn(post("B", mv(6))),
                  spells=KIT)
    assert result["error"] is None and points(result, "B")[2] == 6


def test_ruling_a_duellist_who_does_not_post_uses_up_the_status_with_that_pass():
    result = play(turn(post("B", mv(7)), post("A", cast("daze", "B"))), turn(), turn(post("B", mv(6))), spells=KIT)
    assert result["error"] is None and points(result, "B")[2] == 6


def test_stun_still_allows_defence():
    # B posts first, then A stuns B (waits for B's next action post) and hits B with a bolt:
    # B may still defend in this turn's defence phase.
    s = state(spells=KIT)
    first = resolve(s, post("B"), post("A", cast("daze", "B"), mv(5)))
    assert first.state.duellist("B").stunned
    s = state(spells=[*KIT, spell("daze-bolt", level=1, range=9, effect={"damage": 1})])
    s.duellist("B").stunned = True
    first = resolve(s, post("A", cast("daze-bolt", "B", "123", 1)))
    first.state.duellist("B").stunned = True
    assert first.defence_follows
    assert check_post(first.state, post("B", cast("shield")), require_rolls=True) is None


def test_disarm_forbids_casting_only():
    result = play(turn(post("B", mv(7)), post("A", cast("expel", "B"))), turn(post("B", mv(6))), spells=KIT)
    assert result["error"] is None and points(result, "B")[2] == 6
    result = play(turn(post("B", mv(7)), post("A", cast("expel", "B"))), turn(post("B", cast("bolt", "A", "123", 1))),
                  spells=KIT)
    assert error_code(result) == "disarmed"


def test_disarm_received_earlier_in_the_phase_voids_the_cast_but_not_the_move():
    result = play(turn(post("A", cast("expel", "B")), post("B", mv(7), cast("bolt", "A", "123", 1))), spells=KIT)
    assert points(result, "B")[:3] == (15, 8, 7)
    assert "Sort Bolt de B annulé : désarmé." in result["turns"][0]["first"]["events"]


def test_bind_forbids_moving_only():
    result = play(turn(post("A", cast("tie", "B")), post("B", mv(7), cast("bolt", "A", "123", 1))), spells=KIT)
    assert points(result, "B")[:3] == (16, 7, 8)
    result = play(turn(post("B"), post("A", cast("tie", "B"))), turn(post("B", mv(7))), spells=KIT)
    assert error_code(result) == "bound"


def test_statuses_never_stack_two_stuns_void_one_post():
    result = play(turn(post("B", mv(7)), post("A", cast("daze", "B"))),
                  turn(post("A", cast("stun-again", "B")), post("B")),
                  turn(post("B", mv(6))),
                  spells=[*KIT, spell("stun-again", level=1, range=9, tags=["AUTO"], effect={"stun": True})])
    # turn 2: B already stunned; the second stun lands on the same pending post (B's pass): used up
    assert result["error"] is None and points(result, "B")[2] == 6


def test_a_status_received_after_a_post_it_already_voided_waits_for_next_turn():
    # RULES.md §7: "one received after the duellist's post in the same action phase (even if an
    # earlier one voided that post) waits for their next turn's post".
    zap = spell("zap", level=1, range=9, tags=["AUTO"], effect={"stun": True})
    result = play(turn(post("A", cast("zap", "B")), post("B", mv(7)), post("C", cast("zap", "B"))),
                  turn(post("B", mv(7))), duellists=duellists_2v2(), spells=[*KIT, zap])
    assert "Déplacement de B annulé : étourdi." in result["turns"][0]["first"]["events"]
    assert result["error"] == {"code": "stunned", "turn": 2, "phase": "action", "by": "B"}
    # the refused post leaves the state as turn 2 opened
    assert points(result, "B")[2] == 8


def test_a_status_received_after_a_post_is_used_up_by_next_turns_pass():
    zap = spell("zap", level=1, range=9, tags=["AUTO"], effect={"stun": True})
    result = play(turn(post("A", cast("zap", "B")), post("B", mv(7)), post("C", cast("zap", "B"))),
                  turn(post("B")), turn(post("B", mv(7))), duellists=duellists_2v2(), spells=[*KIT, zap])
    assert result["error"] is None and points(result, "B")[2] == 7


# --- shields and hostility ----------------------------------------------------------------------

def test_a_shield_absorbs_an_auto_effect_applied_at_once():
    result = play(turn(post("B", cast("shield")), post("A", cast("daze", "B"))), turn(post("B", mv(6))), spells=KIT)
    assert result["error"] is None and points(result, "B")[2] == 6


def test_a_shield_absorbs_friendly_fire_from_a_zone_spell():
    s = state(spells=KIT, duellists=duellists_2v2(), A=5, C=6, B=10, D=10)
    result = resolve(s, post("C", cast("shield")), post("A", cast("blast", zone=6)))
    assert result.state.duellist("C").pf == 16
    assert "Le bouclier de C absorbe Blast de A." in [e.text for e in result.events]


def test_a_shield_does_not_block_a_heal():
    heal = spell("heal", level=1, range=9, tags=["SOIN"], target="ally", effect={"heal": 3})
    s = state(spells=[*KIT, heal], duellists=duellists_2v2(), A=5, C=5)
    s.duellist("C").pf = 10
    s.duellist("C").shield = 1
    result = resolve(s, post("A", cast("heal", "C")))
    assert result.state.duellist("C").pf == 13
    assert "absorbed" not in [e.kind for e in result.events]


def test_a_knocked_out_target_takes_no_further_key():
    crush = spell("crush", level=1, range=9, tags=["AUTO"], effect={"damage": 3, "push": 5})
    s = state(spells=[crush], A=4, B=10)
    s.duellist("B").pf = 3
    after = resolve(s, post("A", cast("crush", "B")))
    assert after.state.duellist("B").pos == 10
    assert "fall" not in [e.kind for e in after.events]


# --- ZONE ---------------------------------------------------------------------------------------

def test_zone_hits_every_zone_within_the_radius_teammates_included_caster_excluded():
    s = state(spells=KIT, duellists=duellists_2v2(), A=5, C=6, B=7, D=8)
    after = resolve(s, post("A", cast("blast", zone=6))).state
    assert [after.duellist(i).pf for i in "ABCD"] == [16, 14, 14, 16]
    assert after.pending == ()


def test_zone_never_reaches_duellists_off_the_stage():
    wide = spell("wide", level=1, range=9, tags=["ZONE"], target="zone", radius=2, effect={"damage": 2})
    after = resolve(state(spells=[wide], A=4, B=12), post("A", cast("wide", zone=11))).state
    assert after.duellist("B").pf == 16


def test_zone_reach_is_measured_to_the_chosen_zone():
    short = spell("short", level=1, range=2, tags=["ZONE"], target="zone", radius=3, effect={"damage": 2})
    after = resolve(state(spells=[short], A=4, B=8), post("A", cast("short", zone=7, bet="123", roll=1))).state
    assert after.duellist("B").pf == 16  # zone 7 is 3 away: miss, though B is within the radius
    assert after.duellist("A").pm == 7


# --- creatures ----------------------------------------------------------------------------------

def test_summoned_creatures_get_owner_numbered_ids_in_summoning_order():
    result = play(turn(post("A", cast("snake", zone=1, bet="123", roll=1))),
                  turn(post("A", cast("bolt", "B", "123", 4))),
                  turn(post("A", cast("snake", zone=2, bet="123", roll=1))), spells=KIT)
    assert [c["id"] for c in result["creatures"]] == ["A#2"]  # A#1 vanished at the end of turn 2


def test_a_summon_into_an_occupied_zone_misses():
    result = play(turn(post("A", cast("snake", zone=8, bet="123", roll=1))), spells=KIT)
    assert result["creatures"] == [] and points(result, "A")[1] == 7


def test_a_creature_cannot_be_targeted_in_the_phase_it_appears():
    result = play(turn(post("A", cast("snake", zone=6, bet="123", roll=1)), post("B", cast("bolt", "A#1", "123", 1))),
                  spells=KIT)
    assert error_code(result) == "invalid-target"


def test_a_creature_strikes_the_nearest_opponent_at_the_end_of_the_action_phase():
    s = state(spells=KIT, duellists=duellists_2v2(), A=2, B=7, D=9)
    s2 = resolve(s, post("A", cast("snake", zone=8, bet="123", roll=1))).state
    # tie at distance 1 between B (7) and D (9): the lowest position, B
    assert (s2.duellist("B").pf, s2.duellist("D").pf) == (15, 16)


def test_a_creature_strike_tie_at_the_same_position_goes_to_the_duellist_listed_first():
    s = state(spells=KIT, duellists=duellists_2v2(), A=2, B=7, D=7)
    s2 = resolve(s, post("A", cast("snake", zone=8, bet="123", roll=1))).state
    assert (s2.duellist("B").pf, s2.duellist("D").pf) == (15, 16)


def test_a_creature_out_of_range_does_not_strike_and_shields_absorb_strikes():
    s = state(spells=KIT, A=2, B=10)
    assert resolve(s, post("A", cast("snake", zone=8, bet="123", roll=1))).state.duellist("B").pf == 16
    s = state(spells=KIT, A=2, B=9)
    after = resolve(s, post("B", cast("shield")), post("A", cast("snake", zone=8, bet="123", roll=1))).state
    assert after.duellist("B").pf == 16


def test_a_creature_takes_only_damage_and_vanishes_at_zero():
    golem = spell("golem", level=1, range=9, tags=["INVOCATION"], target="zone",
                  effect={"summon": {"name": "golem", "pf": 3, "damage": 0, "range": 0, "turns": 9}})
    s = state(spells=[*KIT, golem], A=2, B=10)
    s = resolve(s, post("A", cast("golem", zone=6, bet="123", roll=1))).state
    s = resolve(s, post("B", cast("shove", "A#1"))).state
    assert (s.creature("A#1").pos, s.creature("A#1").pf) == (6, 3)
    s = resolve(s, post("B", cast("bolt", "A#1", "123", 1))).state
    assert s.creature("A#1").pf == 1
    result = resolve(s, post("B", cast("blast", zone=6)))
    assert result.state.creatures == ()
    assert "golem (A#1) est détruit." in [e.text for e in result.events]


def test_creatures_vanish_at_the_end_of_the_turn_their_turns_run_out():
    s = state(spells=KIT, A=2, B=10)
    s = resolve(s, post("A", cast("snake", zone=6, bet="123", roll=1))).state  # turn 1
    assert s.creature("A#1").last_turn == 2
    s = resolve(s).state  # end of turn 2
    assert s.creatures == ()


def test_targets_ally_may_be_omitted_or_a_teammate_but_not_an_opponent():
    heal = spell("heal", level=1, range=2, tags=["SOIN"], target="ally", effect={"heal": 3})
    s = state(spells=[heal], duellists=duellists_2v2())
    assert check_post(s, post("A", cast("heal")), require_rolls=True) is None
    assert check_post(s, post("A", cast("heal", "C")), require_rolls=True) is None
    assert check_post(s, post("A", cast("heal", "B")), require_rolls=True) == "invalid-target"


def test_ruling_an_opponent_already_out_is_a_valid_target_and_the_spell_misses():
    s = state(spells=KIT, duellists=duellists_2v2())
    s.duellist("B").status = "knocked-out"
    assert check_post(s, post("A", cast("bolt", "B", "123", 1)), require_rolls=True) is None
    result = resolve(s, post("A", cast("bolt", "B", "123", 1)))
    assert result.state.pending == () and result.state.duellist("A").pm == 7
    assert result.events[0].outcome == "target-gone"
