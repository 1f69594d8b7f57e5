"""The tournament's topic on the forum, from its panel page: the first message (rules, the bracket's
picture, every entrant) and each round's reply as BBCode; staff link an existing topic by its address
(the club's forum only, refused in French otherwise; the bridge off says so); the picture at the same
address changes after a round and is never cached for long."""
import pytest
from django.urls import reverse

from audit.models import AuditLog
from clubs.scoping import current_club
from tests.factories.accounts import DuellistFactory, UserFactory
from tests.support.clubs import make_club_staff, make_referee
from tests.support.forum import forum_configured
from tests.support.tournament_play import end, open_matches, running
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def verified_forum():
    club = forum_configured(current_club(), "http://forum.test")
    assert club.is_verified  # the home club of the tests is verified
    return club


def _page(tournament):
    return reverse("clubs:tournaments:forum_topic", args=[tournament.slug])


def test_the_first_message_has_the_rules_the_picture_and_every_entrant(client, verified_forum):
    tournament, staff, entrants = running(entrants=3)
    client.force_login(staff)
    response = client.get(_page(tournament))
    assert response.status_code == 200
    html = response.content.decode()
    opening = response.context["opening"]
    image = response.context["image_url"]
    assert image.endswith(f"/{verified_forum.slug}/tournois/{tournament.slug}/tableau.png")
    assert f"[img]{image}[/img]" in opening and image.startswith("http")
    for entrant in entrants:
        assert f"[*]{entrant}" in opening
    assert "Un duel nul en élimination directe" in opening  # the draw rule
    [match] = open_matches(tournament)
    [(round, reply)] = response.context["rounds"]
    assert f"{match.side_a} contre {match.side_b} (duel n°{match.duel_id})" in reply and "exempt(e)" in reply
    assert "Lier ce sujet" in html


def test_staff_link_an_existing_topic_a_foreign_address_is_refused_in_french(client, verified_forum):
    tournament, staff, _entrants = running(entrants=2)
    client.force_login(staff)
    refused = client.post(_page(tournament), {"url": "https://ailleurs.example/t12-coupe"})
    assert refused.status_code == 422
    assert refused.context["error"] == "Adresse refusée : collez l'adresse d'un sujet de http://forum.test."
    assert Tournament.objects.get(pk=tournament.pk).forum_topic_url == ""
    assert client.post(_page(tournament), {"url": "http://forum.test/t12-coupe#345"}).status_code == 302
    assert Tournament.objects.get(pk=tournament.pk).forum_topic_url == "http://forum.test/t12-coupe"
    assert AuditLog.objects.filter(data__tournament=tournament.pk, data__topic=12).exists()
    public = client.get(reverse("tournaments:page", args=[tournament.slug])).content.decode()
    assert 'href="http://forum.test/t12-coupe"' in public


def test_the_bridge_off_is_said_and_linking_refused(client):
    forum_configured(current_club(), "")
    tournament, staff, _entrants = running(entrants=2)
    client.force_login(staff)
    page = client.get(_page(tournament)).content.decode()
    assert 'data-forum="off"' in page and "Lier ce sujet" not in page
    response = client.post(_page(tournament), {"url": "http://forum.test/t12-coupe"})
    assert response.status_code == 409
    assert Tournament.objects.get(pk=tournament.pk).forum_topic_url == ""


@pytest.mark.parametrize("role", ["player", "referee", "outsider"])
def test_only_staff_link_the_topic(client, verified_forum, role):
    tournament, _staff, _entrants = running(entrants=2)
    user = DuellistFactory().user if role == "player" else UserFactory()
    if role == "referee":
        make_referee(user)
    client.force_login(user)
    assert client.get(_page(tournament)).status_code == 403
    assert client.post(_page(tournament), {"url": "http://forum.test/t12-coupe"}).status_code == 403
    assert Tournament.objects.get(pk=tournament.pk).forum_topic_url == ""


def test_another_clubs_staff_are_refused(client, verified_forum):
    from tests.support.clubs import other_club

    tournament, _staff, _entrants = running(entrants=2)
    user = make_club_staff(UserFactory(), other_club())
    client.force_login(user)
    assert client.post(_page(tournament), {"url": "http://forum.test/t12-coupe"}).status_code == 403
    assert Tournament.objects.get(pk=tournament.pk).forum_topic_url == ""


def test_the_picture_at_the_same_address_changes_after_a_round_and_is_cached_briefly(client):
    tournament, _staff, _entrants = running(entrants=4)
    url = reverse("tournaments:bracket_png", args=[tournament.slug])
    before = client.get(url)
    assert before["Content-Type"] == "image/png"
    assert "immutable" not in before["Cache-Control"]
    max_age = int(before["Cache-Control"].split("max-age=")[1].split(",")[0])
    assert max_age <= 600
    for match in open_matches(tournament):
        end(match.duel, winner=1)
    after = client.get(url)
    assert after.content != before.content and after["ETag"] != before["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=before["ETag"]).status_code == 200
