"""Public pages: the table with filters, a duellist's page, a finished duel's replay; the admin."""
import datetime as dt

import pytest

from clubs.scoping import activate_club
from duels.services import forfeit
from rankings.models import Season, Standing
from rankings.services.rewards import season_save
from tests.factories.accounts import UserFactory
from tests.support.clubs import club_path, other_club, outside_any_club
from tests.support.duels import bet_for, declare, post, started_duel
from tests.support.rankings import at, duellists, finished_duel

pytestmark = pytest.mark.django_db


@pytest.fixture
def played():
    a, b, c = duellists(3)
    finished_duel([a], [b], when=at(1))
    finished_duel([c], [b], when=at(2), kind="rp", year=5)
    return a, b, c


def test_the_table_page_with_filters(client, played):
    a, b, c = played
    page = client.get(club_path("/classement/")).content.decode()
    assert "Classement des champions" in page and "Tous les temps" in page
    assert page.index(a.forum_name) < page.index(c.forum_name) < page.index(b.forum_name)
    assert f'href="{club_path(f"/classement/duellistes/{a.forum_id}/")}"' in page
    assert club_path("/api/v1/rankings.bbcode") in page  # the club's own table
    rp = client.get(club_path("/classement/?kind=rp&year=5")).content.decode()
    assert c.forum_name in rp and a.forum_name not in rp
    wrong = client.get(club_path("/classement/?year=12"))
    assert wrong.status_code == 200 and "errorlist" in wrong.content.decode()


def test_the_table_page_by_season_and_htmx_partial(client, played):
    a, b, c = played
    season_save(season=Season(name="Tout début mars", slug="debut", starts_on=dt.date(2026, 3, 1),
                              ends_on=dt.date(2026, 3, 2)))
    page = client.get(club_path("/classement/?season=debut")).content.decode()
    assert "Tout début mars" in page and a.forum_name in page and c.forum_name not in page
    partial = client.get(club_path("/classement/?season=debut"), HTTP_HX_REQUEST="true").content.decode()
    assert partial.lstrip().startswith('<section id="resultats"') and "<html" not in partial


def test_the_table_page_paginates_with_constant_queries(client, django_assert_max_num_queries):
    people = duellists(60)
    for index in range(0, 60, 2):
        finished_duel([people[index]], [people[index + 1]], when=at(index))
    with django_assert_max_num_queries(4):  # seasons (form), count, page (+ no session)
        page = client.get(club_path("/classement/")).content.decode()
    assert "Page 1 sur 2" in page and 'rel="next"' in page
    assert "Page 2 sur 2" in client.get(club_path("/classement/?page=2")).content.decode()


def test_a_duellists_page(client, played):
    a, b, c = played
    page = client.get(club_path(f"/classement/duellistes/{b.forum_id}/")).content.decode()
    assert b.forum_name in page and "Chocogrenouilles" in page
    assert page.count("défaite") >= 2 and a.forum_name in page and c.forum_name in page
    assert "Baguette au repos" in page  # 4 duels must end after their last one
    assert client.get(club_path("/classement/duellistes/999999/")).status_code == 404
    fresh = duellists(1)[0]
    page = client.get(club_path(f"/classement/duellistes/{fresh.forum_id}/")).content.decode()
    assert "Aucun duel terminé" in page and "Baguette prête" in page


def test_the_replay_of_a_finished_duel_shows_each_turn_the_dice_and_the_seed(client):
    duel, referee, (a, b) = started_duel(years=(3, 3))
    assert client.get(club_path(f"/classement/duels/{duel.pk}/")).status_code == 404  # running: the seed is secret
    post(duel, a, [{"move": 5}, {"cast": "bolt", "target": b.engine_id, "bet": bet_for(duel, order=1, step=1, win=True)}])
    post(duel, b, [{"cast": "spark", "target": a.engine_id, "bet": bet_for(duel, order=2, win=False)}])
    declare(duel, referee, comment="Beau sort.")
    post(duel, b, [{"dodge": bet_for(duel, order=1, win=False)}])
    declare(duel, referee)
    forfeit(duel=duel, by=b.duellist.user)
    duel.refresh_from_db()
    page = client.get(club_path(f"/classement/duels/{duel.pk}/")).content.decode()
    assert duel.seed in page and duel.seed_sha256 in page
    assert "La graine correspond à l'empreinte." in page and "tous concordent" in page
    assert "Tour 1, phase d&#x27;action" in page and "Tour 1, phase de défense" in page
    assert "Beau sort." in page and "pari gagné" in page and "pari perdu" in page and "sort Éclair" in page
    assert "a abandonné" in page and page.count('class="stage-zones"') == 3 and f"victoire de {a.duellist.forum_name}" in page


def test_a_finished_duel_without_declarations(client, played):
    a, b, c = played
    duel = finished_duel([a], [c], when=at(5))
    page = client.get(club_path(f"/classement/duels/{duel.pk}/")).content.decode()
    assert "sans déclaration publiée" in page and duel.seed in page


def test_admin_season_save_builds_the_table(client, played, club):
    """The site's admin serves every club (no club active): a season is created for the club chosen,
    checked against that club's seasons only, and built, rebuilt and deleted in its club."""
    client.force_login(UserFactory(username="admin", is_staff=True, is_superuser=True))
    with activate_club(other_club()):
        Season.objects.create(name="Mars", slug="mars", starts_on=dt.date(2026, 3, 1), ends_on=dt.date(2026, 3, 31))
    with outside_any_club():
        response = client.post("/admin/rankings/season/add/", {
            "in_club": club.pk, "name": "Mars", "slug": "mars", "starts_on": "2026-03-01", "ends_on": "2026-03-31"})
        assert response.status_code == 302
    assert Standing.objects.filter(season__slug="mars").exists()
    season = Season.objects.get(slug="mars")
    with outside_any_club():
        overlap = client.post("/admin/rankings/season/add/", {
            "in_club": club.pk, "name": "Bis", "slug": "bis", "starts_on": "2026-03-15", "ends_on": "2026-04-30"})
        assert overlap.status_code == 200 and "Chevauche" in overlap.content.decode()
        assert client.get("/admin/rankings/standing/").status_code == 200
        response = client.post("/admin/rankings/season/", {"action": "rebuild", "_selected_action": [season.pk]})
        assert response.status_code == 302
        client.post(f"/admin/rankings/season/{season.pk}/delete/", {"post": "yes"})
    assert not Standing.objects.filter(season__isnull=False).exists()
    with activate_club(other_club()):
        assert Season.objects.filter(slug="mars").exists()  # the other club's season of the same name stays
