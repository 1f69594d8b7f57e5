"""Staff deciding a match without its duel, and that duel: a duel not started is called off in the same
step, a running duel is refused (it ends by the rules and records the match itself); a duel whose match
is already decided records nothing more when it finishes. A player leaves by themselves only before the
draw: once the tournament runs the page says so in French, and a withdrawal asked by them is refused."""
import pytest
from django.urls import reverse

from duels.models import DuelStatus
from tests.support.tournament_play import end, open_matches, running, start
from tournaments.errors import TournamentRefused
from tournaments.models import Match
from tournaments.services import match_record
from tournaments.services.progress import match_duel_finished

pytestmark = pytest.mark.django_db


def test_deciding_a_match_calls_off_its_duel_not_started():
    tournament, staff, _entrants = running(entrants=2)
    [match] = open_matches(tournament)
    match_record(match=match, by=staff, outcome="a", how="forfeit")
    match.duel.refresh_from_db()
    assert match.duel.status == DuelStatus.CANCELLED and Match.objects.get(pk=match.pk).outcome == "a"
    tournament.refresh_from_db()
    assert tournament.winner_id == match.side_a_id


def test_deciding_a_match_whose_duel_runs_is_refused_and_nothing_changes():
    tournament, staff, _entrants = running(entrants=2)
    [match] = open_matches(tournament)
    start(match.duel)
    with pytest.raises(TournamentRefused) as refused:
        match_record(match=match, by=staff, outcome="a", how="forfeit")
    assert refused.value.code == "duel-running" and refused.value.status == 409
    assert Match.objects.get(pk=match.pk).outcome == ""
    match.duel.refresh_from_db()
    assert match.duel.is_running
    end(match.duel, winner=2)  # the duel still decides the match
    assert Match.objects.get(pk=match.pk).outcome == "b"


def test_a_duel_finishing_after_its_match_was_decided_records_nothing_more():
    tournament, staff, _entrants = running(entrants=4)
    first, second = open_matches(tournament)
    start(first.duel)
    end(first.duel, winner=1)
    decided = Match.objects.get(pk=first.pk)
    # The match decided otherwise meanwhile (as staff would): the duel's own end must not overwrite it.
    Match.objects.filter(pk=first.pk).update(outcome="b", how="forfeit")
    again = match_duel_finished(duel=first.duel)
    assert again is not None
    after = Match.objects.get(pk=first.pk)
    assert (after.outcome, after.how) == ("b", "forfeit") and decided.outcome == "a"
    assert not after.stale and not Match.objects.filter(tournament=tournament, stale=True).exists()


def test_a_running_tournament_tells_the_player_they_can_no_longer_withdraw(client):
    tournament, _staff, entrants = running(entrants=2)
    player = entrants[0].duellist.user
    client.force_login(player)
    page = client.get(reverse("tournaments:page", args=[tournament.slug])).content.decode()
    assert "vous ne pouvez plus retirer votre inscription vous-même" in page
    assert reverse("tournaments:withdraw", args=[tournament.slug]) not in page
    refused = client.post(reverse("tournaments:withdraw", args=[tournament.slug]))
    assert refused.status_code == 409
    assert "demandez-le à l&#x27;équipe du club" in refused.content.decode()
    entrants[0].refresh_from_db()
    assert entrants[0].withdrawn_at is None
