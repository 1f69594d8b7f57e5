"""Staff API: PUT /api/v1/forum-members/{id}/ and POST /api/v1/forum-members/bulk/."""
import datetime as dt

import pytest
from rest_framework.test import APIClient

from accounts.api import views as accounts_api
from accounts.models import Duellist
from spells.models import MagicType
from tests.factories.accounts import DuellistFactory, UserFactory
from tests.support.clubs import api_token
from tests.support.permissions import club_staff

pytestmark = pytest.mark.django_db

GOOD = {
    "forum_name": "Luna",
    "joined_on": "2025-03-01",
    "post_count": 120,
    "homework_year": 5,
    "character_name": "Luna Lovegood",
    "rp_year": 4,
    "magic_types": ["soins"],
    "prodigium": True,
}


@pytest.fixture
def staff_client():
    user = club_staff(username="staff")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {api_token(user)}")
    return client


@pytest.fixture(autouse=True)
def soins(db):
    return MagicType.objects.create(slug="soins", name="Soins")


def test_staff_token_creates_then_updates_a_member(staff_client):
    response = staff_client.put("/api/v1/forum-members/12/", GOOD, format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["outcome"] == "created"
    luna = Duellist.objects.get(forum_id=12)
    assert luna.rp_year == 4 and luna.prodigium and list(luna.magic_types.values_list("slug", flat=True)) == ["soins"]
    again = staff_client.put("/api/v1/forum-members/12/", GOOD, format="json")
    assert again.status_code == 200 and again.json()["outcome"] == "unchanged"
    changed = staff_client.put("/api/v1/forum-members/12/", {**GOOD, "post_count": 130}, format="json")
    assert changed.json()["outcome"] == "updated"
    assert Duellist.objects.get(forum_id=12).forum_post_count == 130


@pytest.mark.parametrize(
    ("payload", "field", "fragment"),
    [
        ({**GOOD, "postcount": 3}, "postcount", "Champ inconnu"),
        ({**GOOD, "post_count": "beaucoup"}, "post_count", ""),
        ({**GOOD, "homework_year": 9}, "homework_year", ""),
        ({**GOOD, "joined_on": (dt.date.today() + dt.timedelta(days=2)).isoformat()}, "joined_on", "futur"),
        ({**GOOD, "magic_types": ["inconnu"]}, "magic_types", "inconnus"),
        ({k: v for k, v in GOOD.items() if k != "forum_name"}, "forum_name", ""),
    ],
)
def test_bad_input_is_400_with_the_field_and_nothing_written(staff_client, payload, field, fragment):
    response = staff_client.put("/api/v1/forum-members/12/", payload, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid" and body["message"] == "Données invalides."
    assert field in body["errors"] and fragment in " ".join(body["errors"][field])
    assert not Duellist.objects.exists()


def test_a_name_taken_by_another_member_is_a_field_error(staff_client):
    DuellistFactory(forum_id=99, forum_name="Luna")
    response = staff_client.put("/api/v1/forum-members/12/", GOOD, format="json")
    assert response.status_code == 400 and "forum_name" in response.json()["errors"]


@pytest.mark.parametrize("who", ["anonymous", "player"])
def test_writes_need_a_staff_token(who):
    client = APIClient()
    if who == "player":
        user = UserFactory(username="joueur")
        client.credentials(HTTP_AUTHORIZATION=f"Token {api_token(user)}")
    response = client.put("/api/v1/forum-members/12/", GOOD, format="json")
    assert response.status_code in (401, 403)
    assert response.json()["code"] in ("not_authenticated", "permission_denied")
    assert not Duellist.objects.exists()


def test_a_wrong_token_is_refused_in_french():
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token nope")
    response = client.put("/api/v1/forum-members/12/", GOOD, format="json")
    assert response.status_code == 401 and response.json() == {"code": "authentication_failed", "message": "Jeton invalide."}


def test_bulk_sync_is_all_or_nothing(staff_client):
    batch = [{**GOOD, "forum_id": 12}, {**GOOD, "forum_id": 13, "forum_name": "Neville", "rp_year": "quatre"}]
    response = staff_client.post("/api/v1/forum-members/bulk/", batch, format="json")
    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["1"] and "rp_year" in response.json()["errors"]["1"]
    assert not Duellist.objects.exists()
    batch[1]["rp_year"] = None
    response = staff_client.post("/api/v1/forum-members/bulk/", batch, format="json")
    assert response.status_code == 200 and response.json() == {"created": 2, "updated": 0, "unchanged": 0}
    assert Duellist.objects.get(forum_id=13).rp_year is None


def test_bulk_refuses_duplicates_and_non_lists(staff_client):
    duplicate = [{**GOOD, "forum_id": 12}, {**GOOD, "forum_id": 12}]
    assert staff_client.post("/api/v1/forum-members/bulk/", duplicate, format="json").status_code == 400
    assert staff_client.post("/api/v1/forum-members/bulk/", GOOD, format="json").status_code == 400
    assert not Duellist.objects.exists()


def test_malformed_json_is_a_json_error(staff_client):
    response = staff_client.generic("PUT", "/api/v1/forum-members/12/", "{not json", content_type="application/json")
    assert response.status_code == 400 and response.json()["code"] == "parse_error"


def test_schema_and_docs_are_served(client):
    schema = client.get("/api/schema/")
    assert schema.status_code == 200 and b"/api/v1/forum-members/{forum_id}/" in schema.content
    assert client.get("/api/docs/").status_code == 200


def test_bulk_names_the_member_whose_name_is_taken(staff_client):
    DuellistFactory(forum_id=99, forum_name="Neville")
    batch = [{**GOOD, "forum_id": 12}, {**GOOD, "forum_id": 13, "forum_name": "Neville"}]
    response = staff_client.post("/api/v1/forum-members/bulk/", batch, format="json")
    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["1"] and "forum_name" in response.json()["errors"]["1"]
    assert not Duellist.objects.filter(forum_id__in=[12, 13]).exists()


def test_bulk_batches_are_capped(staff_client, monkeypatch):
    monkeypatch.setattr(accounts_api, "MAX_BATCH", 2)
    batch = [{**GOOD, "forum_id": n, "forum_name": f"m{n}"} for n in (1, 2, 3)]
    response = staff_client.post("/api/v1/forum-members/bulk/", batch, format="json")
    assert response.status_code == 400 and "Au plus 2 membres" in response.json()["message"]
    assert not Duellist.objects.exists()
