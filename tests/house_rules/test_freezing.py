"""RULES.md §8: a duel keeps the house rules it started with; a club's change applies to duels started
afterwards, and never to another club's."""
import datetime as dt

import pytest

from clubs.scoping import activate_club
from duels.models import Window
from duels.selectors.house_rules import club_rules, rules_of
from duels.services import DuelError
from tests.support.clock import START
from tests.support.clubs import other_club
from tests.support.duels import matched_duel, post, started_duel

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def at_start(time_machine):
    time_machine.move_to(START, tick=False)


def test_a_duel_started_before_a_change_finishes_under_its_own_rules_a_new_one_uses_the_new(club):
    old, _referee, (a, _b) = started_duel(now=START)
    assert old.house_rules == {}
    club.house_rules = {"min_words": 0, "deadline_hours": 12, "dodge_pf": 5}
    club.save()
    new, _referee, (c, _d) = started_duel(now=START)
    old.refresh_from_db()
    assert rules_of(old).min_words == 100 and rules_of(new).min_words == 0
    with pytest.raises(DuelError) as caught:
        post(old, a, [], text="")
    assert caught.value.code == "rp-too-short"
    post(new, c, [], text="")
    assert Window.objects.get(duel=old).due_at == START + dt.timedelta(hours=48)
    assert Window.objects.get(duel=new).due_at == START + dt.timedelta(hours=12)
    # the engine's knobs travel in the new duel's state only
    assert "house" not in old.state and new.state["house"] == {"dodge_pf": 5}


def test_a_duel_matched_but_not_started_takes_the_rules_in_force_at_its_start_signal(club):
    duel = matched_duel()
    assert duel.house_rules is None
    club.house_rules = {"min_words": 20}
    club.save()
    assert rules_of(duel).min_words == 20


def test_another_clubs_house_rules_leave_this_club_alone(club):
    elsewhere = other_club()
    elsewhere.house_rules = {"min_words": 0, "absences_to_disqualify": 1}
    elsewhere.save()
    duel, _referee, (a, _b) = started_duel(now=START)
    assert rules_of(duel).min_words == 100
    with pytest.raises(DuelError):
        post(duel, a, [], text="")
    assert club_rules().absences_to_disqualify == 3
    with activate_club(elsewhere):
        assert club_rules().absences_to_disqualify == 1
