"""Effects at their edges (RULES.md §7 push/pull, points caps, statuses, shields; §3.3 knock-outs),
and the numbers each event carries. Found by mutation testing."""
import pytest

from duels.engine import options_for, resolve_action_phase, resolve_defence_phase
from tests.support.engine import cast, duellists_2v2, mv, post, spell, state

PUSH2 = spell("shove", level=1, range=10, tags=("AUTO",), effect={"push": 2})
PULL2 = spell("hook", level=1, range=10, tags=("AUTO",), effect={"pull": 2})
HIT = spell("hit", level=1, range=10, tags=("AUTO",), effect={"damage": 3})
DRAIN = spell("sap", level=1, range=10, tags=("AUTO",), effect={"drain": 3})
HEAL = spell("cure", level=1, range=10, tags=("SOIN",), target="ally", effect={"heal": 3})
RESTORE = spell("lift", level=1, range=10, tags=("SOIN",), target="ally", effect={"restore": 3})
STUN = spell("daze", level=1, range=10, tags=("AUTO",), effect={"stun": True})
DISARM = spell("strip", level=1, range=10, tags=("AUTO",), effect={"disarm": True})
BIND = spell("tie", level=1, range=10, tags=("AUTO",), effect={"bind": True})
SHIELD2 = spell("ward", level=1, range=0, tags=("AUTO",), target="self", effect={"shield": {"charges": 2, "team": False}})
SPELLS = [PUSH2, PULL2, HIT, DRAIN, HEAL, RESTORE, STUN, DISARM, BIND, SHIELD2]


def _by_kind(result, *kinds):
    return [e for e in result.events if e.kind in kinds]


def _cast(by, slug, target=None):
    return post(by, cast(slug, target))


# --- push: away from the caster; past 1 or 11 the target falls (1 PF) --------------------------

@pytest.mark.parametrize(("a_pos", "b_pos", "end", "fell"), [
    (4, 9, 11, False),   # lands exactly on the last zone
    (4, 10, 12, True),   # one further: off the stage
    (6, 3, 1, False),    # toward zone 1: lands on it
    (6, 2, 0, True),
])
def test_a_push_stops_on_the_last_zone_and_one_further_falls(a_pos, b_pos, end, fell):
    s = state(spells=SPELLS, A=a_pos, B=b_pos)
    result = resolve_action_phase(s, [_cast("A", "shove", "B")])
    b = result.state.duellist("B")
    assert b.pos == end
    assert b.pf == 16 - (1 if fell else 0)
    [moved] = _by_kind(result, "push", "displaced", "pushed")
    assert (moved.numbers.get("from"), moved.numbers.get("to")) == (b_pos, end)
    assert len(_by_kind(result, "fall")) == (1 if fell else 0)


def test_a_push_in_the_same_zone_sends_each_team_toward_its_own_side():
    s = state(spells=SPELLS, A=6, B=6)
    assert resolve_action_phase(s, [_cast("A", "shove", "B")]).state.duellist("B").pos == 8
    assert resolve_action_phase(s, [_cast("B", "shove", "A")]).state.duellist("A").pos == 4


def test_a_fall_with_one_pf_left_knocks_out():
    s = state(spells=SPELLS, A=4, B=10)
    s.duellist("B").pf = 1
    result = resolve_action_phase(s, [_cast("A", "shove", "B")])
    b = result.state.duellist("B")
    assert (b.pos, b.pf, b.out) == (12, 0, True)
    assert result.outcome.winner == 1


def test_a_fall_with_two_pf_left_does_not():
    s = state(spells=SPELLS, A=4, B=10)
    s.duellist("B").pf = 2
    b = resolve_action_phase(s, [_cast("A", "shove", "B")]).state.duellist("B")
    assert (b.pos, b.pf, b.out) == (12, 1, False)


def test_a_duellist_pushed_off_earlier_in_the_phase_loses_their_post():
    s = state(spells=SPELLS, A=4, B=10)
    result = resolve_action_phase(s, [_cast("A", "shove", "B"), post("B", mv(11))])
    assert result.state.duellist("B").pos == 12
    assert [(e.actor, e.outcome) for e in _by_kind(result, "voided")] == [("B", "pushed-off")]


# --- pull: toward the caster, stopping next to them --------------------------------------------

@pytest.mark.parametrize(("a_pos", "b_pos", "end"), [
    (4, 9, 7),    # 2 zones
    (4, 7, 5),    # exactly to the zone next to the caster
    (4, 6, 5),    # would pass it: stops next to the caster
    (4, 5, 5),    # already next to the caster
    (9, 4, 6),
    (9, 7, 8),
    (9, 8, 8),
])
def test_a_pull_moves_up_to_its_distance_and_stops_next_to_the_caster(a_pos, b_pos, end):
    s = state(spells=SPELLS, A=a_pos, B=b_pos)
    result = resolve_action_phase(s, [_cast("A", "hook", "B")])
    assert result.state.duellist("B").pos == end


def test_a_pull_in_the_casters_zone_does_not_move():
    s = state(spells=SPELLS, A=5, B=5)
    assert resolve_action_phase(s, [_cast("A", "hook", "B")]).state.duellist("B").pos == 5


# --- points: damage to 0 knocks out, drain stops at 0, heals stop at the start figures ------

def test_damage_equal_to_the_pf_knocks_out_and_one_less_does_not():
    s = state(spells=SPELLS, A=4, B=6)
    s.duellist("B").pf = 3
    result = resolve_action_phase(s, [_cast("A", "hit", "B")])
    assert result.state.duellist("B").out and result.outcome.winner == 1
    assert [e.numbers for e in _by_kind(result, "damage")] == [{"damage": 3}]
    s.duellist("B").pf = 4
    result = resolve_action_phase(s, [_cast("A", "hit", "B")])
    assert result.state.duellist("B").pf == 1 and not result.state.duellist("B").out


def test_damage_above_the_pf_reports_what_was_lost():
    s = state(spells=SPELLS, A=4, B=6)
    s.duellist("B").pf = 2
    result = resolve_action_phase(s, [_cast("A", "hit", "B")])
    assert [e.numbers for e in _by_kind(result, "damage")] == [{"damage": 2}]


@pytest.mark.parametrize(("pm", "left", "lost"), [(2, 0, 2), (3, 0, 3), (4, 1, 3)])
def test_a_drain_takes_pm_down_to_zero_and_never_pf(pm, left, lost):
    s = state(spells=SPELLS, A=4, B=6)
    s.duellist("B").pm = pm
    result = resolve_action_phase(s, [_cast("A", "sap", "B")])
    b = result.state.duellist("B")
    assert (b.pm, b.pf) == (left, 16)
    assert [e.numbers for e in _by_kind(result, "drain")] == [{"drain": lost}]


@pytest.mark.parametrize(("pf", "after", "gained"), [(12, 15, 3), (13, 16, 3), (14, 16, 2), (16, 16, 0)])
def test_a_heal_stops_at_the_starting_pf(pf, after, gained):
    s = state(spells=SPELLS, A=4, B=8)
    s.duellist("A").pf = pf
    result = resolve_action_phase(s, [post("A", cast("cure"))])
    assert result.state.duellist("A").pf == after
    assert [e.numbers for e in _by_kind(result, "heal")] == [{"heal": gained}]


@pytest.mark.parametrize(("pm", "after"), [(5, 8), (6, 8), (4, 7)])
def test_a_restore_stops_at_the_starting_pm(pm, after):
    s = state(spells=SPELLS, A=4, B=8)
    s.duellist("A").pm = pm
    result = resolve_action_phase(s, [post("A", cast("lift"))])  # SOIN: free
    assert result.state.duellist("A").pm == after


# --- statuses: they void the post they arrive before, and wait when they arrive after ----------

@pytest.mark.parametrize(("slug", "step", "voided"), [
    ("daze", mv(5), "stunned"), ("daze", cast("hit", "A"), "stunned"),
    ("strip", cast("hit", "A"), "disarmed"), ("strip", mv(7), None),
    ("tie", mv(7), "bound"), ("tie", cast("hit", "A"), None),
])
def test_a_status_received_before_the_post_voids_what_it_forbids(slug, step, voided):
    s = state(spells=SPELLS, A=4, B=6)
    result = resolve_action_phase(s, [_cast("A", slug, "B"), post("B", step)])
    reasons = [e.outcome for e in _by_kind(result, "voided") if e.actor == "B"]
    assert reasons == ([voided] if voided else [])
    b = result.state.duellist("B")
    assert (b.stunned, b.disarmed, b.bound) == (False, False, False)  # used up by that post


def test_a_status_received_after_the_post_waits_for_next_turn():
    s = state(spells=SPELLS, A=4, B=6)
    result = resolve_action_phase(s, [post("B", mv(7)), _cast("A", "daze", "B")])
    assert result.state.duellist("B").stunned
    assert result.state.duellist("B").pos == 7


def test_a_status_received_by_a_duellist_who_does_not_post_is_used_up_by_that_pass():
    s = state(spells=SPELLS, A=4, B=6)
    result = resolve_action_phase(s, [_cast("A", "daze", "B")])
    assert not result.state.duellist("B").stunned


def test_a_stun_received_in_the_defence_phase_waits_for_the_next_action_post():
    s = state(spells=SPELLS + [spell("zap", level=1, range=10, effect={"damage": 1, "stun": True})], A=4, B=6)
    first = resolve_action_phase(s, [post("A", cast("zap", "B", "123", 1))])
    second = resolve_defence_phase(first.state, [])
    assert second.state.duellist("B").stunned
    third = resolve_action_phase(second.state, [post("B", mv(7))])
    assert [e.outcome for e in _by_kind(third, "voided")] == ["stunned"]
    assert third.state.duellist("B").pos == 6


# --- shields: each charge cancels one hostile application; a new shield tops up -----------------

def test_a_two_charge_shield_cancels_two_hostile_effects_and_not_a_third():
    s = state(duellists=duellists_2v2(), spells=SPELLS, A=4, C=4, B=6, D=6)
    result = resolve_action_phase(s, [post("B", cast("ward")), _cast("A", "hit", "B"), _cast("C", "hit", "B")])
    assert result.state.duellist("B").pf == 16
    assert len(_by_kind(result, "absorbed")) == 2
    s2 = result.state
    # the shield vanished at the end of the turn
    assert s2.duellist("B").shield == 0


def test_a_shield_does_not_cancel_ones_own_effects_or_heals():
    s = state(spells=SPELLS, A=4, B=8)
    s.duellist("A").pf = 10
    result = resolve_action_phase(s, [post("A", cast("ward"))])
    s2 = result.state
    s2.duellist("A").shield = 2
    healed = resolve_action_phase(s2, [post("A", cast("cure"))])
    assert healed.state.duellist("A").pf == 13
    assert _by_kind(healed, "absorbed") == []


# --- knock-outs (§3.3): out at once, pending hits on them dropped, shield gone ----------------------

def test_a_knock_out_is_recorded_as_such_and_said_once():
    s = state(spells=SPELLS, A=4, B=6)
    s.duellist("B").pf = 3
    result = resolve_action_phase(s, [_cast("A", "hit", "B")])
    assert result.state.duellist("B").status == "knocked-out"
    assert [(e.kind, e.target) for e in _by_kind(result, "knockout")] == [("knockout", "B")]


def test_a_duellist_knocked_out_loses_the_pending_hits_on_them_and_their_shield():
    s = state(duellists=duellists_2v2(), spells=SPELLS + [spell("bolt2", level=1, range=10, effect={"damage": 2})],
              A=4, C=4, B=6, D=9)
    s.duellist("B").pf = 3
    s.duellist("B").shield = 0
    result = resolve_action_phase(s, [post("A", cast("bolt2", "B", "123", 1)), post("C", cast("hit", "B")),
                                      post("B", cast("ward"))])
    assert result.state.duellist("B").out
    assert result.state.pending == () and result.defence_follows is False
    own = state(spells=SPELLS, A=4, B=8)
    own.duellist("A").pf = 3
    moved = resolve_action_phase(own, [post("A", cast("ward"), mv(1))])
    a = moved.state.duellist("A")
    assert a.out and a.shield == 0 and a.pos == 1


def test_a_duellist_knocked_out_shows_no_shield_while_the_defence_phase_is_open():
    s = state(duellists=duellists_2v2(), spells=SPELLS + [spell("bolt2", level=1, range=10, effect={"damage": 2})],
              A=4, C=4, B=6, D=9)
    s.duellist("B").pm, s.duellist("B").pf = 0, 1  # the shield's cost takes B to 0 PF after it is raised
    fallen = resolve_action_phase(s, [post("B", cast("ward")), post("A", cast("bolt2", "D", "123", 1))])
    b = fallen.state.duellist("B")
    assert fallen.defence_follows and b.out and b.shield == 0
    assert options_for(fallen.state, "B")["points"]["shield"] == 0
