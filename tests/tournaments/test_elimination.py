"""A single elimination played through the duel services: each duel's end records its match, a complete
round draws the next, the final names the winner."""
import pytest

from duels.models import DuelStatus
from tests.support.tournament_play import end, open_matches, play_round, running
from tournaments.models import Match, TournamentStatus

pytestmark = pytest.mark.django_db


def test_four_entrants_play_to_a_winner_through_their_duels():
    tournament, _staff, entrants = running(entrants=4)
    first = open_matches(tournament)
    assert len(first) == 2
    assert all(m.duel.status == DuelStatus.SETUP and m.duel.referee_id for m in first)
    for match in first:
        players = {p.duellist.user_id for p in match.duel.participants.select_related("duellist")}
        assert match.duel.referee_id not in players
    play_round(tournament, winner=1)
    tournament.refresh_from_db()
    assert tournament.rounds.count() == 2
    [final] = open_matches(tournament)
    assert {final.side_a_id, final.side_b_id} == {m.side_a_id for m in first}
    end(final.duel, winner=2)
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    assert tournament.winner_id == final.side_b_id
    assert Match.objects.filter(tournament=tournament, outcome="").count() == 0


def test_a_2v2_elimination_plays_pairs_against_pairs():
    tournament, _staff, entrants = running(entrants=4, pairs=True)
    first = open_matches(tournament)
    for match in first:
        teams = sorted(match.duel.participants.values_list("team", flat=True))
        assert match.duel.format == "2v2" and teams == [1, 1, 2, 2]
    for match in first:
        end(match.duel, winner=2, how="forfeit")  # both of team 1 give up
    [final] = open_matches(tournament)
    assert {final.side_a_id, final.side_b_id} == {m.side_b_id for m in first}
    assert all(m.how == "forfeit" for m in Match.objects.filter(pk__in=[m.pk for m in first]))
    end(final.duel, winner=1)
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED and tournament.winner_id == final.side_a_id


def test_a_drawn_duel_is_replayed_under_the_rematch_rule():
    tournament, _staff, _entrants = running(entrants=2, draw_rule="rematch")
    [match] = open_matches(tournament)
    end(match.duel, winner=None)
    match.refresh_from_db()
    assert match.outcome == "draw"
    [rematch] = open_matches(tournament)
    assert (rematch.round_id, rematch.slot, rematch.replay) == (match.round_id, match.slot, 1)
    assert (rematch.side_a_id, rematch.side_b_id) == (match.side_a_id, match.side_b_id)
    assert rematch.duel_id and rematch.duel_id != match.duel_id
    end(rematch.duel, winner=2)
    tournament.refresh_from_db()
    assert tournament.winner_id == match.side_b_id and tournament.rounds.count() == 1


def test_a_drawn_duel_sends_the_higher_seed_on_under_that_rule():
    tournament, _staff, _entrants = running(entrants=2, draw_rule="higher-seed")
    [match] = open_matches(tournament)
    end(match.duel, winner=None)
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    assert tournament.winner.seed == 1 and tournament.winner_id == match.side_a_id
    assert Match.objects.filter(tournament=tournament).count() == 1  # no rematch


def test_a_disqualification_mid_bracket_advances_the_opponent_and_a_bye_goes_through():
    tournament, _staff, entrants = running(entrants=7)
    first = Match.objects.filter(tournament=tournament, round__number=1).order_by("slot")
    bye = first.get(side_b__isnull=True)
    assert bye.outcome == "a" and bye.duel is None and bye.side_a.seed == 1
    played = [m for m in first if m.duel_id]
    end(played[0].duel, winner=1, how="disqualification")
    disqualified = Match.objects.get(pk=played[0].pk)
    assert (disqualified.outcome, disqualified.how) == ("a", "disqualification")
    for match in played[1:]:
        end(match.duel, winner=2)
    second = list(Match.objects.filter(tournament=tournament, round__number=2).order_by("slot"))
    assert len(second) == 2
    assert bye.side_a_id in {second[0].side_a_id, second[0].side_b_id}
    assert played[0].side_a_id in {m.side_a_id for m in second} | {m.side_b_id for m in second}


def test_an_entrant_leaving_mid_bracket_forfeits_and_its_opponent_advances():
    from tournaments.services import entrant_withdraw

    tournament, staff, _entrants = running(entrants=4)
    first = open_matches(tournament)
    quitter = first[0].side_b
    entrant_withdraw(entrant=quitter, by=staff)  # once it runs, staff withdraw an entrant
    forfeited = Match.objects.get(pk=first[0].pk)
    assert (forfeited.outcome, forfeited.how) == ("a", "forfeit")
    assert forfeited.duel.status == DuelStatus.CANCELLED  # not started: called off
    end(first[1].duel, winner=1)
    [final] = open_matches(tournament)
    assert {final.side_a_id, final.side_b_id} == {first[0].side_a_id, first[1].side_a_id}


def test_a_third_place_match_is_played_with_the_final():
    tournament, _staff, _entrants = running(entrants=4, third_place=True)
    play_round(tournament, winner=1)
    last = open_matches(tournament)
    assert sorted(m.slot for m in last) == [1, 2] and len({m.round_id for m in last}) == 1
    play_round(tournament, winner=1)
    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
