"""A correction that turns a recorded match around: the match takes the new result, the later matches it
touches are marked stale and the staff told; nothing is rewritten."""
import pytest

from accounts.models import Notification
from tests.support.corrections import backfire
from tests.support.tournament_play import end, open_matches, running, won_by_declaration
from tournaments.models import Match

pytestmark = pytest.mark.django_db


def test_a_corrected_first_round_result_marks_the_final_stale_and_tells_the_staff():
    tournament, staff, _entrants = running(entrants=4, combat_year=3)
    first, second = open_matches(tournament)
    declaration, hitter = won_by_declaration(first.duel)
    end(second.duel, winner=1)
    [final] = open_matches(tournament)
    assert first.side_a_id in (final.side_a_id, final.side_b_id)
    backfire(declaration, first.duel.referee, hitter)  # the fatal blow backfires: side B won after all
    first.refresh_from_db()
    final.refresh_from_db()
    assert (first.outcome, first.how) == ("b", "played")
    assert final.stale and final.outcome == ""  # still as drawn: staff decide
    assert (final.side_a_id, final.side_b_id) != (None, None) and first.side_b_id not in (final.side_a_id,
                                                                                           final.side_b_id)
    told = Notification.objects.filter(user=staff, message__contains="résultat corrigé")
    assert told.count() == 1 and "1 rencontre" in told.get().message
    assert not Match.objects.filter(tournament=tournament, stale=True).exclude(pk=final.pk).exists()


def test_a_correction_before_the_next_round_is_drawn_only_changes_the_match():
    tournament, staff, _entrants = running(entrants=4, combat_year=3)
    first, second = open_matches(tournament)
    declaration, hitter = won_by_declaration(first.duel)
    backfire(declaration, first.duel.referee, hitter)
    first.refresh_from_db()
    assert first.outcome == "b" and not Match.objects.filter(stale=True).exists()
    assert not Notification.objects.filter(user=staff, message__contains="résultat corrigé").exists()
    end(second.duel, winner=1)
    [final] = open_matches(tournament)
    assert first.side_b_id in (final.side_a_id, final.side_b_id)  # the corrected winner plays the final


def test_staff_draw_a_stale_final_again_between_the_sides_the_bracket_now_has():
    from tests.support.tournament_play import staff_member
    from tournaments.errors import TournamentRefused
    from tournaments.services import match_stale_resolve

    tournament, staff, _entrants = running(entrants=4, combat_year=3)
    first, second = open_matches(tournament)
    declaration, hitter = won_by_declaration(first.duel)
    end(second.duel, winner=1)
    [final] = open_matches(tournament)
    old_duel = final.duel
    with pytest.raises(TournamentRefused) as refused:
        match_stale_resolve(match=final, by=staff)
    assert refused.value.code == "not-stale"
    backfire(declaration, first.duel.referee, hitter)
    with pytest.raises(TournamentRefused) as refused:
        match_stale_resolve(match=final, by=final.side_a.duellist.user)
    assert refused.value.code == "not-staff"
    resolved = match_stale_resolve(match=final, by=staff_member())
    old_duel.refresh_from_db()
    assert resolved.pk == final.pk and not resolved.stale and old_duel.status == "cancelled"
    assert {resolved.side_a_id, resolved.side_b_id} == {first.side_b_id, second.side_a_id}
    assert resolved.duel_id not in (None, old_duel.pk)
    end(resolved.duel, winner=1)
    tournament.refresh_from_db()
    assert tournament.status == "finished" and tournament.winner_id == resolved.side_a_id


def test_a_corrected_duel_ending_in_another_process_still_corrects_its_match():
    """Nothing is kept in memory between a correction's ResultReopened and the duel's next DuelFinished:
    a correction that sent the duel back into play may see it end in another worker. A match decided by
    its duel that hears the duel end again takes the new result (a match decided without its duel had it
    called off, and a called-off duel never ends)."""
    from django.utils import timezone

    from duels.events import DuelFinished
    from duels.models import Duel
    from tournaments.subscribers import on_duel_finished

    tournament, _staff, _entrants = running(entrants=4, combat_year=3)
    first, _second = open_matches(tournament)
    end(first.duel, winner=1)
    assert Match.objects.get(pk=first.pk).outcome == "a"
    Duel.objects.filter(pk=first.duel_id).update(winner_team=2)  # its result as the correction left it
    on_duel_finished(DuelFinished(duel=Duel.objects.get(pk=first.duel_id), now=timezone.now()))
    assert Match.objects.get(pk=first.pk).outcome == "b"
