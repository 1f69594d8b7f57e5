"""The club's seasons in its control panel (/<club>/gestion/saisons/): its staff list, create, change and
delete them; an overlap, a last day before the first or a taken name or identifier is refused in French
(422, nothing stored); deleting a season keeps the results; anyone else is refused, another club's seasons
are not found; each change is in the audit log."""
import datetime as dt

import pytest
from django.core.exceptions import PermissionDenied

from audit.models import AuditLog
from clubs.scoping import activate_club
from rankings.models import Result, Season, Standing
from rankings.services.rewards import season_save
from rankings.services.seasons import season_create, season_remove
from tests.factories.accounts import UserFactory
from tests.support.clubs import club_cache_warmed, club_member, make_referee, other_club
from tests.support.permissions import club_staff
from tests.support.rankings import at, duellists, finished_duel
from tests.support.web import client_for, text

pytestmark = pytest.mark.django_db
LIST = "/club/gestion/saisons/"
NEW = LIST + "nouvelle/"
MARCH = {"name": "Mars", "slug": "mars", "starts_on": "2026-03-01", "ends_on": "2026-03-31"}


def _season(name="Mars", slug="mars", first=dt.date(2026, 3, 1), last=dt.date(2026, 3, 31)) -> Season:
    return season_save(season=Season(name=name, slug=slug, starts_on=first, ends_on=last))


@pytest.fixture
def staff():
    return client_for(club_staff())


def test_the_staff_create_a_season_its_table_is_built_and_the_list_links_it(staff):
    a, b = duellists(2)
    finished_duel([a], [b], when=at(1))  # in March 2026
    response = staff.post(NEW, {**MARCH, "slug": ""})
    assert response.status_code == 302 and response["Location"] == LIST
    season = Season.objects.get()
    assert (season.name, season.slug, season.starts_on) == ("Mars", "mars", dt.date(2026, 3, 1))  # slug from name
    assert Standing.objects.filter(season=season).exists()
    entry = AuditLog.objects.get(action="season.create")
    assert entry.data["slug"] == "mars" and entry.data["ends_on"] == "2026-03-31"
    page = text(staff.get(LIST))
    assert "Mars" in page and "/club/classement/?season=mars" in page and "2 duellistes classés" in page


def test_a_season_without_finished_duels_says_so_instead_of_linking(staff):
    _season()
    page = text(staff.get(LIST))
    assert "aucun duel terminé pendant la saison" in page and "?season=mars" not in page


def test_the_staff_change_a_season(staff):
    season = _season()
    form = staff.get(f"{LIST}{season.pk}/")
    assert form.status_code == 200 and 'value="2026-03-01"' in text(form)
    response = staff.post(f"{LIST}{season.pk}/", {**MARCH, "name": "Mars long", "ends_on": "2026-04-15"})
    assert response.status_code == 302
    season.refresh_from_db()
    assert (season.name, season.ends_on) == ("Mars long", dt.date(2026, 4, 15))
    entry = AuditLog.objects.get(action="season.change")
    assert entry.data["before"]["name"] == "Mars" and entry.data["after"]["ends_on"] == "2026-04-15"
    staff.post(f"{LIST}{season.pk}/", {**MARCH, "name": "Mars long", "ends_on": "2026-04-15"})
    assert AuditLog.objects.filter(action="season.change").count() == 1  # nothing changed: nothing logged


@pytest.mark.parametrize(("values", "message"), [
    ({"name": "Printemps", "slug": "printemps", "starts_on": "2026-03-31", "ends_on": "2026-05-01"},
     "Chevauche la saison « Mars »"),
    ({"name": "Avril", "slug": "avril", "starts_on": "2026-04-30", "ends_on": "2026-04-01"},
     "Le dernier jour précède le premier."),
    ({"name": "Mars", "slug": "mars-bis", "starts_on": "2026-06-01", "ends_on": "2026-06-30"},
     "Une saison porte déjà ce nom."),
    ({"name": "Juin", "slug": "mars", "starts_on": "2026-06-01", "ends_on": "2026-06-30"},
     "Une saison porte déjà cet identifiant."),
    ({"name": "Juin", "slug": "pas un identifiant", "starts_on": "2026-06-01", "ends_on": "2026-06-30"},
     "lettres"),
    ({"name": "Juin", "slug": "juin", "starts_on": "1066-06-01", "ends_on": "2026-06-30"},
     "Choisissez un jour entre l&#x27;an 1900 et l&#x27;an 2999."),
    ({"name": "Juin", "slug": "juin", "starts_on": "le premier juin", "ends_on": "2026-06-30"},
     "Saisissez une date valide."),
    ({"name": "", "slug": "juin", "starts_on": "2026-06-01", "ends_on": "2026-06-30"}, "Ce champ est obligatoire."),
])
def test_bad_seasons_are_refused_in_french_and_nothing_is_stored(staff, values, message):
    march = _season()
    response = staff.post(NEW, values)
    assert response.status_code == 422 and message in text(response)
    assert list(Season.objects.all()) == [march] and not AuditLog.objects.exists()


def test_a_change_may_not_overlap_another_season(staff):
    _season()
    april = _season("Avril", "avril", dt.date(2026, 4, 1), dt.date(2026, 4, 30))
    response = staff.post(f"{LIST}{april.pk}/", {"name": "Avril", "slug": "avril", "starts_on": "2026-03-20",
                                                 "ends_on": "2026-04-30"})
    assert response.status_code == 422 and "Chevauche la saison « Mars »" in text(response)
    april.refresh_from_db()
    assert april.starts_on == dt.date(2026, 4, 1) and not AuditLog.objects.exists()


def test_deleting_a_season_asks_first_and_keeps_the_results(staff):
    a, b = duellists(2)
    finished_duel([a], [b], when=at(1))
    season = _season()
    confirm = staff.get(f"{LIST}{season.pk}/supprimer/")
    assert confirm.status_code == 200 and "Les duels et leurs résultats restent" in text(confirm)
    assert Season.objects.filter(pk=season.pk).exists()  # asking deletes nothing
    assert staff.post(f"{LIST}{season.pk}/supprimer/").status_code == 302
    assert not Season.objects.exists() and not Standing.objects.filter(season__isnull=False).exists()
    assert Result.objects.count() == 2 and Standing.objects.filter(season=None).exists()
    assert AuditLog.objects.get(action="season.delete").data["name"] == "Mars"


def test_the_owner_may_and_everyone_else_is_refused(client, club):
    season = _season()
    owner = client_for(club_staff(owner=True))
    assert owner.get(LIST).status_code == 200
    referee = club_member()
    make_referee(referee)
    elsewhere = other_club()
    strangers = [referee, club_member(), UserFactory(), club_staff(elsewhere)]
    pages = [LIST, NEW, f"{LIST}{season.pk}/", f"{LIST}{season.pk}/supprimer/"]
    for user in strangers:
        browser = client_for(user)
        for page in pages:
            assert browser.get(page).status_code == 403, (user, page)
        assert browser.post(NEW, {**MARCH, "name": "Avril", "slug": "avril"}).status_code == 403
        assert browser.post(f"{LIST}{season.pk}/supprimer/").status_code == 403
        with pytest.raises(PermissionDenied):
            season_remove(by=user, season=season)
        with pytest.raises(PermissionDenied):
            season_create(by=user, name="Mai", slug="mai", starts_on=dt.date(2026, 5, 1), ends_on=dt.date(2026, 5, 2))
    for page in pages:
        response = client.get(page)
        assert response.status_code == 302 and "/connexion/" in response["Location"], page
    assert list(Season.objects.all()) == [season] and not AuditLog.objects.exists()


def test_another_clubs_seasons_are_not_found_nor_listed(staff, club):
    elsewhere = other_club()
    with activate_club(elsewhere):
        theirs = _season("Saison d'Ilvermorny", "ilvermorny")
    assert "Ilvermorny" not in text(staff.get(LIST))
    for page in (f"{LIST}{theirs.pk}/", f"{LIST}{theirs.pk}/supprimer/"):
        assert staff.get(page).status_code == 404
        assert staff.post(page, {**MARCH}).status_code == 404
    created = staff.post(NEW, {**MARCH, "name": "Saison d'Ilvermorny", "slug": "ilvermorny"})
    assert created.status_code == 302  # their names and dates are theirs: no clash across clubs
    with activate_club(elsewhere):
        assert Season.objects.get().name == "Saison d'Ilvermorny"


def test_the_list_reads_a_fixed_number_of_queries(staff, django_assert_max_num_queries):
    club_cache_warmed()
    for month in range(1, 13):
        _season(f"Mois {month}", f"mois-{month}", dt.date(2025, month, 1), dt.date(2025, month, 28))
    staff.get(LIST)
    with django_assert_max_num_queries(5):  # session, user, membership, menu, seasons with their sizes
        page = staff.get(LIST)
    assert text(page).count("data-season=") == 12


def test_the_apis_season_writes_go_through_the_same_audited_services(club):
    from rest_framework.test import APIClient

    from tests.support.clubs import api_token

    staff = club_staff()
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {api_token(staff)}")
    assert api.post("/api/v1/seasons/", MARCH, format="json").status_code == 201
    taken = api.post("/api/v1/seasons/", {**MARCH, "slug": "mars-2", "starts_on": "2027-03-01",
                                          "ends_on": "2027-03-31"}, format="json")
    assert taken.status_code == 400 and "Une saison porte déjà ce nom." in str(taken.json()["errors"])
    assert api.patch("/api/v1/seasons/mars/", {"name": "Mars long"}, format="json").json()["name"] == "Mars long"
    assert api.delete("/api/v1/seasons/mars/").status_code == 204
    assert [(e.action, e.actor) for e in AuditLog.objects.order_by("pk")] == [
        ("season.create", staff), ("season.change", staff), ("season.delete", staff)]


def test_the_clubs_journal_tells_a_season_change_in_words(staff):
    season = _season()
    staff.post(f"{LIST}{season.pk}/", {**MARCH, "name": "Mars long"})
    html = text(staff.get("/club/gestion/journal/")).replace("</dt><dd>", " : ")
    assert "saison modifiée" in html and "Saison « Mars long »" in html and f'href="{LIST}"' in html
    assert "nom : Mars → Mars long" in html


def test_a_season_deleted_meanwhile_is_refused_on_change_and_deleted_once():
    from django.core.exceptions import ValidationError

    from rankings.services.seasons import season_change

    staff = club_staff()
    season = _season()
    season_remove(by=staff, season=season)
    season_remove(by=staff, season=season)  # a second click: nothing left to delete, nothing logged
    with pytest.raises(ValidationError, match="Cette saison vient d'être supprimée."):
        season_change(by=staff, season=season, name="Mars", slug="mars", starts_on=dt.date(2026, 3, 1),
                      ends_on=dt.date(2026, 3, 31))
    assert AuditLog.objects.filter(action="season.delete").count() == 1 and not Season.objects.exists()


def test_saving_a_season_unchanged_says_so(staff):
    season = _season()
    page = staff.post(f"{LIST}{season.pk}/", MARCH, follow=True)
    assert "Rien n&#x27;a changé." in text(page) and not AuditLog.objects.exists()


def test_an_english_reader_reads_the_seasons_in_english(staff):
    _season()
    staff.cookies["django_language"] = "en"
    page = text(staff.get(LIST))
    assert "A season is a period" in page and "no duel finished during the season" in page and "Saisons" not in page
    refused = staff.post(NEW, {**MARCH, "slug": "mars-2"})
    assert refused.status_code == 422 and "A season already has this name." in text(refused)
