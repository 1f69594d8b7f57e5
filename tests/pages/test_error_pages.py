"""With DEBUG off, 400/403/404/500 are the site's own pages: its layout, French (English when chosen),
and a way back; the API keeps its JSON errors. This module is also the test URLconf (a view that fails)."""
import pytest
from django.core.exceptions import PermissionDenied, SuspiciousOperation
from django.test import Client
from django.urls import path
from django.urls import reverse as url_of

from config.urls import urlpatterns as site_patterns
from tests.factories.duels import DuellistFactory
from tests.support.clubs import club_path
from tests.support.duels import started_duel


def _boom(request):
    raise RuntimeError("a bug")


def _bad(request):
    raise SuspiciousOperation("malformed")


def _denied(request):
    raise PermissionDenied


urlpatterns = [path("essai/panne/", _boom), path("essai/requete/", _bad), path("essai/refus/", _denied),
               *site_patterns]
handler400 = "config.errors.bad_request"
handler403 = "config.errors.permission_denied"
handler404 = "config.errors.page_not_found"
handler500 = "config.errors.server_error"

pytestmark = [pytest.mark.django_db, pytest.mark.urls(__name__)]


@pytest.fixture(autouse=True)
def production(settings):
    settings.DEBUG = False


def get(client: Client, url: str):
    response = client.get(url)
    return response.status_code, response.content.decode()


def test_404_is_the_site_page_in_french_with_a_way_back(client):
    status, page = get(client, club_path("/nulle-part/"))
    assert status == 404
    assert "Page introuvable" in page and 'class="site-header"' in page and "Not Found" not in page
    assert f'href="{club_path("/")}"' in page and "Revenir à l'accueil" in page  # the club's home


def test_404_in_english_when_chosen(client):
    client.cookies["django_language"] = "en"
    status, page = get(client, club_path("/nulle-part/"))
    assert status == 404 and "Page not found" in page and "Back to the home page" in page
    assert "Page introuvable" not in page


def test_a_player_opening_a_referee_page_gets_the_site_403(client):
    duel, _referee, (a, _b) = started_duel()
    client.force_login(a.duellist.user)
    response = client.get(url_of("duels:adjudicate", args=[duel.pk]))
    page = response.content.decode()
    assert response.status_code == 403
    assert "Accès refusé" in page and "403 Forbidden" not in page and 'class="site-header"' in page
    assert "Revenir à mes duels" in page


def test_403_for_an_anonymous_visitor_offers_the_login(client):
    status, page = get(client, club_path("/essai/refus/"))
    assert status == 403 and "Se connecter" in page
    assert f'{club_path("/connexion/")}?next={club_path("/essai/refus/")}' in page


def test_400_is_the_site_page(client):
    status, page = get(client, club_path("/essai/requete/"))
    assert status == 400 and "Requête invalide" in page and "Bad Request" not in page


def test_500_is_the_site_page_without_the_database(client):
    client.raise_request_exception = False
    client.force_login(DuellistFactory().user)
    status, page = get(client, club_path("/essai/panne/"))
    assert status == 500 and "Erreur du serveur" in page and "Server Error" not in page
    assert 'href="/"' in page  # the site's root: the page is static (no database, no club) and "estrade.css" in page


def test_a_refused_csrf_check_is_the_site_page():
    client = Client(enforce_csrf_checks=True)
    response = client.post(url_of("login"), {"username": "x", "password": "y"})
    page = response.content.decode()
    assert response.status_code == 403 and "Le formulaire envoyé a expiré" in page and "CSRF verification" not in page


def test_the_api_keeps_its_json_errors(client):
    response = client.get("/api/v1/nulle-part/")
    assert response.status_code == 404 and response.json()["code"] == "not_found"
