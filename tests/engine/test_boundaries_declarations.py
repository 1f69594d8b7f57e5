"""What the declarations say (RULES.md §3.2, §4.1, §4.2): each event names who did what, to whom, with
which spell and die; a pass, a "nothing", a dodge, a hit and a dodged hit are all reported; posts voided
during the defence phase. Found by mutation testing: each test fails when an event loses a
field or a step of the second declaration is skipped."""
from duels.engine import resolve_action_phase, resolve_defence_phase
from tests.engine.sample_spells import SAMPLE_SPELLS
from tests.support.engine import cast, dodge, duellists_2v2, mv, post, spell, state

NOTHING = {"nothing": True}


def said(events, kind=None):
    """(kind, actor, target, spell, roll, outcome, numbers, text) of each event (of one kind)."""
    return [(e.kind, e.actor, e.target, e.spell, e.roll, e.outcome, e.numbers, e.text)
            for e in events if kind is None or e.kind == kind]


def test_a_pass_is_declared_for_the_duellist_who_passed():
    result = resolve_action_phase(state(A=4, B=8), [post("A", NOTHING), post("B")])
    assert said(result.events) == [("pass", "A", None, None, None, None, {}, "A passe."),
                                   ("pass", "B", None, None, None, None, {}, "B passe.")]


def test_a_duellist_knocked_out_earlier_in_the_phase_does_not_pass():
    s = state(A=4, B=8)
    s.duellist("B").pf = 1
    result = resolve_action_phase(s, [post("A", cast("shock", "B")), post("B", NOTHING)])
    assert said(result.events, "pass") == []
    assert result.state.duellist("B").out


def _both_targeted(*extra_spells):
    """A and B each hold a pending Bolt from the other; B has 5 PF."""
    s = state(spells=[*SAMPLE_SPELLS, *extra_spells], A=4, B=8)
    s.duellist("B").pf = 5
    first = resolve_action_phase(s, [post("A", cast("bolt", "B", "123", 1)), post("B", cast("bolt", "A", "123", 1))])
    assert first.defence_follows
    return first.state


def test_doing_nothing_in_the_defence_phase_is_declared():
    result = resolve_defence_phase(_both_targeted(), [post("B", NOTHING)])
    assert said(result.events, "nothing") == [("nothing", "B", None, None, None, None, {}, "B ne fait rien.")]


def test_the_second_declaration_closes_the_turn():
    result = resolve_defence_phase(_both_targeted(), [])
    assert result.defence_follows is False
    assert (result.state.turn, result.state.phase) == (2, "action")


def test_a_dodge_and_the_hits_are_declared_with_who_what_and_the_die():
    result = resolve_defence_phase(_both_targeted(), [post("B", dodge("123", 3)), post("A", dodge("456", 2))])
    assert said(result.events, "dodge") == [
        ("dodge", "B", None, None, 3, "success", {"bet": "123", "pf": 2},
         "B esquive (pari 123, dé 3, 2 PF) : réussie."),
        ("dodge", "A", None, None, 2, "failure", {"bet": "456", "pf": 2},
         "A esquive (pari 456, dé 2, 2 PF) : ratée."),
    ]
    assert said(result.events, "hit-dodged") == [
        ("hit-dodged", "A", "B", "bolt", None, "dodged", {}, "B évite Bolt de A.")]
    assert said(result.events, "hit") == [("hit", "B", "A", "bolt", None, None, {}, "Bolt de B touche A.")]


def test_a_hit_on_a_duellist_knocked_out_by_an_earlier_hit_is_skipped_and_the_next_hits_land():
    s = state(duellists=duellists_2v2(), A=4, C=5, B=8, D=7)
    s.duellist("B").pf = 2
    first = resolve_action_phase(s, [post("A", cast("bolt", "B", "123", 1)), post("C", cast("bolt", "B", "123", 1)),
                                     post("D", cast("bolt", "A", "123", 1))])
    result = resolve_defence_phase(first.state, [])
    assert [(e.actor, e.target) for e in result.events if e.kind == "hit"] == [("A", "B"), ("D", "A")]
    assert result.state.duellist("A").pf == 16 - 2


# A DEFENCE spell that hurts: what a defence post can do to another defender before their own post.
COUNTER = spell("counter", level=1, range=6, tags=["AUTO", "DEFENCE"], effect={"damage": 5})
SWEEP = spell("sweep", level=1, range=6, tags=["AUTO", "DEFENCE"], effect={"push": 5})


def test_a_defender_knocked_out_earlier_in_the_defence_phase_loses_their_post():
    s = _both_targeted(COUNTER)
    s.duellist("A").pf = 5
    result = resolve_defence_phase(s, [post("B", cast("counter", "A")), post("A", dodge("123", 1))])
    assert said(result.events, "voided") == [
        ("voided", "A", None, None, None, "knocked-out", {"step": "dodge"}, "Esquive de A annulée : hors combat.")]
    assert result.state.duellist("A").pf == 0


def test_a_defender_pushed_off_earlier_in_the_defence_phase_loses_their_post_but_one_off_at_the_start_keeps_it():
    opened = _both_targeted(SWEEP)
    result = resolve_defence_phase(opened, [post("B", cast("sweep", "A")), post("A", dodge("123", 1))])
    assert result.state.duellist("A").pos == 0
    assert said(result.events, "voided") == [
        ("voided", "A", None, None, None, "pushed-off", {"step": "dodge"},
         "Esquive de A annulée : tombé de l'estrade plus tôt dans la phase.")]
    # off the stage when the defence phase opened: the dodge is allowed (RULES.md ruling)
    opened_off = opened.clone()
    opened_off.duellist("A").pos = 0
    dodged = resolve_defence_phase(opened_off, [post("A", dodge("123", 1))])
    assert said(dodged.events, "voided") == [] and [e.outcome for e in dodged.events if e.kind == "dodge"] == ["success"]


def test_a_climb_onto_a_held_zone_is_declared_void_for_the_climber():
    s = state(A=0, B=8)
    result = resolve_action_phase(s, [post("A", mv(8))])
    assert said(result.events, "voided") == [
        ("voided", "A", None, None, None, "zone-held", {"step": "climb"},
         "Retour sur l'estrade de A annulée : la zone choisie est occupée par un adversaire.")]
