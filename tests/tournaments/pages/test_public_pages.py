"""The public tournament pages: the list, the page (bracket, current round's duels, tie-breaks, the forum
copy) for anyone without login, its HTMX poll, the picture; a draft is the staff's only."""
import io

import pytest
from django.urls import reverse
from PIL import Image

from tests.factories.accounts import UserFactory
from tests.support.clubs import make_club_staff
from tests.support.tournament_pages import play_round, stored_tournament
from tournaments.models import Match, TournamentFormat, TournamentStatus

pytestmark = pytest.mark.django_db


def test_anyone_sees_the_bracket_the_round_and_the_tie_breaks(client):
    tournament = stored_tournament(field=4)
    page = client.get(reverse("tournaments:page", args=[tournament.slug]))
    assert page.status_code == 200
    text = page.content.decode()
    for n in range(1, 5):
        assert f"Sorcier {n}" in text
    assert "Demi-finales" in text and "Finale" in text
    assert "Ronde 1" in text and "Sorcier 1 contre Sorcier 4" in text
    assert "un arbitre pour le duel" in text  # what each duel waits for, in the staff page's words
    assert "Un duel nul en élimination directe se rejoue" in text and "exemptions du premier tour" in text
    assert "La confrontation directe" not in text  # no standings in a single elimination: no tie-breaks
    assert "[b]Coupe d&#x27;hiver — élimination directe[/b]" in text  # the BBCode block to copy
    assert reverse("tournaments:bracket_png", args=[tournament.slug]) in text


def test_a_played_round_shows_its_winners_and_the_next_round(client):
    tournament = stored_tournament(field=4)
    play_round(tournament)
    text = client.get(reverse("tournaments:page", args=[tournament.slug])).content.decode()
    assert "Ronde 2" in text and "Sorcier 1 contre Sorcier 2" in text
    assert text.count('class="bracket-side won"') == 2
    assert "Rondes précédentes" in text and "Sorcier 1 l&#x27;emporte" in text
    play_round(tournament)
    text = client.get(reverse("tournaments:page", args=[tournament.slug])).content.decode()
    assert "Vainqueur : Sorcier 1" in text


def test_the_poll_answers_204_until_something_changes(client):
    tournament = stored_tournament(field=4)
    url = reverse("tournaments:page", args=[tournament.slug])
    headers = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "tournament-live"}
    first = client.get(url, **headers)
    assert first.status_code == 200 and b"<html" not in first.content
    version = first.content.decode().split('data-version="')[1].split('"')[0]
    assert client.get(url, {"v": version}, **headers).status_code == 204
    match = Match.objects.filter(tournament=tournament).first()
    match.outcome, match.how = "a", "played"
    match.save()
    assert client.get(url, {"v": version}, **headers).status_code == 200


def test_groups_and_swiss_show_their_standings(client):
    groups = stored_tournament(field=8, slug="poules", format=TournamentFormat.GROUPS_THEN_ELIMINATION,
                               group_count=2, qualifiers_per_group=2)
    text = client.get(reverse("tournaments:page", args=[groups.slug])).content.decode()
    assert "Poule A" in text and "Poule B" in text and "Buchholz" not in text
    assert "La confrontation directe" in text and "Le Buchholz" not in text
    swiss = stored_tournament(field=5, slug="suisse", format=TournamentFormat.SWISS, swiss_rounds=3)
    text = client.get(reverse("tournaments:page", args=[swiss.slug])).content.decode()
    assert "Buchholz" in text and "exempt : qualifié d&#x27;office" in text
    assert "Le Buchholz" in text and "Un duel nul en élimination" not in text


def test_the_picture_is_a_png_and_nothing_before_the_draw(client):
    tournament = stored_tournament(field=8)
    response = client.get(reverse("tournaments:bracket_png", args=[tournament.slug]))
    assert response["Content-Type"] == "image/png"
    assert Image.open(io.BytesIO(response.content)).size[0] == 800
    undrawn = stored_tournament(field=3, slug="pas-encore", status=TournamentStatus.SIGNUP, drawn=False)
    assert client.get(reverse("tournaments:bracket_png", args=[undrawn.slug])).status_code == 404
    text = client.get(reverse("tournaments:page", args=[undrawn.slug])).content.decode()
    assert "Sorcier 3" in text


def test_a_draft_is_shown_to_the_staff_only(client):
    draft = stored_tournament(field=2, slug="brouillon", status=TournamentStatus.DRAFT, drawn=False)
    stored_tournament(field=2, slug="ouvert", status=TournamentStatus.SIGNUP, drawn=False)
    assert client.get(reverse("tournaments:page", args=[draft.slug])).status_code == 404
    listing = client.get(reverse("tournaments:list")).content.decode()
    assert "ouvert" in listing and "brouillon" not in listing
    staff = UserFactory()
    make_club_staff(staff)
    client.force_login(staff)
    assert client.get(reverse("tournaments:page", args=[draft.slug])).status_code == 200
