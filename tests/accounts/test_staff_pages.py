"""The staff pages: reachable in the demo with its staff account, the site's 403 page for anyone else,
and the member CSV import from a staff page (the command's all-or-nothing check, each bad line shown)."""
import io
import re

import pytest
from django.contrib.auth import authenticate
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from accounts.models import Duellist
from tests.factories.duels import DuellistFactory
from tests.support.clubs import club_path

pytestmark = pytest.mark.django_db
HEADER = "forum_id,forum_name,joined_on,post_count,homework_year\n"


def staff_client() -> Client:
    call_command("demo", stdout=io.StringIO())
    client = Client()
    assert client.login(username="equipe", password="estrade-demo")
    return client


def test_the_demo_has_a_staff_account_that_reaches_every_staff_page():
    out = io.StringIO()
    call_command("demo", stdout=out)
    assert "equipe" in out.getvalue() and "operateur" in out.getvalue()
    staff = authenticate(username="equipe", password="estrade-demo")
    assert staff is not None and not staff.is_staff and not staff.is_superuser  # the club's staff, by membership
    client = Client()
    client.force_login(staff)
    index = client.get(reverse("staff"), follow=True).content.decode()  # the panel, its menu
    for path in ("/staff/demandes/", "/staff/roles/", "/staff/membres/", "/classement/recompenses/"):
        url = club_path(path)
        assert f'href="{url}"' in index
        assert client.get(url).status_code == 200, url
    assert f'href="{club_path("/gestion/")}"' in client.get(reverse("home")).content.decode()  # in the header
    assert client.get("/admin/").status_code == 302  # the platform operator's, not a club's staff

    operator = authenticate(username="operateur", password="estrade-demo")
    assert operator is not None and operator.is_superuser
    client.force_login(operator)
    assert client.get("/admin/").status_code == 200


def test_a_player_gets_the_site_403_page_not_the_admin_login():
    player = DuellistFactory().user
    client = Client()
    client.force_login(player)
    for url in map(club_path, ("/staff/", "/staff/demandes/", "/staff/roles/", "/staff/membres/",
                               "/classement/recompenses/")):
        response = client.get(url)
        assert response.status_code == 403, url
        assert "Administration de Django" not in response.content.decode()
    assert Client().get(club_path("/staff/membres/"))["Location"].startswith(reverse("login"))


def preview(client: Client, text: str):
    return client.post(reverse("members_import"), {"file": SimpleUploadedFile("membres.csv", text.encode())})


def upload(client: Client, text: str):
    """The page's two steps: the preview, then « Importer ce fichier » when the file is correct."""
    response = preview(client, text)
    token = re.search(r'name="confirm" value="([^"]+)"', response.content.decode())
    return client.post(reverse("members_import"), {"confirm": token.group(1)}) if token else response


def test_the_upload_imports_a_good_file():
    client = staff_client()
    response = upload(client, HEADER + "7001,Padma,2025-01-10,40,3\n7002,Parvati,2025-01-11,55,4\n")
    assert response.status_code == 200
    assert "2 créé(s)" in response.content.decode()
    assert set(Duellist.objects.filter(forum_id__in=[7001, 7002]).values_list("forum_name", flat=True)) == {
        "Padma", "Parvati"}


def test_one_bad_line_and_nothing_is_written_each_bad_line_reported():
    client = staff_client()
    response = upload(client, HEADER + "7001,Padma,2025-01-10,40,3\n7002,Parvati,demain,55,4\n7003,,2025-01-11,x,9\n")
    page = response.content.decode()
    assert response.status_code == 422 and "Rien n'a été importé" in page
    assert "<td>3</td>" in page and "joined_on" in page and "<td>4</td>" in page and "forum_name" in page
    assert not Duellist.objects.filter(forum_id__in=[7001, 7002, 7003]).exists()


def test_a_file_without_the_required_columns_is_refused_with_the_reason():
    client = staff_client()
    response = upload(client, "nom,age\nPadma,12\n")
    assert response.status_code == 422
    assert "colonnes obligatoires manquantes" in response.content.decode()
    assert "/tmp/" not in response.content.decode()  # the temporary copy's path is not shown


def test_the_upload_imports_the_file_itself_without_the_command_line(monkeypatch):
    import django.core.management

    def no_command(*args, **kwargs):
        raise AssertionError("the upload went through a management command")

    client = staff_client()
    monkeypatch.setattr(django.core.management, "call_command", no_command)
    monkeypatch.setattr("tempfile.NamedTemporaryFile", no_command)
    response = upload(client, HEADER + "7001,Padma,2025-01-10,40,3\n")
    assert response.status_code == 200 and "1 créé(s), 0 mis à jour, 0 inchangé(s)." in response.content.decode()
    response = upload(client, HEADER + "7001,Padma,2025-01-10,40,3\n")
    assert "0 créé(s), 0 mis à jour, 1 inchangé(s). Rien n&#x27;a changé." in response.content.decode()
