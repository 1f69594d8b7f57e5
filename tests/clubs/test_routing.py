"""Addresses carry the club: /<club>/… serves that club, the single-club layout's addresses redirect to
the first club, the site keeps its own paths (clubs/middleware.py)."""
import contextvars

import pytest
from django.urls import reverse
from django_scopes.exceptions import ScopeError

from clubs.models import Club, Membership
from clubs.scoping import activate_club, current_club, scopes_disabled
from duels.models import Duel
from tests.factories.accounts import UserFactory
from tests.factories.duels import DuelFactory
from tests.support.clubs import other_club

pytestmark = pytest.mark.django_db


def test_links_built_for_a_club_carry_its_slug(club):
    assert reverse("spells:catalog") == "/club/sorts/"
    with activate_club(other_club()):
        assert reverse("spells:catalog") == "/ilvermorny/sorts/"
    assert reverse("spells:catalog") == "/club/sorts/"


def test_a_club_page_is_served_for_that_club(client):
    response = client.get("/club/sorts/")
    assert response.status_code == 200
    assert 'href="/club/classement/"' in response.content.decode()  # the menu links into the same club


def test_another_clubs_page_links_into_that_club(client):
    other_club()
    response = client.get("/ilvermorny/sorts/")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'href="/ilvermorny/classement/"' in html and 'href="/club/' not in html


@pytest.mark.parametrize("old, new", [
    ("/sorts/", "/club/sorts/"),
    ("/classement/?saison=2026", "/club/classement/?saison=2026"),
    ("/duels/en-cours/", "/club/duels/en-cours/"),
])
def test_an_address_of_the_single_club_layout_redirects_to_the_first_club(client, old, new):
    response = client.get(old)
    assert response.status_code == 301 and response["Location"] == new


def test_a_form_posted_to_an_old_address_keeps_its_method_and_body(client):
    response = client.post("/connexion/", {"username": "x"})
    assert response.status_code == 308 and response["Location"] == "/club/connexion/"


def test_an_address_that_never_existed_is_a_404_not_a_redirect(client):
    assert client.get("/nulle-part/").status_code == 404
    assert client.get("/club/nulle-part/").status_code == 404


def test_a_club_without_its_slash_gets_it(client):
    response = client.get("/club")
    assert response.status_code == 301 and response["Location"] == "/club/"


def test_the_root_lists_the_public_clubs_once_there_are_several(client):
    other_club()
    Club.objects.create(slug="cache", name="Club caché", is_public=False)
    html = client.get("/").content.decode()
    assert 'href="/club/"' in html and 'href="/ilvermorny/"' in html and "Club caché" not in html


def test_a_member_sees_their_own_clubs_even_when_not_public(client):
    hidden = Club.objects.create(slug="cache", name="Club caché", is_public=False)
    user = UserFactory(username="membre")
    Membership.objects.create(user=user, club=hidden)
    client.force_login(user)
    html = client.get("/clubs/").content.decode()
    assert 'href="/cache/"' in html and "(votre club)" in html and 'href="/club/"' in html


def test_a_club_page_names_its_club_and_links_to_the_list(client):
    html = client.get("/club/sorts/").content.decode()
    assert '<a class="club-name" href="/clubs/"' in html and "Club de duel" in html


def test_serving_a_club_costs_no_query_once_its_address_is_known(client, django_assert_num_queries):
    client.get("/club/classement/")
    with django_assert_num_queries(0):
        from clubs.selectors import club_by_slug

        assert club_by_slug("club").slug == "club"
    Club.objects.filter(slug="club").get().save()  # a change forgets the cached club
    with django_assert_num_queries(1):
        club_by_slug("club")


def test_the_root_of_a_single_club_installation_is_its_club(client):
    response = client.get("/")
    assert response.status_code == 302 and response["Location"] == "/club/"


def test_the_api_of_a_club_and_the_old_api_address(client):
    other_club()
    assert client.get("/api/v1/clubs/ilvermorny/spells/").status_code == 200
    assert client.get("/api/v1/spells/").status_code == 200  # the first club: a forum's scripts keep working
    missing = client.get("/api/v1/clubs/personne/spells/")
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"


def test_a_club_may_not_take_a_name_the_site_uses():
    from django.core.exceptions import ValidationError

    for slug in ("admin", "api", "duels", "classement", "static"):
        with pytest.raises(ValidationError):
            Club(name="x", slug=slug).full_clean()


def test_a_duel_of_another_club_is_not_found_at_this_clubs_address(client, club):
    with activate_club(other_club()):
        theirs = DuelFactory()
    assert client.get(f"/club/duels/{theirs.pk}/").status_code == 404
    assert client.get(f"/ilvermorny/duels/{theirs.pk}/").status_code in (200, 302)


def test_a_query_of_club_data_outside_any_club_raises():
    with activate_club(Club.objects.get(slug="club")):
        DuelFactory()

    def outside():
        with pytest.raises(ScopeError):
            list(Duel.objects.all())
        with pytest.raises(ScopeError):
            Duel.objects.filter(status="finished").exists()

    contextvars.Context().run(outside)  # a fresh context: no club active, as in a worker or a command
    with scopes_disabled():
        assert Duel.objects.count() == 1


def test_rows_take_the_club_they_are_created_in(club):
    mine = DuelFactory()
    with activate_club(other_club()) as ilvermorny:
        theirs = DuelFactory()
        assert current_club() == ilvermorny
        assert list(Duel.objects.all()) == [theirs]
    assert (mine.club, theirs.club) == (club, ilvermorny)
    assert list(Duel.objects.all()) == [mine]
