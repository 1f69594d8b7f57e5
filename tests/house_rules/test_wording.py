"""RULES.md §8: the pages state the club's or the duel's numbers, the rulebook's wording when unchanged."""
from types import SimpleNamespace

import pytest
from django.template import Context, Template

from duels.services import rules
from tests.support.duels import started_duel

pytestmark = pytest.mark.django_db

WAND_REST = Template("{% load duel_tags %}{% registration_standing duellist %}")
REOPEN_HELP = Template("{% load duel_tags %}{% duel_house_rules duel as house %}{{ house.deadline_hours }}")


def _wand_rest_page() -> str:
    return WAND_REST.render(Context({"duellist": None, "standing": SimpleNamespace(state="wand-rest", wand_rest=2)}))


def test_the_wand_rest_help_states_the_clubs_number_of_duels(club):
    assert "la fin de 4 duels" in _wand_rest_page()
    club.house_rules = {"wand_rest_duels": 7}
    club.save()
    html = _wand_rest_page()
    assert "la fin de 7 duels" in html and "4 duels" not in html


def test_a_duels_pages_read_its_frozen_rules_and_its_state_carries_the_dodge_cost(club):
    club.house_rules = {"deadline_hours": 24, "dodge_pf": 0}
    club.save()
    duel, _referee, _ab = started_duel()
    club.house_rules = {}
    club.save()
    assert REOPEN_HELP.render(Context({"duel": duel})) == "24"
    assert rules.state_load(duel.state, duel.spells).house.dodge_pf == 0


def test_the_sanction_confirmation_states_the_duels_absences_to_disqualify(club):
    from django.template.loader import render_to_string

    club.house_rules = {"absences_to_disqualify": 1}
    club.save()
    duel, _referee, _ab = started_duel()
    preview = SimpleNamespace(disqualified=["Bob"], out=[], ends_duel=False, winner_team=None, winners=[])
    html = render_to_string("duels/sanction_confirm.html", {"duel": duel, "preview": preview, "title": "t"})
    assert "Bob atteint 1 faute d'absence" in html and "3 fautes" not in html


def test_the_charts_start_from_the_duels_table_of_points(club):
    from duels.pages.charts import points_over_turns

    club.house_rules = {"points": {"3": [40, 30]}}
    club.save()
    duel, _referee, _ab = started_duel()
    participants = list(duel.participants.select_related("duellist"))
    pf_chart, pm_chart = points_over_turns(duel, [(1, duel.state)], participants)
    assert [s.values[0] for s in pf_chart["series"]] == [40, 40]
    assert [s.values[0] for s in pm_chart["series"]] == [30, 30]


def test_the_year_gap_warning_states_the_duels_points(club):
    from duels.pages.year_gap import year_gap
    from tests.support.duels import matched_duel

    club.house_rules = {"points": {"1": [11, 6], "4": [20, 9]}}
    club.save()
    duel = matched_duel(years=(3, 4))  # an RP duel; its first duellist then made a first-year
    first = duel.participants.order_by("pk").first()
    type(first).objects.filter(pk=first.pk).update(year=1)
    rows = sorted((row["pf"], row["pm"]) for row in year_gap(duel)["rows"])
    assert rows == [(11, 6), (20, 9)]
