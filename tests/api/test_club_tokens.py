"""API tokens are a club's: a key authenticates on its club's API (`/api/v1/clubs/<club>/…`, and `/api/v1/…`
for the home club's) and is refused on another club's with its own code; writes need the staff role in the
club of the URL. Django REST framework's old tokens became the home club's with the same key."""
import datetime as dt

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import ApiToken
from clubs.scoping import activate_club, scopes_disabled
from tests.factories.accounts import UserFactory
from tests.support.clubs import api_token, home_club, other_club
from tests.support.permissions import club_staff

pytestmark = pytest.mark.django_db


def client_with(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def test_a_token_serves_its_club_and_the_home_address_of_the_home_club():
    client = client_with(api_token(club_staff()))
    assert client.get("/api/v1/clubs/club/forum-members/5/").status_code == 404  # authenticated: looked up
    assert client.get("/api/v1/forum-members/5/").status_code == 404


def test_a_token_of_another_club_is_refused_with_its_code():
    b = other_club()
    with activate_club(b):
        key = api_token(club_staff(b))  # staff of B, with a token of B
    client = client_with(key)
    for path in ("/api/v1/clubs/club/forum-members/5/", "/api/v1/forum-members/5/", "/api/v1/clubs/club/duels/"):
        refused = client.get(path)
        assert refused.status_code == 401, path
        assert refused.json()["code"] == "token_other_club" and "Ilvermorny" in refused.json()["message"]
    assert client.get("/api/v1/clubs/ilvermorny/forum-members/5/").status_code == 404  # its own club


def test_an_unknown_key_and_a_deactivated_account_are_refused():
    assert client_with("nope").get("/api/v1/duels/").json()["code"] == "authentication_failed"
    user = club_staff()
    key = api_token(user)
    user.is_active = False
    user.save()
    assert client_with(key).get("/api/v1/duels/").status_code == 401


def test_writes_need_the_staff_role_in_the_club_of_the_token():
    player = client_with(api_token(UserFactory()))
    refused = player.put("/api/v1/forum-members/12/", {}, format="json")
    assert refused.status_code == 403 and refused.json()["code"] == "permission_denied"
    operator = client_with(api_token(UserFactory(is_staff=True)))  # the platform's flag: not the club's staff
    assert operator.put("/api/v1/forum-members/12/", {}, format="json").status_code == 403
    staff = client_with(api_token(club_staff()))
    assert staff.put("/api/v1/forum-members/12/", {}, format="json").status_code == 400  # allowed: body checked


def test_last_used_is_written_at_most_every_few_minutes():
    key = api_token(club_staff())
    client = client_with(key)
    client.get("/api/v1/duels/")
    first = ApiToken.objects.get(key=key).last_used
    assert first is not None
    client.get("/api/v1/duels/")
    assert ApiToken.objects.get(key=key).last_used == first
    ApiToken.objects.filter(key=key).update(last_used=timezone.now() - dt.timedelta(hours=1))
    client.get("/api/v1/duels/")
    assert ApiToken.objects.get(key=key).last_used > first - dt.timedelta(minutes=1)


@pytest.mark.django_db(transaction=True)
def test_the_migration_moves_drf_tokens_to_the_home_club_with_their_keys():
    from rest_framework.authtoken.models import Token

    executor = MigrationExecutor(connection)
    executor.migrate([("accounts", "0013_house_rules")])
    forum_script = UserFactory(username="script-du-forum")
    key = Token.objects.create(user=forum_script).key
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())

    with scopes_disabled():
        token = ApiToken.objects.get(user=forum_script)
    assert token.key == key and token.club == home_club()
    assert not Token.objects.exists()
    assert client_with(key).get("/api/v1/forum-members/5/").status_code == 403  # authenticated, not staff
