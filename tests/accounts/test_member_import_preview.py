"""The member CSV import shows what it would do before it does it: the upload is checked and previewed
(nothing written), the staff confirm, and the import runs — checked again, all or nothing. Only the member
who previewed a file may confirm it, in the club where it was previewed."""
import re

import pytest
from django.core.cache import cache
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from accounts.models import Duellist
from audit.models import AuditLog
from clubs.scoping import activate_club
from tests.factories.duels import DuellistFactory
from tests.support.clubs import other_club
from tests.support.permissions import club_staff
from tests.support.web import client_for

pytestmark = pytest.mark.django_db
HEADER = "forum_id,forum_name,joined_on,post_count,homework_year,character_name\n"
GOOD = HEADER + "7001,Padma,2025-01-10,40,3,Padma Patil\n7002,Parvati,2025-01-11,55,4,\n"


def send(client, text: str):
    return client.post(reverse("members_import"), {"file": SimpleUploadedFile("membres.csv", text.encode())})


def token_of(response) -> str:
    return re.search(r'name="confirm" value="([^"]+)"', response.content.decode()).group(1)


def test_the_preview_says_what_the_import_would_do_and_writes_nothing():
    DuellistFactory(forum_id=7002, forum_name="Parvati", forum_post_count=10)
    response = send(client_for(club_staff()), GOOD)
    page = response.content.decode()
    assert response.status_code == 200 and 'data-import="preview"' in page
    assert "1 créé(s), 1 mis à jour, 0 inchangé(s)." in page
    assert "Padma Patil" in page and "<td data-label=\"forum_id\">7002</td>" in page  # the first rows
    assert not Duellist.objects.filter(forum_id=7001).exists()
    assert Duellist.objects.get(forum_id=7002).forum_post_count == 10


def test_confirming_imports_the_previewed_file_once():
    client = client_for(club_staff())
    token = token_of(send(client, GOOD))
    response = client.post(reverse("members_import"), {"confirm": token})
    assert response.status_code == 200 and 'data-import="done"' in response.content.decode()
    assert set(Duellist.objects.values_list("forum_name", flat=True)) >= {"Padma", "Parvati"}
    entry = AuditLog.objects.get(action="members.import")
    assert entry.data == {"file": "membres.csv", "created": 2, "updated": 0, "unchanged": 0}
    again = client.post(reverse("members_import"), {"confirm": token})
    assert again.status_code == 422 and "L'aperçu a expiré" in again.content.decode().replace("&#x27;", "'")


def test_a_bad_file_has_no_import_button_and_lists_its_lines():
    response = send(client_for(club_staff()), HEADER + "7001,Padma,2025-01-10,beaucoup,3,\n")
    page = response.content.decode()
    assert response.status_code == 422 and 'name="confirm"' not in page and 'data-line="2"' in page


def test_only_the_member_who_previewed_may_confirm_in_that_club():
    token = token_of(send(client_for(club_staff()), GOOD))
    other_staff = client_for(club_staff())
    assert other_staff.post(reverse("members_import"), {"confirm": token}).status_code == 422
    assert not Duellist.objects.filter(forum_id__in=[7001, 7002]).exists()


def test_a_token_from_another_club_confirms_nothing():
    club_b = other_club()
    staff = club_staff()
    token = token_of(send(client_for(staff), GOOD))
    with activate_club(club_b):
        url = reverse("members_import")
        from clubs.models import Membership
        Membership.objects.create(user=staff, club=club_b, is_staff=True)
    response = client_for(staff).post(url, {"confirm": token})
    assert response.status_code == 422
    assert not Duellist.objects.filter(forum_id__in=[7001, 7002]).exists()
    with activate_club(club_b):
        assert not Duellist.objects.filter(forum_id__in=[7001, 7002]).exists()


def test_the_import_checks_again_what_changed_since_the_preview():
    client = client_for(club_staff())
    token = token_of(send(client, GOOD))
    DuellistFactory(forum_id=9999, forum_name="Padma")  # the name is taken meanwhile
    response = client.post(reverse("members_import"), {"confirm": token})
    assert response.status_code == 422 and "appartient déjà à un autre membre" in response.content.decode()
    assert not Duellist.objects.filter(forum_id__in=[7001, 7002]).exists()


def test_an_expired_preview_asks_for_the_file_again():
    client = client_for(club_staff())
    token = token_of(send(client, GOOD))
    cache.clear()
    response = client.post(reverse("members_import"), {"confirm": token})
    assert response.status_code == 422 and "envoyez le fichier à nouveau" in response.content.decode()
    assert not Duellist.objects.filter(forum_id__in=[7001, 7002]).exists()
