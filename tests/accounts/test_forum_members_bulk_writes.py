"""The staff API's bulk sync writes its batch in a few statements (the members' validation aside), with
the same counts and the same all-or-nothing answer as one member at a time."""
import pytest
from rest_framework.test import APIClient

from accounts.models import Duellist
from spells.models import MagicType
from tests.support.clubs import api_token
from tests.support.permissions import club_staff

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def soins(db):
    return MagicType.objects.create(slug="soins", name="Soins")


@pytest.fixture
def staff_client():
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {api_token(club_staff())}")
    return client


def batch(count: int, posts: int = 60) -> list[dict]:
    return [{"forum_id": n, "forum_name": f"Membre {n}", "joined_on": "2024-03-01", "post_count": posts,
             "homework_year": 5, "magic_types": ["soins"]} for n in range(1, count + 1)]


def test_a_thousand_members_in_a_few_write_statements(staff_client, django_assert_max_num_queries):
    url = "/api/v1/forum-members/bulk/"
    with django_assert_max_num_queries(1000 + 40):  # the serializers check each member's magic types
        response = staff_client.post(url, batch(1000), format="json")
    assert response.json() == {"created": 1000, "updated": 0, "unchanged": 0}
    assert staff_client.post(url, batch(1000), format="json").json() == {"created": 0, "updated": 0, "unchanged": 1000}
    assert staff_client.post(url, batch(1000, posts=61), format="json").json()["updated"] == 1000
    assert set(Duellist.objects.values_list("forum_post_count", flat=True)) == {61}
    assert Duellist.magic_types.through.objects.count() == 1000


def test_a_name_given_twice_in_a_batch_names_the_second_member(staff_client):
    members = batch(3)
    members[2]["forum_name"] = "Membre 1"
    response = staff_client.post("/api/v1/forum-members/bulk/", members, format="json")
    assert response.status_code == 400 and list(response.json()["errors"]) == ["2"]
    assert not Duellist.objects.exists()
