"""`manage.py tournament_demo`: two tournaments made and played through the services on the demo's members;
run again, it leaves them as they are; `--fresh` makes new ones; `--unfinished` stops before the end."""
import io

import pytest
from django.core.management import call_command

from duels.models import Duel, DuelStatus
from tournaments.models import Match, Tournament, TournamentStatus

pytestmark = pytest.mark.django_db


def test_the_demo_plays_an_elimination_and_a_swiss_to_their_winners_and_is_re_runnable():
    call_command("demo", stdout=io.StringIO())
    out = io.StringIO()
    call_command("tournament_demo", stdout=out)
    elimination = Tournament.objects.get(slug="demo-elimination")
    swiss = Tournament.objects.get(slug="demo-suisse")
    for tournament, entrants in ((elimination, 8), (swiss, 6)):
        assert tournament.status == TournamentStatus.FINISHED and tournament.winner_id is not None
        assert tournament.entrants.count() == entrants
        assert not Match.objects.filter(tournament=tournament, outcome="").exists()
    assert elimination.rounds.count() == 3 and swiss.rounds.count() == 3
    duels = Duel.objects.filter(tournament_match__tournament__in=[elimination, swiss])
    assert duels.count() == 8 + 9 and not duels.exclude(status=DuelStatus.FINISHED).exists()
    assert "vainqueur" in out.getvalue()
    call_command("tournament_demo", stdout=io.StringIO())
    assert Tournament.objects.count() == 2
    call_command("tournament_demo", "--fresh", "--unfinished", stdout=io.StringIO())
    fresh = Tournament.objects.get(slug="demo-elimination-2")
    assert fresh.status == TournamentStatus.RUNNING and Match.objects.filter(tournament=fresh, outcome="").exists()
