"""What the declaration says about each effect (RULES.md §7 effect keys): who pushed, pulled, drained,
healed, restored, stunned or shielded whom, by how much and from where to where; a fall; a status
already there; a push or a fall that knocks out stops the rest of the spell, one that does not lets it
go on. Found by mutation testing."""
import pytest

from duels.engine import resolve_action_phase
from tests.engine.sample_spells import SAMPLE_SPELLS
from tests.support.engine import cast, duellists_2v2, post, spell, state

# AUTO spells apply at the first declaration (no pending hit): their events come at once.
EXTRA = [
    spell("slam", level=1, range=6, tags=["AUTO"], effect={"push": 5, "stun": True}),
    spell("nudge", level=1, range=6, tags=["AUTO"], effect={"push": 2, "stun": True}),
    spell("yank", level=1, range=6, tags=["AUTO"], effect={"pull": 3, "disarm": True}),
    spell("sap", level=1, range=6, tags=["AUTO"], effect={"drain": 3}),
]


def said(result, kind):
    return [(e.actor, e.target, e.outcome, e.numbers, e.text) for e in result.events if e.kind == kind]


def _cast(a_pos, b_pos, step, **points):
    s = state(spells=[*SAMPLE_SPELLS, *EXTRA], A=a_pos, B=b_pos)
    for key, value in points.items():
        setattr(s.duellist("B"), key, value)
    # B posts first: a status A gives then waits for B's next turn instead of being used up by a pass
    return resolve_action_phase(s, [post("B"), post("A", step)])


def test_a_push_names_who_pushed_whom_from_where_to_where_and_the_spell_goes_on():
    result = _cast(4, 8, cast("nudge", "B"))
    assert said(result, "push") == [("A", "B", None, {"from": 8, "to": 10},
                                     "B est repoussé·e de la zone 8 à la zone 10.")]
    assert result.state.duellist("B").stunned


def test_a_fall_is_declared_and_a_duellist_who_survives_it_still_takes_the_rest_of_the_spell():
    result = _cast(4, 8, cast("slam", "B"))
    assert said(result, "fall") == [(None, "B", None, {"pos": 12, "pf": 1}, "B tombe de l'estrade et perd 1 PF.")]
    b = result.state.duellist("B")
    assert (b.pos, b.pf, b.stunned, b.out) == (12, 15, True, False)


def test_a_fall_that_knocks_out_stops_the_spell():
    result = _cast(4, 8, cast("slam", "B"), pf=1)
    b = result.state.duellist("B")
    assert (b.pf, b.out, b.stunned) == (0, True, False)
    assert said(result, "stun") == []


def test_a_pull_names_who_pulled_whom_from_where_to_where_and_the_spell_goes_on():
    result = _cast(4, 9, cast("yank", "B"))
    assert said(result, "pull") == [("A", "B", None, {"from": 9, "to": 6}, "B est attiré·e de la zone 9 à la zone 6.")]
    assert result.state.duellist("B").disarmed
    assert said(result, "disarm") == [("A", "B", "applied", {}, "B est désarmé·e : sa prochaine action en pâtira.")]


def test_a_drain_names_the_caster_and_what_was_lost():
    assert said(_cast(4, 8, cast("sap", "B")), "drain") == [("A", "B", None, {"drain": 3}, "B perd 3 PM.")]


@pytest.mark.parametrize("already, outcome, text", [
    (False, "applied", "B est étourdi·e : sa prochaine action en pâtira."),
    (True, "unchanged", "B est déjà étourdi·e."),
])
def test_a_status_says_who_gave_it_and_whether_it_was_already_there(already, outcome, text):
    s = state(A=4, B=8)
    s.duellist("B").stunned = already
    result = resolve_action_phase(s, [post("A", cast("shock", "B"))])
    assert said(result, "stun") == [("A", "B", outcome, {}, text)]


def _team():
    s = state(duellists=duellists_2v2(years=(4, 3, 3, 3)), A=4, C=5, B=8, D=7)
    s.duellist("C").pf, s.duellist("C").pm = 10, 2
    return s


def test_a_heal_and_a_restore_name_the_healer_the_healed_and_the_amount():
    s = _team()
    healed = resolve_action_phase(s, [post("A", cast("mend", "C"))])
    assert said(healed, "heal") == [("A", "C", None, {"heal": 3}, "C récupère 3 PF.")]
    restored = resolve_action_phase(s, [post("A", cast("renervate", "C"))])
    assert said(restored, "restore") == [("A", "C", None, {"restore": 3}, "C récupère 3 PM.")]


def test_a_team_shield_covers_the_casters_team_still_in_and_no_one_else():
    s = _team()
    result = resolve_action_phase(s, [post("A", cast("shield-duo"))])  # shields last until the turn ends
    assert said(result, "shield") == [("A", "A", None, {"charges": 1}, "A est protégé·e par un bouclier (1 charge)."),
                                      ("A", "C", None, {"charges": 1}, "C est protégé·e par un bouclier (1 charge).")]
    s.duellist("C").status = "knocked-out"
    alone = resolve_action_phase(s, [post("A", cast("shield-duo"))])
    assert [e.target for e in alone.events if e.kind == "shield"] == ["A"]
