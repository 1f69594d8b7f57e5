"""RULES.md §2 Equipment: PF/PM by year, spell access by year, magic types per year."""
import pytest

from duels.engine import START_POINTS, ScenarioError, new_duel_state, replay
from tests.support.engine import cast, duellists_1v1, error_code, play, post, scenario, spell, turn

TABLE = {1: (10, 5), 2: (13, 7), 3: (16, 8), 4: (19, 10), 5: (22, 12), 6: (25, 15), 7: (28, 18), 8: (32, 20)}


@pytest.mark.parametrize("year", range(1, 9))
def test_starting_pf_and_pm_follow_the_year_table(year):
    types = ["a"] if year <= 5 else ["a", "b"]
    state = new_duel_state(format="1v1", rp=False, spells=[], duellists=[
        {"id": "A", "team": 1, "year": year, "types": types}, {"id": "B", "team": 2, "year": 1, "types": ["a"]}])
    a = state.duellist("A")
    assert (a.pf, a.pm) == TABLE[year] == START_POINTS[year]


def test_year_n_casts_levels_up_to_n():
    level3 = spell("l3", level=3)
    result = play(turn(post("A", cast("l3", "B", "123", 1))), spells=[level3])
    assert result["error"] is None
    assert result["duellists"]["A"]["pm"] == 8 - 3


def test_a_level_above_the_year_is_refused_without_overlevel():
    result = play(turn(post("A", cast("l4", "B", "123", 1))), spells=[spell("l4", level=4)])
    assert error_code(result) == "spell-level"


def test_adult_year_8_reaches_level_8_spells():
    duellists = duellists_1v1(a_year=8, a_types=("x", "y"))
    result = play(turn(post("A", cast("l8", "B", "123", 6))), duellists=duellists, spells=[spell("l8", level=8, range=9)])
    assert result["error"] is None
    assert result["duellists"]["A"]["pm"] == 20 - 8


@pytest.mark.parametrize(("year", "types"), [(5, ["a", "b"]), (6, ["a"]), (3, [])])
def test_replay_takes_the_chosen_types_as_given_the_count_is_checked_when_a_live_duellist_chooses(year, types):
    # §2.5's 1-or-2 count is enforced by duels.services.setup.magic_types_choose; a replay only
    # needs the types to know who gets bonus effects and better odds.
    data = scenario(duellists=[{"id": "A", "team": 1, "year": year, "types": types},
                               {"id": "B", "team": 2, "year": 1, "types": ["a"]}])
    assert replay(data)["error"] is None


def test_replay_refuses_types_that_are_not_a_list_of_slugs():
    data = scenario(duellists=[{"id": "A", "team": 1, "year": 3, "types": "a"},
                               {"id": "B", "team": 2, "year": 1, "types": ["a"]}])
    with pytest.raises(ScenarioError) as caught:
        replay(data)
    assert caught.value.path == "duellists[0].types"


def test_two_types_for_a_sixth_year_are_accepted():
    data = scenario(duellists=[{"id": "A", "team": 1, "year": 6, "types": ["a", "b"]},
                               {"id": "B", "team": 2, "year": 1, "types": ["a"]}])
    assert replay(data)["duellists"]["A"] == {"pf": 25, "pm": 15, "pos": 4, "out": False}
