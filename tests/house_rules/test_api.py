"""RULES.md §8 in the API: the club's description states its house rules; a duel states the ones it froze."""
import pytest
from django.urls import reverse

from clubs.scoping import activate_club
from tests.support.clubs import other_club
from tests.support.duels import started_duel

pytestmark = pytest.mark.django_db


def test_the_club_description_states_the_rulebook_when_nothing_changed(client, club):
    body = client.get(reverse("api-club")).json()
    assert body["slug"] == club.slug and body["name"] == club.name
    assert body["house_rules"]["changed"] == {}
    values = body["house_rules"]["values"]
    assert values["points"]["1"] == [10, 5] and values["points"]["8"] == [32, 20]
    assert (values["dodge_pf"], values["deadline_hours"], values["repeat"]) == (2, 48, "consecutive")


def test_the_club_description_states_the_clubs_numbers(client, club):
    club.house_rules = {"points": {"1": [12, 6]}, "repeat": "duel", "deadline_hours": 72}
    club.save()
    body = client.get(reverse("api-club")).json()["house_rules"]
    assert body["changed"] == {"points": {"1": [12, 6]}, "repeat": "duel", "deadline_hours": 72}
    assert body["values"]["points"]["1"] == [12, 6] and body["values"]["points"]["2"] == [13, 7]
    assert body["values"]["repeat"] == "duel" and body["values"]["dodge_pf"] == 2


def test_another_clubs_api_states_its_own_rules(client, club):
    club.house_rules = {"dodge_pf": 5}
    club.save()
    ilvermorny = other_club()
    body = client.get(f"/api/v1/clubs/{ilvermorny.slug}/club/").json()
    assert body["slug"] == "ilvermorny" and body["house_rules"]["changed"] == {}
    assert client.get(f"/api/v1/clubs/{club.slug}/club/").json()["house_rules"]["changed"] == {"dodge_pf": 5}


def test_a_duel_states_the_rules_it_started_with(client, club):
    club.house_rules = {"move_pf": 2}
    club.save()
    duel, _referee, _ab = started_duel()
    club.house_rules = {"move_pf": 3}
    club.save()
    body = client.get(reverse("api-duel", args=[duel.pk])).json()
    assert body["house_rules"]["changed"] == {"move_pf": 2} and body["house_rules"]["values"]["move_pf"] == 2
    with activate_club(club):
        assert client.get(reverse("api-club")).json()["house_rules"]["values"]["move_pf"] == 3
