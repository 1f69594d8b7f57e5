"""The forum band's data, /<club>/coupe/bandeau/: each house's crest, colour and total for the current
period, leader first; CORS for the club's own forum only; cacheable 30 s; the same number of statements
whatever the houses and entries; each club its own houses."""
import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from clubs.scoping import activate_club
from cup.models import House, LedgerEntry
from cup.services.awards import points_award
from tests.cup.support import house
from tests.support.clubs import other_club
from tests.support.forum import forum_configured
from tests.support.permissions import club_staff

pytestmark = pytest.mark.django_db
FORUM = "https://poudlard.forumactif.com"
B_FORUM = "https://ilvermorny.forumactif.com"


@pytest.fixture
def forum(club, settings):
    settings.SITE_URL = "http://estrade.test"
    return forum_configured(club, url=FORUM)


def band(client, origin=FORUM, club=None):
    if club is not None:
        with activate_club(club):
            url = reverse("cup:widget")
    else:
        url = reverse("cup:widget")
    return client.get(url, HTTP_ORIGIN=origin)


def test_the_band_lists_each_house_leader_first_with_its_total_for_the_period(client, forum):
    staff = club_staff()
    points_award(by=staff, house=house("Serdaigle"), points=20, reason="Quiz de potions")
    points_award(by=staff, house=house("Serpentard"), points=5, reason="Politesse")
    points_award(by=staff, house=house("Serdaigle"), points=-3, reason="Retard en cours")
    last_year = house("Gryffondor")
    LedgerEntry.objects.create(house=last_year, points=500, reason="L'an dernier", cause="manual",
                               occurred_at=dt.datetime(2020, 1, 1, tzinfo=dt.UTC))  # another school year
    response = band(client)
    assert response.status_code == 200
    data = response.json()
    assert [(h["name"], h["total"]) for h in data["houses"]] == [
        ("Serdaigle", 17), ("Serpentard", 5), ("Gryffondor", 0), ("Poufsouffle", 0)]
    assert data["houses"][0] == {"name": "Serdaigle", "colour": "#222f5b", "crest": "🦅", "total": 17}
    assert data["url"] == "http://estrade.test/club/coupe/"
    assert data["period"]["kind"] == "school_year" and data["period"]["start"].endswith("-09-01")
    assert data["period"]["last_day"].endswith("-08-31")
    body = response.content.decode()
    assert "Quiz" not in body and staff.username not in body  # no reason, no person: totals only


def test_cors_answers_the_clubs_forum_only_without_credentials(client, forum):
    ours = band(client, FORUM)
    assert ours["Access-Control-Allow-Origin"] == FORUM and "Access-Control-Allow-Credentials" not in ours
    theirs = band(client, "https://ailleurs.example")
    assert theirs.status_code == 200 and "Access-Control-Allow-Origin" not in theirs
    assert not ours.cookies and "Set-Cookie" not in ours


def test_the_answer_is_cacheable_briefly_and_varies_by_origin(client, forum):
    response = band(client)
    assert "max-age=30" in response["Cache-Control"] and "public" in response["Cache-Control"]
    assert "origin" in response["Vary"].lower()


def test_the_number_of_statements_does_not_grow_with_houses_and_entries(client, forum):
    band(client)  # the club read once, then from the cache
    with CaptureQueriesContext(connection) as few:
        assert band(client).status_code == 200
    staff = club_staff()
    for number in range(6):
        House.objects.create(name=f"Maison {number}", colour="#123456", crest="⭐", position=10 + number)
    for target in House.objects.all():
        for points in (3, -1, 7):
            points_award(by=staff, house=target, points=points, reason="Bonne réponse")
    with CaptureQueriesContext(connection) as many:
        data = band(client).json()
    assert len(data["houses"]) == 10 and {h["total"] for h in data["houses"]} == {9}
    # the cup settings, the standings (one statement)
    assert len(many.captured_queries) == len(few.captured_queries) == 2, [q["sql"] for q in many.captured_queries]


def test_each_club_shows_its_own_houses_to_its_own_forum(client, club, forum):
    b = forum_configured(other_club(), url=B_FORUM)
    with activate_club(b):
        House.objects.filter(name="Gryffondor").update(name="Oiseau-Tonnerre")
        LedgerEntry.objects.create(house=House.objects.get(name="Oiseau-Tonnerre"), points=42, reason="Bravo",
                                   cause="manual")
    ours, theirs = band(client, FORUM, club).json(), band(client, B_FORUM, b)
    assert theirs["Access-Control-Allow-Origin"] == B_FORUM
    assert {h["total"] for h in ours["houses"]} == {0} and "Oiseau-Tonnerre" not in str(ours)
    assert theirs.json()["houses"][0] == {"name": "Oiseau-Tonnerre", "colour": "#ae0001", "crest": "🦁", "total": 42}
    assert theirs.json()["url"] == "http://estrade.test/ilvermorny/coupe/"
    assert "Access-Control-Allow-Origin" not in band(client, FORUM, b)  # A's forum, B's band
