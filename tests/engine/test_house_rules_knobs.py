"""RULES.md §8: each engine knob at both ends of its range, proving the duel's value is the one used
(starting points and heal caps, dodge, move and fall costs, overlevel attempts, the repetition rule)."""
import pytest

from duels.engine import HouseRules, options_for, resolve_action_phase, resolve_defence_phase
from duels.engine.options import worded_by_house
from tests.support.engine import cast, dodge, error_code, mv, play, post, spell, state, turn

BOLT_MISS = cast("bolt", "B", "123", 6)  # a failed bet: paid, no defence phase
SHOVE = spell("shove", level=1, range=10, tags=["AUTO"], effect={"push": 3})  # always succeeds, not dodgeable


def _kinds(result, kind):
    return [e for e in result.events if e.kind == kind]


# --- points: starting PF/PM by year, and the heal/restore caps ------------------------------------

@pytest.mark.parametrize(("pair", "expected"), [([1, 0], (1, 0)), ([99, 99], (99, 99)), ([20, 9], (20, 9))])
def test_duellists_start_with_the_house_points_of_their_year(pair, expected):
    result = play(house={"points": {"3": pair}})
    assert (result["duellists"]["A"]["pf"], result["duellists"]["A"]["pm"]) == expected
    assert (result["duellists"]["B"]["pf"], result["duellists"]["B"]["pm"]) == expected  # same year


def test_points_change_only_the_year_named():
    result = play(house={"points": {"4": [30, 30]}})
    assert (result["duellists"]["A"]["pf"], result["duellists"]["A"]["pm"]) == (16, 8)  # year 3: the rulebook's


def test_with_no_pm_a_cast_is_paid_in_pf():
    # year 3 with [1, 0]: Bolt (1) comes from the only PF, the spell resolves, then A is out
    result = play(turn(post("A", cast("bolt", "B", "123", 6))), house={"points": {"3": [1, 0]}})
    assert result["duellists"]["A"] == {"pf": 0, "pm": 0, "pos": 4, "out": True}
    assert result["status"] == "finished" and result["winner"] == 2


def _healed(house, pf):
    s = state(house=house)
    s.duellist("A").pf = pf
    return resolve_action_phase(s, [post("A", cast("mend"))]).state.duellist("A").pf


def test_heal_is_capped_at_the_house_starting_pf():
    assert _healed({"points": {"3": [20, 8]}}, 15) == 18  # above the rulebook's 16
    assert _healed({"points": {"3": [20, 8]}}, 19) == 20
    assert _healed({}, 15) == 16


def test_heal_cap_can_be_below_the_rulebook():
    assert _healed({"points": {"3": [12, 8]}}, 10) == 12


def _restored(house, pm):
    s = state(house=house)
    s.duellist("A").pm = pm
    return resolve_action_phase(s, [post("A", cast("renervate"))]).state.duellist("A")


def test_restore_is_capped_at_the_house_starting_pm():
    # Renervate costs nothing (SOIN) and restores 3 PM
    assert _restored({"points": {"3": [16, 12]}}, 8).pm == 11  # above the rulebook's 8
    assert _restored({"points": {"3": [16, 12]}}, 10).pm == 12
    assert _restored({}, 6).pm == 8


# --- dodge_pf ------------------------------------------------------------------------------------

def _defending(house, pf):
    """B holds one pending hit (a Bolt from A) and has `pf` PF when the defence phase opens."""
    first = resolve_action_phase(state(house=house), [post("A", cast("bolt", "B", "123", 1))])
    assert first.defence_follows
    first.state.duellist("B").pf = pf
    return first.state


def test_dodge_pf_0_dodges_for_free():
    s = _defending({"dodge_pf": 0}, 1)
    assert options_for(s, "B")["defence"]["dodge"] | {"bets": None} == {"cost": 0, "void": False, "bets": None}
    result = resolve_defence_phase(s, [post("B", dodge("123", 2))])
    b = result.state.duellist("B")
    assert (b.pf, b.out) == (1, False)  # nothing paid, and the Bolt was dodged
    assert [(e.kind, e.outcome, e.numbers["pf"]) for e in _kinds(result, "dodge")] == [("dodge", "success", 0)]
    assert "0 PF" in _kinds(result, "dodge")[0].text


def test_dodge_pf_0_failed_dodge_costs_nothing_either():
    result = resolve_defence_phase(_defending({"dodge_pf": 0}, 5), [post("B", dodge("123", 5))])
    assert result.state.duellist("B").pf == 5 - 2  # only the Bolt's damage
    assert _kinds(result, "dodge")[0].text == "B esquive (pari 123, dé 5, 0 PF) : ratée."


def test_dodge_pf_9_is_too_tired_below_9():
    s = _defending({"dodge_pf": 9}, 8)
    assert options_for(s, "B")["defence"]["dodge"]["cost"] == 9
    assert options_for(s, "B")["defence"]["dodge"]["void"] is True
    result = resolve_defence_phase(s, [post("B", dodge("123", 2))])
    voided = _kinds(result, "voided")
    assert [(e.outcome, e.numbers["step"]) for e in voided] == [("dodge-pf", "dodge")]
    assert "moins de 9 PF" in voided[0].text
    assert result.state.duellist("B").pf == 8 - 2  # not paid, not dodged: the Bolt lands


def test_dodge_pf_9_with_9_pf_is_paid_and_knocks_out():
    s = _defending({"dodge_pf": 9}, 9)
    assert options_for(s, "B")["defence"]["dodge"]["void"] is False
    result = resolve_defence_phase(s, [post("B", dodge("123", 2))])
    assert result.state.duellist("B").pf == 0 and result.state.duellist("B").out
    assert result.outcome.winner == 1


def test_dodge_pf_3_costs_3():
    result = resolve_defence_phase(_defending({"dodge_pf": 3}, 10), [post("B", dodge("123", 2))])
    assert result.state.duellist("B").pf == 7


def test_the_rulebook_dodge_keeps_its_wording():
    result = resolve_defence_phase(_defending({}, 10), [post("B", dodge("123", 2))])
    assert _kinds(result, "dodge")[0].msgid == "%(actor)s esquive (pari %(bet)s, dé %(roll)s, 2 PF) : réussie."


# --- move_pf ---------------------------------------------------------------------------------------

def test_move_pf_1_costs_one_pf_a_zone():
    result = play(turn(post("A", mv(6))), house={"move_pf": 1})
    assert result["duellists"]["A"]["pf"] == 14


def test_move_pf_9_costs_nine_pf_a_zone():
    result = play(turn(post("A", mv(5))), house={"move_pf": 9})
    assert result["duellists"]["A"]["pf"] == 16 - 9
    assert "(9 PF)" in result["turns"][0]["first"]["events"][0]


def test_move_pf_9_a_move_beyond_the_pf_is_void():
    # 16 PF: one zone (9) can be paid, two (18) cannot
    result = play(turn(post("A", mv(2))), house={"move_pf": 9})
    assert result["duellists"]["A"]["pf"] == 16 and result["duellists"]["A"]["pos"] == 4


def test_move_pf_9_options_show_the_zones_one_can_pay():
    s = state(house={"move_pf": 9})
    assert options_for(s, "A")["moves"] == [{"zone": 3, "cost": 9, "knocks_out": False},
                                            {"zone": 5, "cost": 9, "knocks_out": False}]


def test_move_pf_counts_only_the_zones_crossed_when_blocked():
    # A in 4 wants 9, B stands in 8: A stops in 7 (3 zones) at 3 PF each
    result = play(turn(post("A", mv(9))), house={"move_pf": 3})
    assert (result["duellists"]["A"]["pos"], result["duellists"]["A"]["pf"]) == (7, 16 - 9)


def test_move_pf_applies_to_climbing_back():
    s = state(house={"move_pf": 3}, A=0)
    result = resolve_action_phase(s, [post("A", mv(2))])
    assert (result.state.duellist("A").pos, result.state.duellist("A").pf) == (2, 16 - 6)
    assert {m["zone"]: m["cost"] for m in options_for(s, "A")["moves"]}[5] == 15


# --- fall_pf ---------------------------------------------------------------------------------------

def _pushed_off(house, b_pf=16):
    s = state(spells=[SHOVE], house=house, A=4, B=10)
    s.duellist("B").pf = b_pf
    return resolve_action_phase(s, [post("A", cast("shove", "B"))])


def test_fall_pf_0_falling_costs_nothing():
    result = _pushed_off({"fall_pf": 0})
    b = result.state.duellist("B")
    assert (b.pos, b.pf) == (12, 16)
    fall = _kinds(result, "fall")[0]
    assert fall.numbers["pf"] == 0 and fall.text == "B tombe de l'estrade."


def test_fall_pf_9_falling_costs_nine():
    result = _pushed_off({"fall_pf": 9})
    assert (result.state.duellist("B").pos, result.state.duellist("B").pf) == (12, 7)
    assert _kinds(result, "fall")[0].text == "B tombe de l'estrade et perd 9 PF."


def test_fall_pf_above_the_pf_left_stops_at_zero_and_knocks_out():
    result = _pushed_off({"fall_pf": 9}, b_pf=5)
    b = result.state.duellist("B")
    assert (b.pf, b.out) == (0, True)
    assert _kinds(result, "fall")[0].numbers["pf"] == 5
    assert result.outcome.winner == 1


def test_the_rulebook_fall_costs_one():
    result = _pushed_off({})
    assert result.state.duellist("B").pf == 15
    assert _kinds(result, "fall")[0].text == "B tombe de l'estrade et perd 1 PF."


# --- overlevel_per_duel ------------------------------------------------------------------------------

def _overlevel_turns(attempts):
    """A (year 3) tries Big (level 4) as an overlevel attempt every other turn (a failed bet, so no
    defence phase), `attempts` times."""
    turns = []
    for _ in range(attempts):
        turns += [turn(post("A", cast("big", "B", "12", 6, overlevel=True))), turn(post("A"))]
    return turns[:-1]


@pytest.mark.parametrize("allowed", [0, 1, 2, 3])
def test_the_attempt_after_the_allowed_ones_is_refused(allowed):
    house = {"overlevel_per_duel": allowed, "points": {"3": [16, 30]}}  # PM enough for four attempts
    fine = play(*_overlevel_turns(allowed), house=house)
    assert fine["error"] is None and fine["duellists"]["A"]["pm"] == 30 - 4 * allowed
    refused = play(*_overlevel_turns(allowed + 1), house=house)
    assert refused["error"] == {"code": "overlevel-used", "turn": 2 * allowed + 1, "phase": "action", "by": "A"}


def test_overlevel_0_offers_no_attempt_and_says_why():
    s = state(house={"overlevel_per_duel": 0})
    assert "big" not in [sp["slug"] for sp in options_for(s, "A")["spells"]]
    unavailable = {u["slug"]: u for u in options_for(s, "A")["unavailable_spells"]}
    assert unavailable["big"]["code"] == "overlevel-used"
    assert unavailable["big"]["reason"] == "niveau 4 : plus de tentative de niveau supérieur permise dans ce duel"


@pytest.mark.parametrize(("house", "used", "reason"), [
    ({"overlevel_per_duel": 2}, 2, "niveau 4 : plus de tentative de niveau supérieur permise dans ce duel"),
    ({"overlevel_per_duel": 1, "repeat": "duel"}, 1, "niveau 4 : tentative de niveau supérieur déjà faite dans ce duel"),
])
def test_the_reason_for_a_used_overlevel_follows_the_house_rules(house, used, reason):
    s = state(house=house)
    s.duellist("A").overlevels = used
    unavailable = {u["slug"]: u for u in options_for(s, "A")["unavailable_spells"]}
    assert (unavailable["big"]["code"], unavailable["big"]["reason"]) == ("overlevel-used", reason)


def test_the_reason_for_a_spell_cast_last_turn_stays_the_rulebooks_with_other_knobs():
    s = resolve_action_phase(state(house={"overlevel_per_duel": 0}), [post("A", BOLT_MISS)]).state
    unavailable = {u["slug"]: u for u in options_for(s, "A")["unavailable_spells"]}
    assert unavailable["bolt"]["reason"] == "lancé au tour précédent"


def test_overlevel_3_still_offers_the_attempt_after_two():
    s = state(house={"overlevel_per_duel": 3})
    s.duellist("A").overlevels = 2
    big = next(sp for sp in options_for(s, "A")["spells"] if sp["slug"] == "big")
    assert [v["overlevel"] for v in big["variants"]] == [True]
    s.duellist("A").overlevels = 3
    assert "big" not in [sp["slug"] for sp in options_for(s, "A")["spells"]]


# --- repeat -----------------------------------------------------------------------------------------

def test_repeat_consecutive_refuses_the_next_turn_only():
    house = {"repeat": "consecutive"}
    assert error_code(play(turn(post("A", BOLT_MISS)), turn(post("A", BOLT_MISS)), house=house)) == "same-spell-twice"
    assert play(turn(post("A", BOLT_MISS)), turn(post("A")), turn(post("A", BOLT_MISS)), house=house)["error"] is None


def test_repeat_duel_refuses_a_spell_cast_any_turn_before():
    turns = [turn(post("A", BOLT_MISS)), turn(post("A")), turn(post("A")), turn(post("A", BOLT_MISS))]
    result = play(*turns, house={"repeat": "duel"})
    assert result["error"] == {"code": "same-spell-twice", "turn": 4, "phase": "action", "by": "A"}
    assert play(*turns)["error"] is None  # the rulebook allows it


def test_repeat_duel_refuses_a_spell_cast_in_the_same_turns_action_phase():
    # A raises a Shield in the action phase, B's Bolt hits A: A's defence Shield is the same spell
    turns = [turn(post("A", cast("shield")), post("B", cast("bolt", "A", "123", 1)),
                  defence=[post("A", cast("shield"))])]
    result = play(*turns, house={"repeat": "duel"})
    assert result["error"] == {"code": "same-spell-twice", "turn": 1, "phase": "defence", "by": "A"}
    assert play(*turns)["error"] is None


def test_repeat_duel_is_per_duellist():
    turns = [turn(post("A", BOLT_MISS), post("B", cast("bolt", "A", "123", 6))), turn(post("A")),
             turn(post("B", cast("bolt", "A", "123", 6)))]
    result = play(*turns, house={"repeat": "duel"})
    assert result["error"] == {"code": "same-spell-twice", "turn": 3, "phase": "action", "by": "B"}


def test_repeat_duel_a_voided_cast_does_not_count():
    s = state(house={"repeat": "duel"})
    s.duellist("A").pm, s.duellist("A").pf = 0, 1  # Jinx (2) cannot be paid: void
    after = resolve_action_phase(s, [post("A", cast("jinx", "B", "123", 6))]).state
    assert after.duellist("A").casts == ()
    assert "jinx" in [sp["slug"] for sp in options_for(after, "A")["spells"]]


def test_repeat_duel_options_grey_the_spell_with_the_reason():
    s = state(house={"repeat": "duel"})
    for _ in range(3):
        s = resolve_action_phase(s, [post("A", BOLT_MISS)] if s.turn == 1 else []).state
    assert s.turn == 4
    unavailable = {u["slug"]: u for u in options_for(s, "A")["unavailable_spells"]}
    assert unavailable["bolt"]["code"] == "same-spell-twice"
    assert unavailable["bolt"]["reason"] == "déjà lancé dans ce duel"


def test_repeat_free_allows_the_same_spell_every_turn():
    turns = [turn(post("A", BOLT_MISS)) for _ in range(3)]
    result = play(*turns, house={"repeat": "free"})
    assert result["error"] is None and result["duellists"]["A"]["pm"] == 8 - 3
    s = resolve_action_phase(state(house={"repeat": "free"}), [post("A", BOLT_MISS)]).state
    assert "bolt" in [sp["slug"] for sp in options_for(s, "A")["spells"]]


@pytest.mark.parametrize(("knobs", "code", "worded"), [
    ({}, "same-spell-twice", False), ({"repeat": "duel"}, "same-spell-twice", True),
    ({"repeat": "free"}, "same-spell-twice", False), ({"repeat": "duel"}, "overlevel-used", False),
    ({}, "overlevel-used", False), ({"overlevel_per_duel": 2}, "overlevel-used", True),
    ({"overlevel_per_duel": 0}, "overlevel-used", True), ({"overlevel_per_duel": 2}, "same-spell-twice", False),
    ({"repeat": "duel", "overlevel_per_duel": 2}, "spell-level", False),
])
def test_a_refusal_is_worded_by_the_house_only_where_the_club_changed_its_rule(knobs, code, worded):
    assert worded_by_house(HouseRules.from_dict(knobs), code) is worded


def test_the_greyed_spell_says_whether_its_reason_is_the_clubs_rule():
    s = state(house={"repeat": "duel"})
    for _ in range(3):
        s = resolve_action_phase(s, [post("A", BOLT_MISS)] if s.turn == 1 else []).state
    assert {u["slug"]: u["house_rule"] for u in options_for(s, "A")["unavailable_spells"]}["bolt"] is True
    s = resolve_action_phase(state(), [post("A", BOLT_MISS)]).state
    assert {u["slug"]: u["house_rule"] for u in options_for(s, "A")["unavailable_spells"]}["bolt"] is False
