"""RULES.md §4.1 "Voided at resolution": what earlier posts of the same phase changed. Voided
steps are reported as events, never as errors, and cost nothing."""
from duels.engine import resolve_action_phase, resolve_defence_phase
from tests.support.engine import cast, dodge, duellists_2v2, mv, play, post, spell, state, turn

BOLT = spell("bolt", level=1, range=9, effect={"damage": 2})
DRAIN_ALL = spell("sap", level=1, range=9, tags=["AUTO"], effect={"drain": 20, "damage": 14})
SHOVE = spell("shove", level=1, range=9, tags=["AUTO"], effect={"push": 5})
KILL = spell("kill", level=1, range=9, tags=["AUTO"], effect={"damage": 40})
DAZE = spell("daze", level=1, range=9, tags=["AUTO"], effect={"stun": True})
EXPEL = spell("expel", level=1, range=9, tags=["AUTO"], effect={"disarm": True})
TIE = spell("tie", level=1, range=9, tags=["AUTO"], effect={"bind": True})
BIG = spell("big", level=3, range=9, effect={"damage": 2})
GOLEM = spell("golem", level=1, range=9, tags=["INVOCATION"], target="zone",
              effect={"summon": {"name": "golem", "pf": 2, "damage": 0, "range": 0, "turns": 5}})
KIT = [BOLT, DRAIN_ALL, SHOVE, KILL, DAZE, EXPEL, TIE, BIG, GOLEM]


def voided(result):
    return [(e.actor, e.outcome, e.numbers["step"]) for e in result.events if e.kind == "voided"]


def test_a_move_costing_more_than_the_pf_is_void_and_costs_nothing():
    # A sapped to 2 PF and 0 PM by B first; A's move of 3 zones is void
    s = state(spells=KIT)
    result = resolve_action_phase(s, [post("B", cast("sap", "A")), post("A", mv(1))])
    a = result.state.duellist("A")
    assert (a.pos, a.pf) == (4, 2)
    assert voided(result) == [("A", "cost", "move")]


def test_a_cast_that_can_no_longer_be_paid_is_void_and_costs_nothing():
    s = state(spells=KIT)
    result = resolve_action_phase(s, [post("B", cast("sap", "A")), post("A", cast("big", "B", "123", 1))])
    a = result.state.duellist("A")
    assert (a.pf, a.pm) == (2, 0)
    assert result.state.pending == ()
    assert voided(result) == [("A", "cost", "cast")]
    assert a.casts == ()  # a voided cast is not a resolved cast


def test_stun_received_earlier_in_the_phase_voids_every_step():
    s = state(spells=KIT)
    result = resolve_action_phase(s, [post("B", cast("daze", "A")), post("A", mv(5), cast("bolt", "B", "123", 1))])
    assert voided(result) == [("A", "stunned", "move"), ("A", "stunned", "cast")]
    assert result.state.duellist("A").stunned is False  # used up by this post


def test_disarm_received_earlier_voids_the_cast_only():
    s = state(spells=KIT)
    result = resolve_action_phase(s, [post("B", cast("expel", "A")), post("A", mv(5), cast("bolt", "B", "123", 1))])
    assert voided(result) == [("A", "disarmed", "cast")]
    assert result.state.duellist("A").pos == 5


def test_bind_received_earlier_voids_the_moves_only():
    s = state(spells=KIT)
    result = resolve_action_phase(s, [post("B", cast("tie", "A")), post("A", mv(5), cast("bolt", "B", "123", 1), mv(3))])
    assert voided(result) == [("A", "bound", "move"), ("A", "bound", "move")]
    assert [h.spell for h in result.state.pending] == ["bolt"]


def test_pushed_off_the_stage_earlier_in_the_phase_loses_the_post():
    s = state(spells=KIT, A=2)
    result = resolve_action_phase(s, [post("B", cast("shove", "A")), post("A", mv(3))])
    assert voided(result) == [("A", "pushed-off", "move")]
    assert (result.state.duellist("A").pos, result.state.duellist("A").pf) == (0, 15)


def test_knocked_out_earlier_in_the_phase_loses_the_post():
    s = state(spells=KIT, duellists=duellists_2v2())
    result = resolve_action_phase(s, [post("B", cast("kill", "A")), post("A", mv(5))])
    assert voided(result) == [("A", "knocked-out", "move")]


def test_knocked_out_by_its_own_cost_loses_the_rest_of_the_post():
    s = state(spells=KIT, duellists=duellists_2v2())
    a = s.duellist("A")
    a.pm, a.pf = 0, 3
    result = resolve_action_phase(s, [post("A", cast("big", "B", "123", 1), mv(3))])
    assert voided(result) == [("A", "knocked-out", "move")]
    assert [h.target for h in result.state.pending] == ["B"]  # the spell itself resolved


def test_a_target_knocked_out_earlier_makes_the_spell_miss_but_it_is_paid():
    s = state(spells=KIT, duellists=duellists_2v2())
    result = resolve_action_phase(s, [post("C", cast("kill", "B")), post("A", cast("bolt", "B", "123", 1))])
    assert result.state.duellist("A").pm == 7
    assert [e.outcome for e in result.events if e.kind == "cast"] == ["success", "target-gone"]


def test_a_creature_destroyed_earlier_makes_the_spell_miss():
    s = state(spells=KIT, duellists=duellists_2v2(), A=2)
    s = resolve_action_phase(s, [post("A", cast("golem", zone=6, bet="123", roll=1))]).state
    result = resolve_action_phase(s, [post("B", cast("kill", "A#1")), post("D", cast("bolt", "A#1", "123", 1))])
    assert [e.outcome for e in result.events if e.kind == "cast"] == ["success", "target-gone"]
    assert result.state.duellist("D").pm == 7


def test_a_dodge_under_2_pf_is_void():
    s = state(spells=KIT)
    s.duellist("B").pf = 1
    first = resolve_action_phase(s, [post("A", cast("bolt", "B", "123", 1))])
    second = resolve_defence_phase(first.state, [post("B", dodge("123", 1))])
    assert voided(second) == [("B", "dodge-pf", "dodge")]


def test_voided_steps_are_reported_in_the_replay_events_not_as_errors():
    result = play(turn(post("A", cast("daze", "B")), post("B", mv(6))), spells=KIT)
    assert result["error"] is None
    assert result["turns"][0]["first"]["events"][-1] == "Déplacement de B annulé : étourdi."
