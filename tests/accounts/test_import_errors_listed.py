"""The member CSV import lists its errors one by one, each by its line and column: a line with two wrong
fields gives two rows on the staff page and two lines from the command, never one sentence joined
with « ; »."""
import html
import re
from io import StringIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse

from accounts.models import Duellist
from tests.factories.accounts import UserFactory
from tests.support.web import client_for

pytestmark = pytest.mark.django_db
HEADER = "forum_id,forum_name,joined_on,post_count,homework_year\n"
FILE = (HEADER + "7001,Padma,2025-01-10,40,3\n"
        + "7002,Parvati,2025-01-11,beaucoup,9\n"  # line 3: post_count and homework_year
        + "7001,Padma bis,2025-01-12,4,3\n")  # line 4: the forum_id of line 2


def rows(page: str) -> list[list[str]]:
    body = re.search(r"<tbody>(.*?)</tbody>", page, re.S).group(1)
    return [[html.unescape(re.sub(r"<[^>]+>", "", cell)).strip() for cell in re.findall(r"<td>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]


def test_the_staff_page_shows_one_error_a_row_with_its_column():
    staff = UserFactory(is_staff=True, is_superuser=True)
    response = client_for(staff).post(reverse("members_import"),
                                      {"file": SimpleUploadedFile("membres.csv", FILE.encode())})
    page = response.content.decode()
    assert response.status_code == 422 and "Rien n'a été importé" in html.unescape(page)
    table = rows(page)
    assert [row[:2] for row in table] == [["3", "post_count"], ["3", "homework_year"], ["4", "forum_id"]]
    assert table[0][2] == "« beaucoup » n'est pas un nombre entier."
    assert table[1][2] == "doit être entre 1 et 8."
    assert "déjà présent ligne 2" in table[2][2]
    assert not any(" ; " in cell for row in table for cell in row)
    assert "2 ligne(s) en erreur" in page  # lines are still counted as lines
    assert not Duellist.objects.filter(forum_id__in=[7001, 7002]).exists()


def test_the_command_writes_one_error_a_line_with_its_column(tmp_path):
    path = tmp_path / "membres.csv"
    path.write_text(FILE, encoding="utf-8")
    err = StringIO()
    with pytest.raises(CommandError, match="2 ligne"):
        call_command("import_forum_members", str(path), stdout=StringIO(), stderr=err)
    assert err.getvalue().splitlines() == [
        "Ligne 3 : post_count : « beaucoup » n'est pas un nombre entier.",
        "Ligne 3 : homework_year : doit être entre 1 et 8.",
        "Ligne 4 : forum_id : forum_id 7001 déjà présent ligne 2.",
    ]
