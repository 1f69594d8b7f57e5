"""The tournaments API: public reads of the club's tournaments, rounds and standings; drafts for the staff
only; JSON errors with a code; another club's tournament is not found; queries do not grow."""
import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from clubs.scoping import activate_club
from tests.factories.accounts import UserFactory
from tests.support.clubs import club_cache_warmed, make_club_staff, other_club
from tests.support.tournament_pages import play_round, stored_tournament
from tournaments.models import Entrant, TournamentFormat, TournamentStatus

pytestmark = pytest.mark.django_db
API = "/api/v1/clubs/club"


def test_the_list_and_one_tournament_with_its_entrants(client):
    tournament = stored_tournament(field=4)
    listed = client.get(f"{API}/tournaments/").json()
    assert [t["slug"] for t in listed["results"]] == ["coupe"] and listed["results"][0]["entrant_count"] == 4
    detail = client.get(f"{API}/tournaments/coupe/").json()
    assert detail["format"] == TournamentFormat.SINGLE_ELIMINATION and detail["status"] == "running"
    first = Entrant.objects.get(tournament=tournament, seed=1)
    assert detail["entrants"][0] == {"id": first.pk, "name": "Sorcier 1", "forum_ids": [first.duellist.forum_id],
                                     "seed": 1, "checked_in": False, "withdrawn": False}


def test_rounds_and_standings_follow_the_results(client):
    tournament = stored_tournament(field=4)
    play_round(tournament)
    rounds = client.get(f"{API}/tournaments/coupe/rounds/").json()
    assert [r["number"] for r in rounds] == [1, 2]
    assert [m["outcome"] for m in rounds[0]["matches"]] == ["a", "a"] and rounds[1]["matches"][0]["outcome"] == ""
    seeds = {e.seed: e.pk for e in Entrant.objects.filter(tournament=tournament)}
    assert {m["side_a"] for m in rounds[0]["matches"]} == {seeds[1], seeds[2]}
    standings = client.get(f"{API}/tournaments/coupe/standings/").json()
    assert standings["champion"] is None
    assert {(p["entrant"], p["place"], p["shared_to"]) for p in standings["placements"]} == {
        (seeds[3], 3, 4), (seeds[4], 3, 4)}
    play_round(tournament)
    assert client.get(f"{API}/tournaments/coupe/standings/").json()["champion"] == seeds[1]


def test_swiss_standings_carry_buchholz(client):
    stored_tournament(field=4, slug="suisse", format=TournamentFormat.SWISS, swiss_rounds=2)
    swiss = client.get(f"{API}/tournaments/suisse/standings/").json()["swiss"]
    assert len(swiss) == 4 and all(row["buchholz"] == 0 for row in swiss)


def test_unknown_draft_and_other_clubs_tournaments_are_a_json_404(client):
    stored_tournament(field=2, slug="brouillon", status=TournamentStatus.DRAFT, drawn=False)
    with activate_club(other_club()):
        stored_tournament(field=2, slug="ailleurs", drawn=False)
    for path in ("brouillon/", "ailleurs/", "ailleurs/rounds/", "nulle-part/standings/"):
        response = client.get(f"{API}/tournaments/{path}")
        assert response.status_code == 404 and response.json()["code"] == "not_found", path
    assert client.get(f"{API}/tournaments/").json()["results"] == []
    staff = UserFactory()
    make_club_staff(staff)
    client.force_login(staff)
    assert client.get(f"{API}/tournaments/brouillon/").status_code == 200


def test_reads_only_a_post_is_refused(client):
    stored_tournament(field=2)
    assert client.post(f"{API}/tournaments/", {}).status_code in (401, 403, 405)


def test_the_rounds_do_not_grow_with_the_field(client):
    counts = []
    for field, slug in ((4, "petit"), (16, "grand")):
        stored_tournament(field=field, slug=slug)
        cache.clear()
        club_cache_warmed()
        with CaptureQueriesContext(connection) as queries:
            assert client.get(f"{API}/tournaments/{slug}/rounds/").status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1], counts
