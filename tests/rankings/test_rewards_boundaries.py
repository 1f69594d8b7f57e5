"""Rewards (RULES.md §3.3.2) figure by figure, and the staff's "paid" marks, found by mutation testing
."""
import datetime as dt

import pytest
from django.core.exceptions import PermissionDenied

from duels.models import DuelKind
from rankings.models import Result, SalaryScale
from rankings.services.rewards import daily_salary, results_record, rewards_mark_paid, rewards_to_pay
from tests.factories.duels import DuellistFactory, UserFactory
from tests.support.permissions import club_staff
from tests.support.rankings import at, finished_duel

pytestmark = pytest.mark.django_db


def _results(duel):
    return {r.duellist_id: r for r in Result.objects.filter(duel=duel)}


def test_a_win_loss_and_a_draw_pay_their_exact_figures():
    SalaryScale.objects.filter(year=4).update(daily_salary=7)
    winner, loser = DuellistFactory(homework_year=4), DuellistFactory(homework_year=4)
    duel = finished_duel([winner], [loser], winner=1, when=at(1))
    results = _results(duel)
    win, loss = results[winner.pk], results[loser.pk]
    assert (win.outcome, win.champion_points, win.purse, win.chocogrenouille, win.salary_year) == ("win", 1, 28, False, 4)
    assert (loss.outcome, loss.champion_points, loss.purse, loss.chocogrenouille) == ("loss", 0, 0, True)
    a, b = DuellistFactory(homework_year=4), DuellistFactory(homework_year=4)
    drawn = _results(finished_duel([a], [b], winner=None, when=at(2)))
    assert [(r.outcome, r.champion_points, r.purse, r.chocogrenouille) for r in drawn.values()] == [
        ("draw", 0, 14, False), ("draw", 0, 14, False)]


def test_team_2_wins_too():
    a, b = DuellistFactory(), DuellistFactory()
    results = _results(finished_duel([a], [b], winner=2, when=at(1)))
    assert (results[a.pk].outcome, results[b.pk].outcome) == ("loss", "win")


def test_a_disqualified_duellist_on_the_winning_team_gets_the_chocogrenouille_only():
    a1, a2, b1, b2 = (DuellistFactory() for _ in range(4))
    results = _results(finished_duel([a1, a2], [b1, b2], winner=1, when=at(1), disqualified=(a1,)))
    assert (results[a1.pk].outcome, results[a1.pk].purse, results[a1.pk].champion_points,
            results[a1.pk].chocogrenouille) == ("disqualified", 0, 0, True)
    assert results[a2.pk].outcome == "win"


def test_an_rp_purse_follows_the_rp_year():
    SalaryScale.objects.filter(year=6).update(daily_salary=10)
    a, b = DuellistFactory(rp_year=6, homework_year=2), DuellistFactory(rp_year=6)
    results = _results(finished_duel([a], [b], winner=1, when=at(1), kind=DuelKind.RP, year=6))
    assert (results[a.pk].purse, results[a.pk].salary_year) == (40, 6)


def test_a_removed_salary_row_pays_nothing():
    SalaryScale.objects.filter(year=3).delete()
    assert daily_salary(3) == 0
    SalaryScale.objects.filter(year=2).update(daily_salary=5)
    assert daily_salary(2) == 5


def test_results_are_recorded_once():
    a, b = DuellistFactory(), DuellistFactory()
    duel = finished_duel([a], [b], winner=1, when=at(1))
    first = sorted(r.pk for r in Result.objects.filter(duel=duel))
    again = results_record(duel=duel)
    assert sorted(r.pk for r in again) == first and Result.objects.filter(duel=duel).count() == 2


def test_rewards_to_pay_are_purses_and_chocogrenouilles_not_yet_marked_oldest_first():
    a, b, c, d = (DuellistFactory() for _ in range(4))
    first = finished_duel([a], [b], winner=1, when=at(1))
    second = finished_duel([c], [d], winner=2, when=at(2))
    Result.objects.filter(duel=first).update(recorded_at=at(2))
    Result.objects.filter(duel=second).update(recorded_at=at(1))  # recorded first, though created later
    assert [(r.duel_id, r.duellist_id) for r in rewards_to_pay()] == [
        (second.pk, c.pk), (second.pk, d.pk), (first.pk, a.pk), (first.pk, b.pk)]
    Result.objects.filter(duellist=b).update(chocogrenouille=False, purse=0)  # nothing to hand out
    assert b.pk not in [r.duellist_id for r in rewards_to_pay()]


def test_marking_paid_is_for_staff_and_keeps_the_first_mark():
    a, b = DuellistFactory(), DuellistFactory()
    duel = finished_duel([a], [b], winner=1, when=at(1))
    ids = [r.pk for r in Result.objects.filter(duel=duel)]
    with pytest.raises(PermissionDenied):
        rewards_mark_paid(result_ids=ids, by=UserFactory())
    staff, other = club_staff(), club_staff()
    first_time = dt.datetime(2026, 3, 5, tzinfo=dt.UTC)
    assert rewards_mark_paid(result_ids=ids[:1], by=staff, now=first_time) == 1
    assert rewards_mark_paid(result_ids=ids, by=other, now=first_time + dt.timedelta(hours=1)) == 1
    marks = {r.pk: (r.paid_at, r.paid_by_id) for r in Result.objects.filter(pk__in=ids)}
    assert marks[ids[0]] == (first_time, staff.pk)
    assert marks[ids[1]] == (first_time + dt.timedelta(hours=1), other.pk)
    assert list(rewards_to_pay()) == []


def test_a_purse_of_one_is_still_to_pay_and_the_list_costs_one_query(django_assert_max_num_queries):
    a, b = DuellistFactory(), DuellistFactory()
    duel = finished_duel([a], [b], winner=1, when=at(1))
    Result.objects.filter(duel=duel, duellist=a).update(purse=1, chocogrenouille=False)
    Result.objects.filter(duel=duel, duellist=b).update(purse=0, chocogrenouille=False)
    with django_assert_max_num_queries(1):
        listed = [(r.duellist.pk, r.duel.pk, r.purse) for r in rewards_to_pay()]
    assert listed == [(a.pk, duel.pk, 1)]


def test_an_rp_purse_follows_the_characters_rp_year_now_else_the_year_fought_at():
    SalaryScale.objects.filter(year=5).update(daily_salary=5)
    SalaryScale.objects.filter(year=6).update(daily_salary=6)
    grown, other = DuellistFactory(rp_year=6), DuellistFactory(rp_year=5)
    results = _results(finished_duel([grown], [other], winner=1, when=at(1), kind=DuelKind.RP, year=5))
    assert (results[grown.pk].year, results[grown.pk].salary_year, results[grown.pk].purse) == (5, 6, 24)
    gone, rival = DuellistFactory(rp_year=None), DuellistFactory(rp_year=5)
    results = _results(finished_duel([gone], [rival], winner=1, when=at(2), kind=DuelKind.RP, year=5))
    assert (results[gone.pk].salary_year, results[gone.pk].purse) == (5, 20)
