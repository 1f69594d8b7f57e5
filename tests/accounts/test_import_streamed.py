"""The CSV import streams the file and writes it in bulk: a path, an upload (binary) or a text file;
a few queries per thousand rows; a line in error anywhere (even after thousands of rows already
written) and nothing is imported; the report names each line in error (the first thousand)."""
import io
import tracemalloc
from io import StringIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command

from accounts.models import Duellist
from accounts.services.forum_members import CHUNK_ROWS, MAX_REPORTED_PROBLEMS, forum_members_import
from spells.models import MagicType

pytestmark = pytest.mark.django_db
HEADER = "forum_id,forum_name,joined_on,post_count,homework_year,character_name,rp_year,magic_types,prodigium\n"


@pytest.fixture(autouse=True)
def magic_types(db):
    MagicType.objects.create(slug="malefices", name="Maléfices")
    MagicType.objects.create(slug="soins", name="Soins")


def rows(count: int, *, start: int = 1, posts: int = 60, types: str = "malefices|soins") -> str:
    return "".join(f"{n},Membre {n},2024-03-01,{posts},5,Perso {n},4,{types},non\n" for n in range(start, start + count))


def test_a_path_an_upload_and_a_text_file_import_the_same(tmp_path):
    path = tmp_path / "m.csv"
    path.write_text(HEADER + rows(3), encoding="utf-8")
    assert forum_members_import(str(path)).created == 3
    upload = SimpleUploadedFile("m.csv", (HEADER + rows(3, posts=70)).encode("utf-8-sig"), content_type="text/csv")
    report = forum_members_import(upload)
    assert (report.created, report.updated) == (0, 3) and not upload.closed
    report = forum_members_import(io.StringIO(HEADER + rows(3, posts=70, types="soins")))
    assert report.updated == 3
    member = Duellist.objects.get(forum_id=2)
    assert member.forum_post_count == 70 and list(member.magic_types.values_list("slug", flat=True)) == ["soins"]
    assert forum_members_import(io.StringIO(HEADER + rows(3, posts=70, types="soins"))).unchanged == 3


def test_thousands_of_rows_take_a_few_queries_a_chunk(django_assert_max_num_queries):
    count = 3 * CHUNK_ROWS
    with django_assert_max_num_queries(80):  # writing a row at a time takes six or more a row
        report = forum_members_import(io.StringIO(HEADER + rows(count)))
    assert report.created == count and Duellist.objects.count() == count
    assert Duellist.magic_types.through.objects.count() == 2 * count
    with django_assert_max_num_queries(80):
        report = forum_members_import(io.StringIO(HEADER + rows(count, posts=61, types="soins")))
    assert report.updated == count
    assert Duellist.magic_types.through.objects.count() == count


def test_a_bad_line_after_chunks_already_written_imports_nothing():
    text = HEADER + rows(2 * CHUNK_ROWS + 10) + "abc,Mauvais,2024-03-01,1,5,,,,\n"
    report = forum_members_import(io.StringIO(text))
    assert not report.imported and [problem[:2] for problem in report.problems] == [(2 * CHUNK_ROWS + 12, "forum_id")]
    assert report.created == 0 and not Duellist.objects.exists()


def test_the_report_names_the_first_thousand_lines_and_counts_the_rest(tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text(HEADER + "".join(f"{n},M{n},2024-03-01,1,9,,,,\n" for n in range(1, 1501)), encoding="utf-8")
    report = forum_members_import(path)
    assert report.problem_count == 1500 and len(report.problems) == MAX_REPORTED_PROBLEMS
    assert report.problems[0][0] == 2 and "homework_year" in report.problems[0][1]
    err = StringIO()
    with pytest.raises(CommandError, match="1500 ligne"):
        call_command("import_forum_members", str(path), stdout=StringIO(), stderr=err)
    assert "… et 500 autre(s) ligne(s) en erreur." in err.getvalue()


def test_names_passed_between_members_in_one_file_are_written_in_file_order():
    forum_members_import(io.StringIO(HEADER + "12,Luna,2024-03-01,1,5,,,,\n14,Ginny,2024-03-01,1,5,,,,\n"))
    report = forum_members_import(io.StringIO(HEADER + "12,Lovegood,2024-03-01,1,5,,,,\n14,Luna,2024-03-01,1,5,,,,\n"))
    assert report.updated == 2
    assert dict(Duellist.objects.values_list("forum_id", "forum_name")) == {12: "Lovegood", 14: "Luna"}


def test_memory_does_not_hold_the_file(tmp_path):
    """Streamed: the import's allocations peak well under what the file's rows as dicts would take."""
    path = tmp_path / "big.csv"
    path.write_text(HEADER + rows(10_000), encoding="utf-8")
    tracemalloc.start()
    try:
        report = forum_members_import(path)
        _current, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert report.created == 10_000
    # The rows as dicts, all at once, take over 30 times the file; the 10,000 profiles the import keeps
    # (each now with its club) take about 10 times.
    assert peak < 11 * path.stat().st_size, peak
