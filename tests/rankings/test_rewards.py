"""Rewards (RULES.md §3.3.2) and the staff-edited salary scale."""
import pytest

from duels.models import DuelFormat
from duels.services import forfeit
from rankings.models import Result, SalaryScale
from rankings.services.rewards import daily_salary, results_record
from tests.support.duels import bet_for, declare, miss_windows, post, started_duel

pytestmark = pytest.mark.django_db


def test_the_salary_scale_is_seeded_for_every_year():
    import importlib

    from django.apps import apps

    SalaryScale.objects.all().delete()
    importlib.import_module("rankings.migrations.0002_seed_salary_scale").seed(apps, None)
    assert list(SalaryScale.objects.values_list("year", flat=True)) == list(range(1, 9))
    assert all(s.daily_salary > 0 for s in SalaryScale.objects.all())


def test_a_non_rp_win_pays_4_days_of_the_salary_of_the_homework_year_not_the_year_fought_at():
    # RULES.md §3.3.2 "selon l'année d'étude du duelliste": a non-RP duel fought at year 2 by
    # duellists whose homework year is 5 pays the year-5 salary.
    SalaryScale.objects.filter(year=2).update(daily_salary=11)
    SalaryScale.objects.filter(year=5).update(daily_salary=13)
    duel, _referee, (a, b) = started_duel(years=(2, 2))
    assert duel.kind == "non_rp" and a.duellist.homework_year == 5
    forfeit(duel=duel, by=b.duellist.user)
    win = Result.objects.get(participant=a)
    assert (win.outcome, win.champion_points, win.purse, win.chocogrenouille, win.year, win.salary_year) == (
        "win", 1, 52, False, 2, 5)


def test_an_rp_win_pays_the_salary_of_the_characters_rp_year():
    SalaryScale.objects.filter(year=2).update(daily_salary=11)
    duel, _referee, (a, b) = started_duel(years=(2, 3))
    assert duel.kind == "rp" and a.duellist.homework_year == 5
    forfeit(duel=duel, by=b.duellist.user)
    win = Result.objects.get(participant=a)
    assert (win.purse, win.salary_year) == (44, 2)


def test_a_forfeiting_loser_gets_the_chocogrenouille():
    duel, _referee, (a, b) = started_duel()
    forfeit(duel=duel, by=b.duellist.user)
    loss = Result.objects.get(participant=b)
    assert (loss.outcome, loss.purse, loss.chocogrenouille) == ("loss", 0, True)


def test_a_forfeiter_on_the_winning_team_still_loses():
    duel, _referee, (a1, a2, b1, b2) = started_duel(format=DuelFormat.TWO_V_TWO, years=(1, 2, 1, 1))
    for p in (a1, b1, b2):
        forfeit(duel=duel, by=p.duellist.user)
    duel.refresh_from_db()
    assert duel.status == "finished" and duel.winner_team == 1
    assert Result.objects.get(participant=a2).outcome == "win"
    assert Result.objects.get(participant=a1).outcome == "loss"
    assert Result.objects.get(participant=a2).purse == 4 * daily_salary(2)


def test_both_knocked_out_in_the_same_declaration_is_a_draw_paying_2_days_each():
    duel, referee, (a, b) = started_duel(years=(1, 1))
    post(duel, a, [{"cast": "coup", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [{"cast": "coup", "target": a.engine_id, "bet": bet_for(duel, order=2, win=True)}])
    declare(duel, referee)
    post(duel, a, [{"nothing": True}], text="")
    post(duel, b, [{"nothing": True}], text="")
    declare(duel, referee)
    assert duel.status == "finished" and duel.is_draw and duel.winner_team is None
    results = {r.participant_id: r for r in Result.objects.filter(duel=duel)}
    assert results[a.pk].purse == results[b.pk].purse == 2 * daily_salary(5)  # homework year 5
    assert all(r.outcome == "draw" and r.champion_points == 0 and not r.chocogrenouille for r in results.values())
    assert results_record(duel=duel) and Result.objects.filter(duel=duel).count() == 2  # idempotent


def test_a_disqualified_loser_gets_the_chocogrenouille_and_nothing_else():
    # "Une défaite … chocogrenouille sera néanmoins offerte": every loser, disqualified included
    duel, referee, (a, b) = started_duel()
    miss_windows(duel, referee, b)
    result = Result.objects.get(participant=b)
    assert (result.outcome, result.purse, result.champion_points, result.chocogrenouille) == (
        "disqualified", 0, 0, True)
    assert Result.objects.get(participant=a).outcome == "win"
