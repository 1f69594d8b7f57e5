"""RULES.md §8: the house rules value (defaults, ranges, JSON form) and how a duel state carries it."""
import json

import pytest

from duels.engine import RULEBOOK, DuellistState, DuelState, HouseRules, HouseRulesError, resolve_action_phase
from duels.engine.house_rules import INT_RANGES, KNOBS
from tests.support.engine import cast, post, state

RULEBOOK_TABLE = {1: (10, 5), 2: (13, 7), 3: (16, 8), 4: (19, 10), 5: (22, 12), 6: (25, 15), 7: (28, 18),
                  8: (32, 20)}


def test_the_rulebook_is_the_default_of_every_knob():
    assert RULEBOOK == HouseRules() == HouseRules.from_dict({})
    assert dict(RULEBOOK.points) == RULEBOOK_TABLE
    assert (RULEBOOK.dodge_pf, RULEBOOK.move_pf, RULEBOOK.fall_pf, RULEBOOK.overlevel_per_duel,
            RULEBOOK.repeat) == (2, 1, 1, 1, "consecutive")
    assert (RULEBOOK.min_words, RULEBOOK.deadline_hours, RULEBOOK.exemptions, RULEBOOK.exemption_days,
            RULEBOOK.absences_to_disqualify, RULEBOOK.wand_rest_duels, RULEBOOK.eligibility_days,
            RULEBOOK.eligibility_posts, RULEBOOK.win_points, RULEBOOK.win_salary_days,
            RULEBOOK.draw_salary_days, RULEBOOK.chocogrenouille) == (100, 48, 1, 5, 3, 4, None, 50, 1, 4, 2, True)
    assert RULEBOOK.to_dict() == {}


TABLE_RANGES = {
    "dodge_pf": (0, 9), "move_pf": (1, 9), "fall_pf": (0, 9), "overlevel_per_duel": (0, 3),
    "min_words": (0, 1000), "deadline_hours": (12, 336), "exemptions": (0, 3), "exemption_days": (1, 14),
    "absences_to_disqualify": (1, 9), "wand_rest_duels": (0, 20), "eligibility_days": (0, 365),
    "eligibility_posts": (0, 10000), "win_points": (0, 10), "win_salary_days": (0, 30), "draw_salary_days": (0, 30),
    "cup_win": (0, 100), "cup_draw": (0, 100), "cup_loss": (0, 100), "cup_tournament_win": (0, 500),
}


def test_the_integer_ranges_are_the_tables():
    assert INT_RANGES == TABLE_RANGES
    assert KNOBS == set(TABLE_RANGES) | {"points", "repeat", "chocogrenouille"}


@pytest.mark.parametrize(("key", "low", "high"), [(k, lo, hi) for k, (lo, hi) in TABLE_RANGES.items()])
def test_each_integer_knob_accepts_its_ends_and_refuses_one_beyond(key, low, high):
    for value in (low, high):
        rules = HouseRules.from_dict({key: value})
        assert getattr(rules, key) == value
        assert HouseRules.from_dict(rules.to_dict()) == rules
    for value in (low - 1, high + 1, str(low), float(low), True):
        with pytest.raises(HouseRulesError) as error:
            HouseRules.from_dict({key: value})
        assert (error.value.key, error.value.message) == (key, f"expected an integer {low}..{high}, got {value!r}")
        assert str(error.value) == f"{key}: {error.value.message}"


def test_eligibility_days_null_is_one_calendar_month():
    assert HouseRules.from_dict({"eligibility_days": None}) == RULEBOOK
    assert HouseRules.from_dict({"eligibility_days": 0}).to_dict() == {"eligibility_days": 0}


@pytest.mark.parametrize("repeat", ["consecutive", "duel", "free"])
def test_repeat_takes_its_three_words(repeat):
    assert HouseRules.from_dict({"repeat": repeat}).repeat == repeat


@pytest.mark.parametrize(("key", "value", "message"), [
    ("repeat", "twice", "expected one of consecutive, duel, free, got 'twice'"),
    ("repeat", 1, "expected one of consecutive, duel, free, got 1"),
    ("chocogrenouille", 1, "expected true or false, got 1"),
    ("chocogrenouille", "yes", "expected true or false, got 'yes'"),
])
def test_word_and_yes_no_knobs_refuse_other_values(key, value, message):
    with pytest.raises(HouseRulesError) as error:
        HouseRules.from_dict({key: value})
    assert (error.value.key, error.value.message) == (key, message)


def test_chocogrenouille_can_be_turned_off():
    assert HouseRules.from_dict({"chocogrenouille": False}).to_dict() == {"chocogrenouille": False}


def test_an_unknown_knob_is_refused_by_name():
    with pytest.raises(HouseRulesError, match="dodge_cost: unknown house rule"):
        HouseRules.from_dict({"dodge_cost": 3})


def test_allowed_limits_the_knobs():
    assert HouseRules.from_dict({"dodge_pf": 3}, allowed=frozenset({"dodge_pf"})).dodge_pf == 3
    with pytest.raises(HouseRulesError, match="min_words"):
        HouseRules.from_dict({"min_words": 3}, allowed=frozenset({"dodge_pf"}))


def test_points_change_only_the_years_named():
    rules = HouseRules.from_dict({"points": {"3": [20, 9], "8": [99, 0]}})
    assert rules.points[3] == (20, 9) == rules.start_points(3)
    assert rules.points[8] == (99, 0)
    assert {y: rules.points[y] for y in (1, 2, 4, 5, 6, 7)} == {y: RULEBOOK_TABLE[y] for y in (1, 2, 4, 5, 6, 7)}
    assert rules.to_dict() == {"points": {"3": [20, 9], "8": [99, 0]}}
    # naming a year with its rulebook values changes nothing
    assert HouseRules.from_dict({"points": {"1": [10, 5]}}) == RULEBOOK


@pytest.mark.parametrize(("pair", "refused"), [
    ([1, 0], None), ([99, 99], None),
    ([0, 5], "PF must be an integer 1..99, got 0"), ([100, 5], "PF must be an integer 1..99, got 100"),
    ([10.0, 5], "PF must be an integer 1..99, got 10.0"),
    ([10, -1], "PM must be an integer 0..99, got -1"), ([10, 100], "PM must be an integer 0..99, got 100"),
    ([10], "expected a pair [PF, PM]"), ([10, 5, 1], "expected a pair [PF, PM]"), ("10,5", "expected a pair [PF, PM]"),
])
def test_points_ranges_pf_1_99_pm_0_99(pair, refused):
    if refused is None:
        assert HouseRules.from_dict({"points": {"4": pair}}).points[4] == tuple(pair)
    else:
        with pytest.raises(HouseRulesError) as error:
            HouseRules.from_dict({"points": {"4": pair}})
        assert (error.value.key, error.value.message) == ("points.4", refused)


@pytest.mark.parametrize("year", ["0", "9", "adult", "-1", "３"])
def test_points_name_years_1_to_8(year):
    with pytest.raises(HouseRulesError) as error:
        HouseRules.from_dict({"points": {year: [10, 5]}})
    assert (error.value.key, error.value.message) == (f"points.{year}", "unknown year (expected 1..8)")


@pytest.mark.parametrize(("data", "kind"), [([], "list"), ("x", "str"), (None, "NoneType")])
def test_the_house_block_is_an_object(data, kind):
    with pytest.raises(HouseRulesError) as error:
        HouseRules.from_dict(data)
    assert (error.value.key, error.value.message) == ("house", f"expected an object, got {kind}")


def test_points_is_an_object_of_years():
    with pytest.raises(HouseRulesError) as error:
        HouseRules.from_dict({"points": [[10, 5]]})
    assert (error.value.key, error.value.message) == ("points", "expected an object of years, got list")


def test_points_may_name_years_as_integers():
    assert HouseRules.from_dict({"points": {3: [20, 9]}}).points[3] == (20, 9)


def test_a_value_built_in_code_is_checked_too():
    with pytest.raises(HouseRulesError, match="dodge_pf"):
        HouseRules(dodge_pf=10)
    with pytest.raises(HouseRulesError, match="points"):
        HouseRules(points={1: (10, 5)})
    with pytest.raises(HouseRulesError, match=r"^points: expected PF and PM for every year 1\.\.8$"):
        HouseRules(points=[(10, 5)] * 8)
    with pytest.raises(HouseRulesError, match=r"points\.2: expected a pair \[PF, PM\]"):
        HouseRules(points={**RULEBOOK_TABLE, 2: 13})
    assert HouseRules(points={**RULEBOOK_TABLE, 2: [14, 7]}).points[2] == (14, 7)


def test_house_rules_are_frozen_and_hashable():
    rules = HouseRules.from_dict({"points": {"2": [5, 5]}})
    with pytest.raises(AttributeError):
        rules.dodge_pf = 5
    with pytest.raises(TypeError):
        rules.points[2] = (1, 1)
    assert hash(rules) == hash(HouseRules.from_dict(rules.to_dict())) and rules != RULEBOOK
    assert hash(HouseRules(dodge_pf=3)) != hash(RULEBOOK) != hash(rules)  # every knob weighs in the hash


# --- the duel state carries them ------------------------------------------------------------------

def test_a_rulebook_state_document_has_no_house_key():
    s = state()
    assert "house" not in s.to_dict() and "house" not in s.to_dict(catalog=False)
    assert "overlevels" not in s.to_dict()["duellists"][0]


def test_a_house_state_document_names_the_changed_knobs_and_round_trips():
    s = state(house={"dodge_pf": 0, "points": {"3": [30, 12]}, "repeat": "duel"})
    data = json.loads(json.dumps(s.to_dict(catalog=False)))
    assert data["house"] == {"points": {"3": [30, 12]}, "dodge_pf": 0, "repeat": "duel"}
    loaded = DuelState.from_dict(data, spells=[sp.to_dict() for sp in s.spells.values()])
    assert loaded == s and loaded.house == s.house
    assert all(d.house is loaded.house for d in loaded.duellists)  # the heal caps follow the duel's table
    assert loaded.duellist("A").start_pf == 30


def test_a_clone_and_a_resolved_phase_keep_the_house_rules():
    s = state(house={"move_pf": 3})
    assert s.clone().house is s.house
    after = resolve_action_phase(s, [post("A", cast("bolt", "B", "123", 1))]).state
    assert after.house is s.house and all(d.house is s.house for d in after.duellists)


def test_several_overlevel_attempts_are_kept_in_the_document():
    s = state(house={"overlevel_per_duel": 3})
    s.duellist("A").overlevels = 2
    data = s.to_dict()
    assert data["duellists"][0]["overlevel_used"] is True and data["duellists"][0]["overlevels"] == 2
    assert DuelState.from_dict(data).duellist("A").overlevels == 2


def test_a_stored_document_from_before_house_rules_loads_its_overlevel_attempt():
    s = state()
    s.duellist("A").overlevels = 1
    data = s.to_dict()
    assert data["duellists"][0]["overlevel_used"] is True and "overlevels" not in data["duellists"][0]
    loaded = DuelState.from_dict(data)
    assert loaded.duellist("A").overlevels == 1 and loaded.house is RULEBOOK


def test_a_duellist_document_without_its_overlevel_fields_has_made_no_attempt():
    data = state().to_dict()["duellists"][0]
    del data["overlevel_used"]
    assert DuellistState.from_dict(data).overlevels == 0
