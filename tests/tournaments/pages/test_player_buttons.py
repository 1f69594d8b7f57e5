"""A player's buttons on the tournament page: sign up (with a partner in 2v2), confirm presence, withdraw;
a refusal shows the page again with its reason and its status, nothing stored; anonymous visitors are
sent to log in."""
import pytest
from django.urls import reverse

from tests.factories.accounts import DuellistFactory
from tests.support.tournament_pages import stored_tournament
from tournaments.models import Entrant, TournamentStatus

pytestmark = pytest.mark.django_db


def test_a_player_signs_up_once_and_withdraws(client):
    tournament = stored_tournament(field=0, slug="ouvert", status=TournamentStatus.SIGNUP, drawn=False)
    player = DuellistFactory(forum_name="Luna")
    client.force_login(player.user)
    page = reverse("tournaments:page", args=["ouvert"])
    assert "inscrire au tournoi" in client.get(page).content.decode()
    assert client.post(reverse("tournaments:sign_up", args=["ouvert"])).status_code == 302
    assert Entrant.objects.get(tournament=tournament).duellist == player
    again = client.post(reverse("tournaments:sign_up", args=["ouvert"]))
    assert again.status_code in (409, 422) and "déjà inscrit" in again.content.decode()
    assert Entrant.objects.filter(tournament=tournament).count() == 1
    assert "Vous êtes inscrit." in client.get(page).content.decode()
    assert client.post(reverse("tournaments:withdraw", args=["ouvert"])).status_code == 302
    assert Entrant.objects.get(tournament=tournament).withdrawn_at is not None


def test_a_pair_signs_up_with_the_partners_forum_name(client):
    tournament = stored_tournament(field=0, slug="paires", status=TournamentStatus.SIGNUP, drawn=False,
                                   team_format="2v2")
    player, partner = DuellistFactory(forum_name="Fred"), DuellistFactory(forum_name="George")
    client.force_login(player.user)
    missing = client.post(reverse("tournaments:sign_up", args=["paires"]), {"partner": "Personne"})
    assert missing.status_code == 422 and "partenaire" in missing.content.decode()
    assert not Entrant.objects.exists()
    assert client.post(reverse("tournaments:sign_up", args=["paires"]), {"partner": "george"}).status_code == 302
    entry = Entrant.objects.get(tournament=tournament)
    assert (entry.duellist, entry.partner) == (player, partner)
    assert "Fred &amp; George" in client.get(reverse("tournaments:page", args=["paires"])).content.decode()


def test_closed_sign_up_and_check_in_are_refused_with_their_reason(client):
    stored_tournament(field=0, slug="ferme", status=TournamentStatus.RUNNING, drawn=False)
    player = DuellistFactory()
    client.force_login(player.user)
    refused = client.post(reverse("tournaments:sign_up", args=["ferme"]))
    assert refused.status_code == 409 and "Les inscriptions à ce tournoi sont fermées." in refused.content.decode()
    assert client.post(reverse("tournaments:check_in", args=["ferme"])).status_code == 409
    assert not Entrant.objects.exists()


def test_anonymous_visitors_are_sent_to_log_in(client):
    stored_tournament(field=0, slug="ouvert", status=TournamentStatus.SIGNUP, drawn=False)
    response = client.post(reverse("tournaments:sign_up", args=["ouvert"]))
    assert response.status_code == 302 and "next=" in response["Location"]
    assert client.get(reverse("tournaments:sign_up", args=["ouvert"])).status_code == 405
    assert not Entrant.objects.exists()
