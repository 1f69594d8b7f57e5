"""RULES.md §4.1 refused posts: every code, the precedence between them, and "a refused post
changes nothing"."""
import pytest

from duels.engine import REFUSED_CODES, check_post, replay, resolve_action_phase
from tests.support.engine import (
    cast,
    dodge,
    duellists_1v1,
    duellists_2v2,
    mv,
    play,
    post,
    scenario,
    spell,
    state,
    turn,
)

HIT = post("A", cast("bolt", "B", "123", 1))
YEAR1 = duellists_1v1(a_year=1)

CASES = {
    "one-post-per-phase": dict(turns=[turn(post("A", mv(5)), post("A", mv(6)))]),
    "duellist-out": dict(turns=[turn(post("A", cast("finisher", "B"))), turn(post("B", mv(7)))],
                         spells=[spell("finisher", tags=["AUTO"], effect={"damage": 16})], fmt_2v2=True),
    "not-targeted": dict(turns=[turn(HIT, defence=[post("A", {"nothing": True})])]),
    "one-cast-per-post": dict(turns=[turn(post("A", cast("bolt", "B", "123", 1), cast("shock", "B")))]),
    "too-many-moves": dict(turns=[turn(post("A", mv(5), mv(6)))]),
    "one-defence-action": dict(turns=[turn(HIT, defence=[post("B", dodge("123", 1), {"nothing": True})])]),
    "wrong-phase": dict(turns=[turn(post("A", dodge("123", 1)))]),
    "invalid-move": dict(turns=[turn(post("A", mv(12)))]),
    "off-stage": dict(turns=[turn(post("A", mv(2)), post("B", mv(6), cast("repel", "A", "456", 6))),
                             turn(post("A", mv(3), cast("bolt", "B", "123", 1)))]),
    "stunned": dict(turns=[turn(post("B"), post("A", cast("shock", "B"))), turn(post("B", mv(7)))]),
    "disarmed": dict(turns=[turn(post("A"), post("B", cast("disarm", "A", "123", 1))),
                            turn(post("A", cast("bolt", "B", "123", 1)))]),
    "bound": dict(turns=[turn(post("A"), post("B", cast("bind", "A"))), turn(post("A", mv(5)))]),
    "unknown-spell": dict(turns=[turn(post("A", cast("avada", "B", "123", 1)))]),
    "spell-level": dict(turns=[turn(post("A", cast("jinx", "B", "123", 1)))], duellists=YEAR1),
    "overlevel-used": dict(turns=[turn(post("A", cast("jinx", "B", "12", 6, overlevel=True))),
                                  turn(post("A", cast("repel", "B", "12", 6, overlevel=True)))], duellists=YEAR1),
    "modulation-level": dict(turns=[turn(post("A", cast("jinx", "B", "123", 1, modulation=4)))]),
    "same-spell-twice": dict(turns=[turn(post("A", cast("bolt", "B", "123", 6))),
                                    turn(post("A", cast("bolt", "B", "123", 6)))]),
    "invalid-target": dict(turns=[turn(post("A", cast("bolt", "A", "123", 1)))]),
    "not-defence-spell": dict(turns=[turn(HIT, defence=[post("B", cast("shock", "A"))])]),
    "invalid-bet": dict(turns=[turn(post("A", cast("bolt", "B", "1234", 1)))]),
    "invalid-roll": dict(turns=[turn(post("A", cast("bolt", "B", "123", 7)))]),
}


def run_case(code):
    case = CASES[code]
    duellists = case.get("duellists") or (duellists_2v2() if case.get("fmt_2v2") else None)
    return replay(scenario(*case["turns"], duellists=duellists, spells=case.get("spells")))


def test_every_refused_code_has_a_case():
    assert set(CASES) == set(REFUSED_CODES)


@pytest.mark.parametrize("code", REFUSED_CODES)
def test_refused_code(code):
    result = run_case(code)
    assert result["error"]["code"] == code


def test_refused_post_reports_turn_phase_and_poster_and_changes_nothing():
    result = run_case("not-targeted")
    assert result["error"] == {"code": "not-targeted", "turn": 1, "phase": "defence", "by": "A"}
    # the state is the one the defence phase opened with: after the first declaration
    assert result["duellists"] == result["turns"][0]["first"]["state"]
    assert result["turns"][0]["second"] is None


def test_a_refused_action_post_leaves_the_phase_unplayed():
    result = play(turn(post("A", mv(6)), post("B", mv(12))))
    assert result["error"]["code"] == "invalid-move"
    assert result["duellists"]["A"]["pos"] == 4  # A's accepted post was never resolved
    assert result["turns"] == []


def test_duel_over_for_turns_after_the_end():
    finisher = spell("finisher", tags=["AUTO"], effect={"damage": 16})
    result = play(turn(post("A", cast("finisher", "B"))), turn(post("A", mv(5))), spells=[finisher])
    assert result["error"] == {"code": "duel-over", "turn": 2, "phase": "action", "by": None}
    assert (result["status"], result["winner"]) == ("finished", 1)
    assert len(result["turns"]) == 1


def test_defence_posts_without_a_defence_phase_are_not_targeted():
    result = play(turn(post("A", mv(5)), defence=[post("B", dodge("123", 1))]))
    assert result["error"] == {"code": "not-targeted", "turn": 1, "phase": "defence", "by": "B"}
    assert result["turns"][0]["second"] is None


# --- precedence: the first applicable code in the RULES.md order ---------------------------------

@pytest.mark.parametrize(("steps", "code"), [
    ([cast("bolt", "B", "123", 1), cast("nope")], "one-cast-per-post"),
    ([mv(5), mv(6), cast("nope")], "too-many-moves"),
    ([dodge("789", 1), mv(99)], "wrong-phase"),
    ([mv(0), cast("nope")], "invalid-move"),
    ([cast("nope", "Z", "9", 9)], "unknown-spell"),
    ([cast("big", "A", "9", 9, modulation=9)], "spell-level"),
    ([cast("jinx", "A", "9", 9, modulation=9)], "modulation-level"),
    ([cast("bolt", "A", "9", 9)], "invalid-target"),
    ([cast("bolt", "B", "9", 9)], "invalid-bet"),
    ([{"move": 5, "roll": 3}, cast("bolt", "B", "123", 1)], "invalid-roll"),
])
def test_precedence(steps, code):
    assert check_post(state(), post("A", *steps), require_rolls=True) == code


def test_one_post_per_phase_comes_before_everything():
    s = state(duellists=duellists_2v2())
    s.duellist("A").status = "knocked-out"
    assert check_post(s, post("A", mv(99)), require_rolls=True, already_posted={"A"}) == "one-post-per-phase"
    assert check_post(s, post("A", mv(99)), require_rolls=True) == "duellist-out"


def test_off_stage_comes_before_statuses_and_spell_checks():
    s = state(A=0)
    s.duellist("A").disarmed = True
    assert check_post(s, post("A", mv(3), cast("nope")), require_rolls=True) == "off-stage"


def test_stunned_comes_before_disarmed_and_bound():
    s = state()
    a = s.duellist("A")
    a.stunned = a.disarmed = a.bound = True
    assert check_post(s, post("A", mv(5), cast("bolt", "B", "123", 1)), require_rolls=True) == "stunned"
    a.stunned = False
    assert check_post(s, post("A", mv(5), cast("bolt", "B", "123", 1)), require_rolls=True) == "disarmed"
    assert check_post(s, post("A", mv(5)), require_rolls=True) == "bound"
    assert check_post(s, post("A"), require_rolls=True) is None


# --- details of single codes --------------------------------------------------------------------

@pytest.mark.parametrize("steps", [[mv(5), cast("bolt", "B", "123", 1), mv(6)], [mv(5)], [cast("shock", "B"), mv(3)], []])
def test_allowed_shapes(steps):
    assert check_post(state(), post("A", *steps), require_rolls=True) is None


def test_same_spell_twice_counts_a_defence_cast_of_the_previous_turn():
    result = play(turn(HIT, defence=[post("B", cast("shield"))]), turn(post("B", cast("shield"))))
    assert result["error"]["code"] == "same-spell-twice"


def test_same_spell_allowed_again_after_a_turn_in_between():
    result = play(turn(post("A", cast("bolt", "B", "123", 6))), turn(post("A", cast("jinx", "B", "123", 6))),
                  turn(post("A", cast("bolt", "B", "123", 6))))
    assert result["error"] is None


def test_ruling_a_voided_cast_does_not_count_for_same_spell_twice():
    result = play(turn(post("A", cast("shock", "B")), post("B", cast("bolt", "A", "123", 6))),
                  turn(post("B", cast("bolt", "A", "123", 6))))
    assert result["error"] is None


def test_overlevel_must_be_exactly_year_plus_one():
    assert check_post(state(), post("A", cast("bolt", "B", "12", 1, overlevel=True)), require_rolls=True) == "spell-level"
    five = [spell("l5", level=5)]
    assert check_post(state(spells=five), post("A", cast("l5", "B", "12", 1, overlevel=True)),
                      require_rolls=True) == "spell-level"


def test_modulation_refused_on_an_overlevel_attempt_and_when_unknown():
    year3 = state()
    assert check_post(year3, post("A", cast("jinx", "B", "12", 1, overlevel=True, modulation=4)),
                      require_rolls=True) == "spell-level"
    four = state(duellists=duellists_1v1(a_year=4))
    assert check_post(four, post("A", cast("jinx", "B", "123", 1, modulation=3)), require_rolls=True) == "modulation-level"
    assert check_post(four, post("A", cast("jinx", "B", "123", 1, modulation=4)), require_rolls=True) is None
    big_mod = [spell("big", level=4, modulations=[{"level": 5, "effect": {"damage": 9}}])]
    assert check_post(state(spells=big_mod), post("A", cast("big", "B", "12", 1, overlevel=True, modulation=5)),
                      require_rolls=True) == "modulation-level"


@pytest.mark.parametrize(("step", "code"), [
    (cast("blast", bet="123", roll=1), "invalid-target"),  # zone missing
    (cast("blast", zone=12, bet="123", roll=1), "invalid-target"),
    (cast("blast", "B", zone=6, bet="123", roll=1), "invalid-target"),
    (cast("bolt", "B", "123", 1, zone=6), "invalid-target"),
    (cast("bolt", bet="123", roll=1), "invalid-target"),  # opponent spell without target
    (cast("shield", "B"), "invalid-target"),
    (cast("bolt", "B#1", "123", 1), "invalid-target"),  # no such creature
    (cast("blast", zone=6, bet="123", roll=1), None),
])
def test_invalid_target(step, code):
    assert check_post(state(), post("A", step), require_rolls=True) == code


@pytest.mark.parametrize(("step", "code"), [
    (cast("shock", "B"), None),
    (cast("shock", "B", "123", 1), "invalid-bet"),  # AUTO without the magic type: no bet at all
    (cast("shield", bet="456", roll=4), None),  # AUTO with the magic type: bonus bet allowed
    (cast("shield", bet="3456", roll=4), "invalid-bet"),
    (cast("bolt", "B"), "invalid-bet"),  # ordinary spell needs a bet
    (cast("bolt", "B", "12", 1), "invalid-bet"),
    (dodge("1234", 1), "wrong-phase"),
])
def test_invalid_bet(step, code):
    assert check_post(state(), post("A", step), require_rolls=True) == code


def test_invalid_bet_on_a_dodge():
    s = state()
    s = resolve_action_phase(s, [HIT]).state
    assert check_post(s, post("B", dodge("12", 1)), require_rolls=True) == "invalid-bet"
    assert check_post(s, post("B", dodge("456", 1)), require_rolls=True) is None


@pytest.mark.parametrize(("step", "require", "code"), [
    (cast("bolt", "B", "123"), True, "invalid-roll"),
    (cast("bolt", "B", "123", 0), True, "invalid-roll"),
    (cast("shock", "B", roll=3), True, "invalid-roll"),
    ({"move": 5, "roll": 2}, True, "invalid-roll"),
    (cast("bolt", "B", "123"), False, None),
    (cast("bolt", "B", "123", 3), False, "invalid-roll"),  # live posts never carry rolls
])
def test_invalid_roll(step, require, code):
    assert check_post(state(), post("A", step), require_rolls=require) == code


def test_check_post_never_changes_the_state():
    s = state()
    before = s.to_dict()
    for code in REFUSED_CODES:
        for t in CASES[code]["turns"]:
            for p in t["actions"]:
                check_post(s, p, require_rolls=True)
    assert s.to_dict() == before
