"""The tournament's duels in the duel app: arranged with a referee who never plays in them, flagged when
they do not count for the wand rest; an overdue round lists what each open match waits for; staff decide a
match by hand, nobody else may."""
import datetime as dt

import pytest
from django.utils import timezone

from duels.models import DuelStatus
from duels.selectors.wand_rest import wand_rest_remaining
from duels.services import DuelError
from duels.services.arranged import Seat, duel_arrange
from tests.factories.duels import DuellistFactory, RefereeFactory
from tests.support.tournament_play import end, open_matches, running, start
from tournaments import selectors
from tournaments.errors import TournamentRefused
from tournaments.models import Match
from tournaments.services import entrant_withdraw, match_record, tournament_referees_set

pytestmark = pytest.mark.django_db


def test_a_referee_who_plays_in_the_duel_is_refused_and_nothing_is_stored():
    referee = RefereeFactory()
    playing = DuellistFactory(user=referee)
    other = DuellistFactory()
    with pytest.raises(DuelError) as refused:
        duel_arrange(kind="non_rp", format="1v1", team1=[Seat(playing, 3)], team2=[Seat(other, 3)], referee=referee)
    assert refused.value.code == "referee-is-duellist"
    from duels.models import Duel

    assert not Duel.objects.exists()
    with pytest.raises(DuelError) as refused:
        duel_arrange(kind="non_rp", format="2v2", team1=[Seat(playing, 3)], team2=[Seat(other, 3)], referee=None)
    assert refused.value.code == "arranged-team-size" and "2 contre 2" in refused.value.message


def test_the_rotation_shares_the_duels_among_the_clubs_referees():
    tournament, _staff, _entrants = running(entrants=8, referees=3)
    referees = [m.duel.referee_id for m in open_matches(tournament)]
    assert len(referees) == 4 and max(referees.count(r) for r in referees) == 2 and len(set(referees)) == 3


def test_the_tournaments_own_referees_take_its_duels():
    from tests.support.tournament_play import staff_member

    staff = staff_member()
    chosen = RefereeFactory()
    tournament, _staff, _entrants = running(entrants=4, by=staff, referees=2)
    tournament_referees_set(tournament=tournament, by=staff, referees=[chosen])
    for match in open_matches(tournament):
        end(match.duel, winner=1)
    [final] = open_matches(tournament)
    assert final.duel.referee == chosen


def test_a_tournament_whose_duels_do_not_count_starts_no_wand_rest():
    tournament, _staff, _entrants = running(entrants=2, counts_for_rest=False)
    [match] = open_matches(tournament)
    assert match.duel.counts_for_rest is False
    end(match.duel, winner=1)
    assert wand_rest_remaining(duellist=match.side_a.duellist) == 0
    counted, _s, _e = running(entrants=2)
    [match] = open_matches(counted)
    end(match.duel, winner=1)
    assert wand_rest_remaining(duellist=match.side_a.duellist) > 0


def test_an_overdue_round_lists_what_each_open_match_waits_for():
    tournament, _staff, _entrants = running(entrants=8)
    first, second, third, fourth = open_matches(tournament)
    assert selectors.overdue_rounds(tournament=tournament) == []
    start(second.duel)
    start(third.duel)
    slot_holder = third.duel.participants.get(team=1)
    from tests.support.duels import post

    post(third.duel, slot_holder, [])
    end(fourth.duel, winner=1)
    later = timezone.now() + dt.timedelta(days=tournament.round_days, hours=1)
    [overdue] = selectors.overdue_rounds(now=later)
    waits = {w.match.pk: w for w in overdue.waiting}
    assert set(waits) == {first.pk, second.pk, third.pk}
    assert waits[first.pk].waits_for == "magic-types" and len(waits[first.pk].who) == 2
    assert waits[second.pk].waits_for == "posts" and len(waits[second.pk].who) == 2
    awaited = third.duel.participants.get(team=2).duellist.forum_name
    assert waits[third.pk].who == [awaited] and waits[third.pk].deadline is not None
    assert str(waits[third.pk].label) == "les messages des duellistes"


def test_staff_decide_a_match_by_hand_players_may_not():
    tournament, staff, entrants = running(entrants=2)
    [match] = open_matches(tournament)
    player = match.side_a.duellist.user
    with pytest.raises(TournamentRefused) as refused:
        match_record(match=match, by=player, outcome="a")
    assert refused.value.code == "not-staff"
    with pytest.raises(TournamentRefused) as refused:
        match_record(match=match, by=staff, outcome="draw", how="forfeit")
    assert refused.value.code == "invalid-result" and Match.objects.get(pk=match.pk).outcome == ""
    match_record(match=match, by=staff, outcome="b", how="forfeit")
    tournament.refresh_from_db()
    assert tournament.winner_id == match.side_b_id


def test_leaving_during_a_running_duel_forfeits_it():
    tournament, staff, _entrants = running(entrants=2)
    [match] = open_matches(tournament)
    start(match.duel)
    with pytest.raises(TournamentRefused) as refused:  # a player no longer leaves by themselves once it runs
        entrant_withdraw(entrant=match.side_a, by=match.side_a.duellist.user)
    assert refused.value.code == "withdraw-running"
    entrant_withdraw(entrant=match.side_a, by=staff)
    match.refresh_from_db()
    match.duel.refresh_from_db()
    assert match.duel.status == DuelStatus.FINISHED and (match.outcome, match.how) == ("b", "forfeit")
    tournament.refresh_from_db()
    assert tournament.winner_id == match.side_b_id


def test_the_overdue_list_reads_in_a_fixed_number_of_queries(django_assert_max_num_queries):
    tournament, _staff, _entrants = running(entrants=8)
    for match in open_matches(tournament)[:2]:
        start(match.duel)
    later = timezone.now() + dt.timedelta(days=tournament.round_days, hours=1)
    with django_assert_max_num_queries(8):
        [overdue] = selectors.overdue_rounds(now=later)
        assert len(overdue.waiting) == 4 and all(w.label for w in overdue.waiting)


def test_a_cancelled_tournament_duel_waits_for_staff_who_give_the_match_a_new_one():
    from duels.services.cancel import duel_cancel
    from tournaments.services import match_duel_again

    tournament, staff, _entrants = running(entrants=2)
    [match] = open_matches(tournament)
    with pytest.raises(TournamentRefused) as refused:
        match_duel_again(match=match, by=staff)
    assert refused.value.code == "duel-not-cancelled" and "annulé" in refused.value.message
    duel_cancel(duel=match.duel, by=match.duel.referee, reason="Erreur de tirage")
    later = timezone.now() + dt.timedelta(days=tournament.round_days, hours=1)
    [overdue] = selectors.overdue_rounds(now=later)
    assert [w.waits_for for w in overdue.waiting] == ["staff"]
    with pytest.raises(TournamentRefused) as refused:
        match_duel_again(match=match, by=match.side_a.duellist.user)
    assert refused.value.code == "not-staff"
    again = match_duel_again(match=match, by=staff)
    assert again.duel_id != match.duel_id and again.duel.status == DuelStatus.SETUP
    end(again.duel, winner=2)
    tournament.refresh_from_db()
    assert tournament.winner_id == match.side_b_id
