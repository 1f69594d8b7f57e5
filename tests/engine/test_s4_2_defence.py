"""RULES.md §4.2 Defence phase: who posts, dodge, DEFENCE spells, nothing, the second declaration."""
from duels.engine import expected_posters, resolve_action_phase, resolve_defence_phase
from tests.support.engine import cast, dodge, duellists_2v2, error_code, mv, play, points, post, state, turn


def test_only_duellists_with_a_pending_hit_are_expected_in_defence():
    s = state(duellists=duellists_2v2())
    result = resolve_action_phase(s, [post("A", cast("bolt", "B", "123", 1))])
    assert result.defence_follows
    assert result.expected_posters == ("B",) == tuple(expected_posters(result.state))


def test_a_failed_dodge_costs_2_pf_and_the_hit_applies():
    result = play(turn(post("A", cast("bolt", "B", "123", 2)), defence=[post("B", dodge("456", 3))]))
    assert points(result, "B")[0] == 16 - 2 - 2


def test_a_successful_dodge_costs_2_pf_and_cancels_the_hit():
    result = play(turn(post("A", cast("bolt", "B", "123", 2)), defence=[post("B", dodge("123", 1))]))
    assert points(result, "B")[0] == 16 - 2


def test_a_dodge_with_under_2_pf_is_void_and_the_hit_applies():
    s = state()
    s.duellist("B").pf = 1
    first = resolve_action_phase(s, [post("A", cast("bolt", "B", "123", 2))])
    second = resolve_defence_phase(first.state, [post("B", dodge("123", 1))])
    assert second.state.duellist("B").out
    assert [e.kind for e in second.events][:2] == ["voided", "hit"]


def test_a_dodge_with_3_pf_is_paid():
    s = state()
    s.duellist("B").pf = 3
    first = resolve_action_phase(s, [post("A", cast("bolt", "B", "123", 2))])
    second = resolve_defence_phase(first.state, [post("B", dodge("123", 1))])
    assert second.state.duellist("B").pf == 1


def test_a_dodge_with_exactly_2_pf_is_paid_and_knocks_out():
    s = state()
    s.duellist("B").pf = 2
    first = resolve_action_phase(s, [post("A", cast("bolt", "B", "123", 2))])
    second = resolve_defence_phase(first.state, [post("B", dodge("123", 1))])
    assert second.state.duellist("B").out and second.state.duellist("B").pf == 0
    assert second.outcome.winner == 1


def test_in_2v2_a_duellist_hit_twice_dodges_only_the_first_hit():
    result = play(
        turn(post("A", cast("bolt", "B", "123", 1)), post("C", mv(5), cast("jinx", "B", "123", 1)),
             defence=[post("B", dodge("456", 6))]),
        duellists=duellists_2v2(),
    )
    assert points(result, "B")[0] == 16 - 2 - 3  # dodge paid, bolt dodged, jinx lands


def test_in_2v2_the_dodge_cancels_the_first_hit_made_and_the_second_applies():
    s = state(duellists=duellists_2v2(), C=5)
    first = resolve_action_phase(s, [post("A", cast("bolt", "B", "123", 1)), post("C", cast("jinx", "B", "123", 1))])
    assert [h.spell for h in first.state.pending] == ["bolt", "jinx"]
    second = resolve_defence_phase(first.state, [post("B", dodge("456", 6))])
    assert second.state.duellist("B").pf == 16 - 2 - 3


def test_a_defence_spell_shield_absorbs_a_pending_hit():
    result = play(turn(post("A", cast("bolt", "B", "123", 1)), defence=[post("B", cast("shield"))]))
    assert points(result, "B")[:2] == (16, 7)
    assert "Le bouclier de B absorbe Bolt de A." in result["turns"][0]["second"]["events"]


def test_a_team_shield_protects_both_teammates_one_charge_each():
    s = state(duellists=duellists_2v2(), A=6, C=6)
    first = resolve_action_phase(s, [post("B", cast("bolt", "A", "123", 1)), post("D", cast("bolt", "C", "123", 1))])
    second = resolve_defence_phase(first.state, [post("A", cast("shield-duo")), post("C", {"nothing": True})])
    assert (second.state.duellist("A").pf, second.state.duellist("C").pf) == (16, 16)
    assert second.state.duellist("A").pm == 8 - 3


def test_one_charge_cancels_one_hit_only():
    s = state(duellists=duellists_2v2(), C=5)
    first = resolve_action_phase(s, [post("A", cast("bolt", "B", "123", 1)), post("C", cast("jinx", "B", "123", 1))])
    second = resolve_defence_phase(first.state, [post("B", cast("shield"))])
    assert second.state.duellist("B").pf == 16 - 3  # bolt absorbed, jinx lands


def test_doing_nothing_or_not_posting_lets_the_hits_apply():
    for defence in ([post("B", {"nothing": True})], [post("B")], []):
        result = play(turn(post("A", cast("bolt", "B", "123", 1)), defence=defence))
        assert points(result, "B")[0] == 14


def test_moving_is_not_a_defence():
    result = play(turn(post("A", cast("bolt", "B", "123", 1)), defence=[post("B", {"move": 9})]))
    assert error_code(result) == "invalid-move"


def test_a_non_defence_spell_is_refused_in_defence():
    result = play(turn(post("A", cast("bolt", "B", "123", 1)), defence=[post("B", cast("bolt", "A", "123", 1))]))
    assert error_code(result) == "not-defence-spell"


def test_shields_vanish_at_the_end_of_the_turn():
    result = play(turn(post("B", cast("shield"))), turn(post("A", cast("bolt", "B", "123", 1))))
    assert points(result, "B")[0] == 14
