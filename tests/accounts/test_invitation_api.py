"""Staff API: POST /api/v1/forum-members/<id>/invitation/ makes a link and its BBCode PM."""
import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from accounts.models import Invitation
from tests.factories.accounts import DuellistFactory, UserFactory
from tests.support.clubs import api_token, club_path
from tests.support.permissions import club_staff

pytestmark = pytest.mark.django_db


def token_client(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {api_token(user)}")
    return client


@pytest.fixture
def staff():
    return token_client(club_staff(username="staff-api"))


def url(forum_id):
    return reverse("forum-member-invitation", kwargs={"forum_id": forum_id})


def test_staff_get_a_link_and_the_pm(staff):
    DuellistFactory(user=None, forum_name="Seamus", forum_id=42)
    response = staff.post(url(42), {}, format="json")
    assert response.status_code == 201
    body = response.json()
    assert body["url"].startswith("http://localhost:8000" + club_path("/invitation/"))  # SITE_URL
    assert f"[url={body['url']}]" in body["pm_bbcode"] and "Voici ton lien" in body["pm_bbcode"]
    assert body["purpose"] == "activation"
    again = staff.post(url(42), format="json").json()
    assert again["url"] != body["url"]
    assert Invitation.objects.filter(revoked_at__isnull=True, used_at__isnull=True).count() == 1


def test_errors_are_json_with_code_and_message(staff):
    DuellistFactory(user__username="dean", forum_id=43)
    unknown = staff.post(url(999), {}, format="json")
    assert unknown.status_code == 404 and unknown.json()["code"] == "not_found"
    has_account = staff.post(url(43), {}, format="json")
    assert has_account.status_code == 409
    assert has_account.json() == {"code": "has_account", "message": has_account.json()["message"]}
    assert "déjà un compte" in has_account.json()["message"]
    typo = staff.post(url(43), {"purpose": "nope"}, format="json")
    assert typo.status_code == 400 and typo.json()["code"] == "invalid"


def test_reset_link_for_a_member_with_an_account(staff):
    DuellistFactory(user__username="dean", forum_id=43)
    response = staff.post(url(43), {"purpose": "password_reset"}, format="json")
    assert response.status_code == 201 and "nouveau mot de passe" in response.json()["pm_bbcode"]


def test_players_and_anonymous_are_refused():
    DuellistFactory(user=None, forum_id=44)
    player = token_client(UserFactory(username="joueur"))
    assert player.post(url(44), format="json").json()["code"] == "permission_denied"
    assert APIClient().post(url(44), format="json").status_code == 401
    assert not Invitation.objects.exists()
