"""The tournament's notices: « votre match commence » at each draw, « qualifié » / « éliminé » after an
elimination match, the winner told to every entrant; each links to the tournament's page."""
import pytest

from accounts.models import Notification
from tests.support.tournament_play import end, open_matches, running

pytestmark = pytest.mark.django_db


def test_players_hear_their_match_their_fate_and_the_winner():
    tournament, _staff, entrants = running(entrants=3)
    users = {e.pk: e.duellist.user for e in entrants}
    [match] = open_matches(tournament)
    bye = tournament.matches.get(side_b__isnull=True)
    for side, other in ((match.side_a, match.side_b), (match.side_b, match.side_a)):
        told = Notification.objects.get(user=users[side.pk], message__contains="votre match contre")
        assert str(other) in told.message and f"duel n°{match.duel_id}" in told.message
        assert told.url.endswith(f"/tournois/{tournament.slug}/")
    assert Notification.objects.filter(user=users[bye.side_a_id], message__contains="exempté").count() == 1
    end(match.duel, winner=2)
    assert Notification.objects.filter(user=users[match.side_b_id], message__contains="qualifié").exists()
    assert Notification.objects.filter(user=users[match.side_a_id], message__contains="éliminé").exists()
    [final] = open_matches(tournament)
    end(final.duel, winner=1)
    tournament.refresh_from_db()
    for user in users.values():
        assert Notification.objects.get(user=user, message__contains="est terminé").message.endswith(
            f"victoire de {tournament.winner}.")


def test_a_duellists_record_lists_their_tournament_matches_partners_included():
    from tournaments.selectors import duellist_matches

    tournament, _staff, entrants = running(entrants=2, pairs=True)
    [match] = open_matches(tournament)
    for entrant in entrants:
        assert [m.pk for m in duellist_matches(entrant.partner)] == [match.pk]
    from tests.factories.duels import DuellistFactory

    assert duellist_matches(DuellistFactory()) == []
