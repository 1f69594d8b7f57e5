"""The stored champions table: updates with each result, the tie-break rule, seasons, rebuild."""
import datetime as dt

import pytest
from django.core.management import call_command

from duels.models import DuelFormat, DuelKind
from duels.services import forfeit
from rankings import selectors
from rankings.models import Season, Standing, TableRevision
from rankings.services.rebuild import standings_rebuild
from rankings.services.rewards import daily_salary, season_delete, season_save
from tests.support.duels import bet_for, declare, miss_windows, post, started_duel
from tests.support.rankings import at, duellists, finished_duel

pytestmark = pytest.mark.django_db


def line(duellist, **scope):
    season = scope.pop("season", None)
    return Standing.objects.get(duellist=duellist, season=season, kind=scope.get("kind", ""),
                                format=scope.get("format", ""), year=scope.get("year", 0))


def table(**scope) -> list[str]:
    return [line["forum_name"] for line in selectors.ranking_page(selectors.Scope(**scope), offset=0, limit=100)]


def test_a_win_and_a_loss_played_through_the_services_update_the_table():
    duel, _referee, (a, b) = started_duel(years=(3, 3))
    forfeit(duel=duel, by=b.duellist.user)
    win, loss = line(a.duellist), line(b.duellist)
    assert (win.points, win.duels, win.wins, win.purse, win.chocogrenouilles) == (1, 1, 1, 4 * daily_salary(a.duellist.homework_year), 0)
    assert (loss.points, loss.duels, loss.losses, loss.purse, loss.chocogrenouilles) == (0, 1, 1, 0, 1)
    # every scope the duel belongs to: 2 kinds × 2 formats × 2 years per duellist
    assert Standing.objects.filter(duellist=a.duellist).count() == 8
    assert line(a.duellist, kind=DuelKind.NON_RP, format=DuelFormat.ONE_V_ONE, year=3).wins == 1
    assert table() == [a.duellist.forum_name, b.duellist.forum_name]


def test_a_draw_played_through_the_services():
    duel, referee, (a, b) = started_duel(years=(1, 1))
    post(duel, a, [{"cast": "coup", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [{"cast": "coup", "target": a.engine_id, "bet": bet_for(duel, order=2, win=True)}])
    declare(duel, referee)
    post(duel, a, [{"nothing": True}], text="")
    post(duel, b, [{"nothing": True}], text="")
    declare(duel, referee)
    for participant in (a, b):
        draw = line(participant.duellist)
        assert (draw.points, draw.duels, draw.draws, draw.purse) == (0, 1, 1, 2 * daily_salary(participant.duellist.homework_year))


def test_a_disqualification_counts_a_duel_and_nothing_else():
    duel, referee, (a, b) = started_duel()
    miss_windows(duel, referee, b)
    out = line(b.duellist)
    assert (out.points, out.duels, out.disqualifications, out.purse, out.chocogrenouilles) == (0, 1, 1, 0, 1)
    assert line(a.duellist).wins == 1
    assert standings_rebuild(fix=False).differences == 0


def test_a_2v2_counts_for_each_teammate_and_a_forfeiter_loses():
    a1, a2, b1, b2 = duellists(4)
    finished_duel([a1, a2], [b1, b2], winner=1, forfeited=(a2,), when=at(1))
    assert line(a1).points == 1 and line(a2).losses == 1 and line(b1).losses == line(b2).losses == 1
    assert line(a1, format="2v2").wins == 1
    assert not Standing.objects.filter(format="1v1").exists()


def test_tie_break_points_then_fewer_duels_then_earliest_score_then_oldest_profile():
    first, second, third, fourth, fifth, loser = duellists(6)
    finished_duel([second], [loser], when=at(1))  # second: 1 point at day 1 ...
    finished_duel([loser], [second], when=at(2))  # ... in 2 duels
    finished_duel([third], [loser], when=at(3))  # third: 1 point in 1 duel, reached day 3
    finished_duel([first], [loser], when=at(2))  # first: 1 point in 1 duel, reached day 2
    finished_duel([fourth], [fifth], when=at(5))  # fourth: 1 point in 1 duel at day 5, ...
    finished_duel([fifth], [fourth], when=at(5), kind=DuelKind.RP)  # ... fifth too, same instant
    # fourth and fifth: 1 point, 2 duels, reached day 5 each: the older profile (fourth) first
    names = table()
    assert names[:3] == [first.forum_name, third.forum_name, second.forum_name]
    assert names.index(fourth.forum_name) < names.index(fifth.forum_name)
    assert names[-1] == loser.forum_name  # 1 point in 5 duels

    more = duellists(1)[0]
    finished_duel([more], [loser], when=at(9))
    finished_duel([more], [loser], when=at(10))
    assert table()[0] == more.forum_name  # points first, whatever the rest


def test_reached_at_is_the_last_win_or_the_first_duel_without_points():
    a, b = duellists(2)
    finished_duel([b], [a], when=at(1))
    finished_duel([a], [b], when=at(2), winner=None)
    assert line(a).reached_at == at(1)  # no points: when they entered the table
    finished_duel([a], [b], when=at(3))
    finished_duel([b], [a], when=at(4))
    assert line(a).reached_at == at(3)  # their last win


def test_filters_by_kind_format_and_year():
    a, b, c = duellists(3)
    finished_duel([a], [b], kind=DuelKind.RP, year=4, when=at(1))
    finished_duel([c], [b], kind=DuelKind.NON_RP, year=2, when=at(2))
    assert table(kind=DuelKind.RP) == [a.forum_name, b.forum_name]
    assert table(year=2) == [c.forum_name, b.forum_name]
    assert table(kind=DuelKind.RP, year=2) == []
    assert table(format=DuelFormat.ONE_V_ONE, kind=DuelKind.NON_RP, year=2) == [c.forum_name, b.forum_name]
    assert line(b).duels == 2 and line(b, kind=DuelKind.RP, year=4).duels == 1


def test_seasons_count_results_of_their_days_and_are_built_when_saved():
    a, b = duellists(2)
    spring = season_save(season=Season(name="Printemps", slug="printemps", starts_on=dt.date(2026, 3, 1),
                                       ends_on=dt.date(2026, 5, 31)))
    finished_duel([a], [b], when=at(1))  # 2 March: spring
    finished_duel([b], [a], when=at(100))  # June: no season
    assert table(season=spring) == [a.forum_name, b.forum_name]
    assert line(b, season=spring).points == 0 and line(b).points == 1

    # A season defined afterwards is built from the results at once; changing its dates rebuilds it.
    summer = season_save(season=Season(name="Été", slug="ete", starts_on=dt.date(2026, 6, 1),
                                       ends_on=dt.date(2026, 8, 31)))
    assert table(season=summer) == [b.forum_name, a.forum_name]
    summer.starts_on, summer.ends_on = dt.date(2026, 7, 1), dt.date(2026, 8, 31)
    season_save(season=summer)
    assert table(season=summer) == []
    season_delete(season=spring)
    assert not Standing.objects.filter(season__isnull=False).exists()
    assert standings_rebuild(fix=False).differences == 0


def test_a_result_on_the_last_day_of_a_season_in_paris_time_counts():
    a, b = duellists(2)
    season = season_save(season=Season(name="Mars", slug="mars", starts_on=dt.date(2026, 3, 1),
                                       ends_on=dt.date(2026, 3, 31)))
    finished_duel([a], [b], when=dt.datetime(2026, 3, 31, 21, 30, tzinfo=dt.UTC))  # 23:30 in Paris (summer time)
    finished_duel([b], [a], when=dt.datetime(2026, 3, 31, 22, 30, tzinfo=dt.UTC))  # 1 April, 00:30 in Paris
    assert line(a, season=season).points == 1 and line(b, season=season).points == 0


def test_overlapping_seasons_are_refused():
    season_save(season=Season(name="A", slug="a", starts_on=dt.date(2026, 1, 1), ends_on=dt.date(2026, 6, 30)))
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError) as error:
        season_save(season=Season(name="B", slug="b", starts_on=dt.date(2026, 6, 30), ends_on=dt.date(2026, 9, 1)))
    assert "starts_on" in error.value.message_dict
    with pytest.raises(ValidationError):
        season_save(season=Season(name="C", slug="c", starts_on=dt.date(2026, 9, 2), ends_on=dt.date(2026, 9, 1)))


def test_rebuild_finds_nothing_after_normal_play_and_fixes_a_corrupted_table(capsys):
    season_save(season=Season(name="Printemps", slug="printemps", starts_on=dt.date(2026, 3, 1),
                              ends_on=dt.date(2026, 5, 31)))
    people = duellists(5)
    for day in range(12):
        one, two = people[day % 5], people[(day * 2 + 1) % 5]
        if one != two:
            finished_duel([one], [two], when=at(day * 9), winner=(None, 1, 2)[day % 3],
                          kind=(DuelKind.RP, DuelKind.NON_RP)[day % 2], year=1 + day % 3)
    duel, _referee, (a, b) = started_duel()
    forfeit(duel=duel, by=a.duellist.user)
    call_command("rankings_rebuild", "--check")
    assert "Aucune différence" in capsys.readouterr().out

    wrong = line(people[0])
    Standing.objects.filter(pk=wrong.pk).update(points=wrong.points + 5, purse=1)
    Standing.objects.filter(duellist=people[1], year=0, kind="", format="", season__isnull=True).delete()
    Standing.objects.create(duellist=people[2], kind="rp", format="2v2", year=8, reached_at=at(0), duels=1, wins=1)
    with pytest.raises(SystemExit) as exit_status:
        call_command("rankings_rebuild", "--check")
    assert exit_status.value.code == 1
    out = capsys.readouterr().out
    assert "1 manquante(s), 1 en trop, 1 fausse(s)" in out and "non corrigées" in out
    assert line(people[0]).purse == 1  # --check writes nothing

    call_command("rankings_rebuild")
    assert "Différences corrigées" in capsys.readouterr().out
    assert line(people[0]).points == wrong.points and line(people[1]).duels > 0
    assert not Standing.objects.filter(year=8).exists()
    call_command("rankings_rebuild", "--check")
    assert "Aucune différence" in capsys.readouterr().out


def test_rebuild_of_one_season_and_an_unknown_season(capsys):
    season_save(season=Season(name="Printemps", slug="printemps", starts_on=dt.date(2026, 3, 1),
                              ends_on=dt.date(2026, 5, 31)))
    a, b = duellists(2)
    finished_duel([a], [b], when=at(1))
    Standing.objects.filter(season__slug="printemps", duellist=a).update(points=7)
    call_command("rankings_rebuild", "--season", "printemps")
    out = capsys.readouterr().out
    assert "8 fausse(s)" in out and "points 7 → 1" in out  # the 8 lines of the season
    from django.core.management import CommandError

    with pytest.raises(CommandError):
        call_command("rankings_rebuild", "--season", "nope")


def test_recording_results_changes_the_table_revision():
    a, b = duellists(2)
    before = TableRevision.objects.values_list("token", flat=True).first()  # the club's one row, if any
    finished_duel([a], [b], when=at(1))
    after = TableRevision.objects.get().token
    assert after and after != before
    a.forum_name = "Renommé"
    a.save()
    assert TableRevision.objects.get().token != after


def test_results_are_recorded_once_and_the_table_counts_them_once():
    from rankings.services.rewards import results_record

    a, b = duellists(2)
    duel = finished_duel([a], [b], when=at(1))
    results_record(duel=duel)
    assert line(a).duels == 1
