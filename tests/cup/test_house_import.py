"""The member imports set the members' houses: an optional column « maison » in the CSV (the staff page and
the command) and a field « maison » in the staff API's forum members, by the house's name in any case.
An unknown name is a warning, never an error (the members are imported all the same); an empty one
changes nothing. accounts knows nothing of the cup: the column is registered (accounts/import_extras.py)."""
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from rest_framework.test import APIClient

from accounts.import_extras import import_column_names
from accounts.models import Duellist
from accounts.services.forum_members import forum_members_import
from cup.models import HouseMember
from cup.services.house_import import house_members_import
from tests.cup.support import put
from tests.factories.accounts import DuellistFactory
from tests.support.clubs import api_token
from tests.support.permissions import club_staff
from tests.support.web import client_for, text

pytestmark = pytest.mark.django_db
HEADER = "forum_id,forum_name,joined_on,post_count,homework_year,maison\n"
ROWS = ("7001,Padma,2025-01-10,40,3,serdaigle\n7002,Parvati,2025-01-11,55,4, Gryffondor \n"
        "7003,Neville,2025-01-12,20,4,Gryfondor\n7004,Luna,2025-01-12,20,4,\n7005,Cho,2025-01-12,20,4,Gryfondor\n")


def houses_of() -> dict[str, str]:
    return dict(HouseMember.objects.values_list("duellist__forum_name", "house__name"))


def test_the_cup_registers_its_column():
    assert "maison" in import_column_names()


def test_the_csv_puts_members_in_their_houses_and_warns_of_unknown_names():
    report = forum_members_import(io.StringIO(HEADER + ROWS), name="membres.csv")
    assert report.imported and report.created == 5
    assert houses_of() == {"Padma": "Serdaigle", "Parvati": "Gryffondor"}
    assert report.warnings() == ["Colonne « maison » : « Gryfondor » est inconnu (2 membre(s)), laissé de côté."]


def test_an_empty_or_missing_house_changes_nothing_and_a_new_name_moves_the_member():
    luna = DuellistFactory(forum_id=7004, forum_name="Luna")
    put(luna, "Serdaigle")
    forum_members_import(io.StringIO(HEADER + ROWS), name="membres.csv")
    assert houses_of()["Luna"] == "Serdaigle"  # empty: unchanged
    forum_members_import(io.StringIO("forum_id,forum_name,joined_on,post_count,homework_year\n"
                                     "7004,Luna,2025-01-12,20,4\n"), name="sans-maison.csv")
    assert houses_of()["Luna"] == "Serdaigle"  # no column: unchanged
    forum_members_import(io.StringIO(HEADER + "7004,Luna,2025-01-12,20,4,Poufsouffle\n"), name="m.csv")
    assert houses_of()["Luna"] == "Poufsouffle" and HouseMember.objects.filter(duellist=luna).count() == 1


def test_a_refused_file_sets_no_house():
    report = forum_members_import(io.StringIO(HEADER + ROWS + "oops,X,2025-01-12,20,4,Serpentard\n"), name="m.csv")
    assert not report.imported and not HouseMember.objects.exists() and not Duellist.objects.exists()


def test_the_staff_page_previews_the_warnings_writes_nothing_then_imports():
    client = client_for(club_staff())
    assert "Aussi facultatives : maison" in text(client.get(reverse("members_import")))
    preview = client.post(reverse("members_import"),
                          {"file": SimpleUploadedFile("membres.csv", (HEADER + ROWS).encode())})
    assert 'data-import="warnings"' in text(preview) and "« Gryfondor » est inconnu (2 membre(s))" in text(preview)
    assert not HouseMember.objects.exists() and not Duellist.objects.exists()
    token = preview.context["report"].token
    done = client.post(reverse("members_import"), {"confirm": token})
    assert 'data-import="done"' in text(done) and "« Gryfondor » est inconnu" in text(done)
    assert houses_of() == {"Padma": "Serdaigle", "Parvati": "Gryffondor"}


@pytest.fixture
def api():
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {api_token(club_staff(username='staff'))}")
    return client


MEMBER = {"forum_name": "Luna", "joined_on": "2025-03-01", "post_count": 120, "homework_year": 5}


def test_the_api_sets_the_house_and_warns_of_an_unknown_one(api):
    response = api.put("/api/v1/forum-members/12/", {**MEMBER, "maison": "SERDAIGLE"}, format="json")
    assert response.status_code == 201 and "warnings" not in response.json()
    assert houses_of() == {"Luna": "Serdaigle"}
    unknown = api.put("/api/v1/forum-members/12/", {**MEMBER, "maison": "Durmstrang"}, format="json")
    assert unknown.status_code == 200
    assert unknown.json()["warnings"] == ["Colonne « maison » : « Durmstrang » est inconnu (1 membre(s)), laissé de côté."]
    assert houses_of() == {"Luna": "Serdaigle"}


def test_the_api_bulk_sets_the_houses(api):
    batch = [{**MEMBER, "forum_id": 12, "maison": "Poufsouffle"},
             {**MEMBER, "forum_id": 13, "forum_name": "Ginny", "maison": "gryffondor"},
             {**MEMBER, "forum_id": 14, "forum_name": "Cho", "maison": "Durmstrang"},
             {**MEMBER, "forum_id": 15, "forum_name": "Dean"}]
    response = api.post("/api/v1/forum-members/bulk/", batch, format="json")
    assert response.status_code == 200 and response.json()["created"] == 4
    assert response.json()["warnings"] == ["Colonne « maison » : « Durmstrang » est inconnu (1 membre(s)), laissé de côté."]
    assert houses_of() == {"Luna": "Poufsouffle", "Ginny": "Gryffondor"}


def test_a_too_long_house_is_a_400_and_nothing_is_written(api):
    response = api.put("/api/v1/forum-members/12/", {**MEMBER, "maison": "x" * 101}, format="json")
    assert response.status_code == 400 and "maison" in response.json()["errors"]
    assert not Duellist.objects.exists()


def import_queries(count: int) -> int:
    members = [DuellistFactory() for _ in range(count)]
    with CaptureQueriesContext(connection) as queries:
        house_members_import({m.forum_id: ("Serpentard" if i % 2 else "Serdaigle") for i, m in enumerate(members)})
    assert HouseMember.objects.filter(duellist__in=members).count() == count
    return len(queries)


def test_a_chunks_houses_are_set_in_a_few_statements_whatever_its_size():
    assert import_queries(3) == import_queries(60)


def test_the_command_prints_the_warnings(tmp_path):
    from django.core.management import call_command

    path = tmp_path / "membres.csv"
    path.write_text(HEADER + ROWS, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    call_command("import_forum_members", str(path), stdout=out, stderr=err)
    assert "5 créé(s)" in out.getvalue() and "« Gryfondor » est inconnu (2 membre(s))" in err.getvalue()
    assert houses_of() == {"Padma": "Serdaigle", "Parvati": "Gryffondor"}
