"""The club's API tokens in its control panel (/<club>/gestion/jetons/): its staff issue one for themselves
or for another member (one per member and club), see the key once, list the club's tokens masked and revoke
them; a revoked key answers 401, a new one works on its club's API and not another's. Anyone else is
refused, another club's tokens are neither listed nor found; each issue and revocation is in the audit log,
without the key."""
import pytest
from django.core.exceptions import PermissionDenied
from rest_framework.test import APIClient

from accounts.models import ApiToken
from accounts.services.api_tokens import api_token_create, api_token_revoke
from audit.models import AuditLog
from clubs.scoping import activate_club, scopes_disabled
from tests.factories.accounts import UserFactory
from tests.support.clubs import api_token, club_cache_warmed, club_member, make_referee, other_club
from tests.support.permissions import club_staff
from tests.support.web import client_for, text

pytestmark = pytest.mark.django_db
LIST = "/club/gestion/jetons/"
NEW = LIST + "nouveau/"
SEASON = {"name": "Mars", "slug": "mars", "starts_on": "2026-03-01", "ends_on": "2026-03-31"}


def _api(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def _page(response) -> str:
    return text(response).replace("&#x27;", "'")


def test_a_staff_member_creates_their_token_and_sees_the_key_once():
    staff = club_staff(username="percy")
    browser = client_for(staff)
    created = browser.post(NEW, {"username": ""})
    token = ApiToken.objects.get()
    assert created.status_code == 200 and token.user == staff
    page = _page(created)
    assert token.key in page and "n'est affiché qu'ici" in page and "/api/v1/clubs/club/" in page
    assert "no-store" in created["Cache-Control"] and not created.cookies.get("messages")
    listed = _page(browser.get(LIST))
    assert token.key not in listed and f"{token.key[:4]}…" in listed and "percy" in listed and "jamais" in listed
    entry = AuditLog.objects.get(action="api_token.create")
    assert entry.actor == staff and entry.data["username"] == "percy"
    assert token.key not in str(entry.data) and entry.data["key"] == f"{token.key[:4]}…"
    again = browser.post(NEW, {"username": ""})
    assert again.status_code == 422 and "percy a déjà un jeton pour ce club" in _page(again)
    assert token.key not in _page(again) and ApiToken.objects.count() == 1


def test_the_new_key_works_on_its_clubs_api_and_not_on_another_clubs():
    other_club()
    client_for(club_staff()).post(NEW, {"username": ""})
    key = ApiToken.objects.get().key
    api = _api(key)
    assert api.post("/api/v1/clubs/club/seasons/", SEASON, format="json").status_code == 201  # a staff write
    refused = api.get("/api/v1/clubs/ilvermorny/seasons/")
    assert refused.status_code == 401 and refused.json()["code"] == "token_other_club"
    assert ApiToken.objects.get().last_used is not None  # the list's "last used"


def test_a_staff_member_creates_one_for_another_member_who_acts_with_their_own_roles():
    player = club_member(username="ginny")
    response = client_for(club_staff()).post(NEW, {"username": "ginny"})
    token = ApiToken.objects.get()
    assert response.status_code == 200 and token.user == player and token.key in text(response)
    assert _api(token.key).post("/api/v1/seasons/", SEASON, format="json").status_code == 403  # a player: no writes


@pytest.mark.parametrize(("username", "message"), [
    ("inconnu", "Aucun compte ne porte ce nom."),
    ("etranger", "etranger n'est pas un membre actif du club."),
    ("parti", "parti n'est pas un membre actif du club."),
    ("x" * 151, "au plus 150 caractères"),
])
def test_a_token_for_someone_who_is_not_an_active_member_is_refused(username, message):
    UserFactory(username="etranger")
    club_member(username="parti", is_active=False)
    response = client_for(club_staff()).post(NEW, {"username": username})
    assert response.status_code == 422 and message in _page(response)
    assert not ApiToken.objects.exists() and not AuditLog.objects.exists()


def test_revoking_asks_first_then_the_key_answers_401():
    staff = club_staff()
    key = api_token(club_member(username="ron"))
    token = ApiToken.objects.get(key=key)
    browser = client_for(staff)
    confirm = browser.get(f"{LIST}{token.pk}/revoquer/")
    assert confirm.status_code == 200 and "401" in _page(confirm) and key not in _page(confirm)
    assert _api(key).get("/api/v1/seasons/").status_code == 200  # asking revokes nothing
    assert browser.post(f"{LIST}{token.pk}/revoquer/").status_code == 302
    assert not ApiToken.objects.exists()
    answer = _api(key).get("/api/v1/seasons/")
    assert answer.status_code == 401 and answer.json()["code"] == "authentication_failed"
    entry = AuditLog.objects.get(action="api_token.revoke")
    assert entry.actor == staff and entry.data["username"] == "ron" and key not in str(entry.data)
    assert browser.post(NEW, {"username": "ron"}).status_code == 200  # a new one may be issued now


def test_the_owner_may_and_everyone_else_is_refused(client, club):
    key = api_token(club_member())
    token = ApiToken.objects.get(key=key)
    assert client_for(club_staff(owner=True)).get(LIST).status_code == 200
    referee = club_member()
    make_referee(referee)
    strangers = [referee, club_member(), UserFactory(), club_staff(other_club())]
    pages = [LIST, NEW, f"{LIST}{token.pk}/revoquer/"]
    for user in strangers:
        browser = client_for(user)
        for page in pages:
            assert browser.get(page).status_code == 403, (user, page)
            assert browser.post(page, {"username": ""}).status_code == 403, (user, page)
        with pytest.raises(PermissionDenied):
            api_token_revoke(by=user, token=token)
        with pytest.raises(PermissionDenied):
            api_token_create(by=user, user=user)
    for page in pages:
        response = client.get(page)
        assert response.status_code == 302 and "/connexion/" in response["Location"], page
    assert list(ApiToken.objects.all()) == [token] and not AuditLog.objects.exists()


def test_another_clubs_tokens_are_neither_listed_nor_found():
    elsewhere = other_club()
    with activate_club(elsewhere):
        theirs = ApiToken.objects.get(key=api_token(club_staff(elsewhere, username="bellatrix")))
    browser = client_for(club_staff())
    assert "bellatrix" not in text(browser.get(LIST)) and theirs.key[:4] not in text(browser.get(LIST))
    assert browser.get(f"{LIST}{theirs.pk}/revoquer/").status_code == 404
    assert browser.post(f"{LIST}{theirs.pk}/revoquer/").status_code == 404
    with scopes_disabled():
        assert ApiToken.objects.filter(pk=theirs.pk).exists()
    mine = browser.post(NEW, {"username": "bellatrix"})  # not a member here: no token of this club either
    assert mine.status_code == 422


def test_the_list_reads_a_fixed_number_of_queries(django_assert_max_num_queries):
    club_cache_warmed()
    browser = client_for(club_staff())
    for _ in range(10):
        api_token(club_member())
    browser.get(LIST)
    with django_assert_max_num_queries(5):  # session, user, membership, menu, tokens with their holders
        page = browser.get(LIST)
    assert text(page).count("data-token=") == 10


def test_the_clubs_journal_names_whose_token_and_never_shows_the_key():
    browser = client_for(club_staff())
    key = api_token(club_member(username="neville"))
    browser.post(f"{LIST}{ApiToken.objects.get(key=key).pk}/revoquer/")
    html = _page(browser.get("/club/gestion/journal/"))
    assert "jeton d'API révoqué" in html and "Jeton d'API de neville" in html and f'href="{LIST}"' in html
    assert key not in html and f"{key[:4]}…" in html


def test_an_english_reader_reads_the_tokens_in_english():
    browser = client_for(club_staff())
    browser.cookies["django_language"] = "en"
    created = browser.post(NEW, {"username": ""})
    assert "token is shown here only" in text(created) and "Back to the list of tokens" in text(created)
    assert "API tokens" in text(browser.get(LIST)) and "Jetons d" not in text(browser.get(LIST))
