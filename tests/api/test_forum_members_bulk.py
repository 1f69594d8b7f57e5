"""More bad input on the staff sync endpoints: per-field, per-item errors, nothing written."""
import datetime as dt

import pytest

from accounts.models import Duellist
from spells.models import MagicType

pytestmark = pytest.mark.django_db

GOOD = {"forum_name": "Luna", "joined_on": "2025-03-01", "post_count": 120, "homework_year": 5}


@pytest.fixture(autouse=True)
def soins(db):
    return MagicType.objects.create(slug="soins", name="Soins")


def test_bulk_reports_each_bad_item_by_index_and_field(staff):
    tomorrow = (dt.date.today() + dt.timedelta(days=1)).isoformat()
    batch = [
        {**GOOD, "forum_id": 1},
        {**GOOD, "forum_id": 2, "forum_name": "Neville", "postcount": 3},
        {**GOOD, "forum_id": 3, "forum_name": "Ginny", "joined_on": tomorrow},
        {**GOOD, "forum_id": 4, "forum_name": "Dean", "post_count": -1, "prodigium": "peut-être"},
        "pas un membre",
    ]
    response = staff.post("/api/v1/forum-members/bulk/", batch, format="json")
    assert response.status_code == 400
    errors = response.json()["errors"]
    assert set(errors) == {"1", "2", "3", "4"}
    assert errors["1"] == {"postcount": ["Champ inconnu."]}
    assert "futur" in errors["2"]["joined_on"][0]
    assert set(errors["3"]) == {"post_count", "prodigium"}
    assert "non_field_errors" in errors["4"]
    assert not Duellist.objects.exists()


def test_bulk_with_a_name_twice_writes_nothing(staff):
    batch = [{**GOOD, "forum_id": 1}, {**GOOD, "forum_id": 2}]  # same forum name, two members
    response = staff.post("/api/v1/forum-members/bulk/", batch, format="json")
    assert response.status_code == 400
    assert list(response.json()["errors"]) == ["1"] and "forum_name" in response.json()["errors"]["1"]
    assert not Duellist.objects.exists()


def test_a_synced_rename_shows_in_the_rankings_at_once(staff, anonymous):
    from tests.support.rankings import at, finished_duel

    staff.put("/api/v1/forum-members/1/", GOOD, format="json")
    staff.put("/api/v1/forum-members/2/", {**GOOD, "forum_name": "Neville"}, format="json")
    luna, neville = Duellist.objects.get(forum_id=1), Duellist.objects.get(forum_id=2)
    finished_duel([luna], [neville], when=at(1))
    assert anonymous.get("/api/v1/rankings/").json()["results"][0]["forum_name"] == "Luna"
    staff.put("/api/v1/forum-members/1/", {**GOOD, "forum_name": "Luna Lovegood"}, format="json")
    assert anonymous.get("/api/v1/rankings/").json()["results"][0]["forum_name"] == "Luna Lovegood"
