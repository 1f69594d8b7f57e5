import datetime as dt
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from accounts.models import Duellist
from spells.models import MagicType

pytestmark = pytest.mark.django_db

HEADER = "forum_id,forum_name,joined_on,post_count,homework_year,character_name,rp_year,magic_types,prodigium\n"


def write(tmp_path, text: str, name="members.csv", encoding="utf-8"):
    path = tmp_path / name
    path.write_bytes(text.encode(encoding) if isinstance(text, str) else text)
    return str(path)


def run(path):
    out, err = StringIO(), StringIO()
    call_command("import_forum_members", path, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


@pytest.fixture
def magic_types(db):
    MagicType.objects.create(slug="malefices", name="Maléfices")
    MagicType.objects.create(slug="soins", name="Soins")


def test_good_file_imports_every_member(tmp_path, magic_types):
    path = write(
        tmp_path,
        HEADER
        + "12,Luna,2025-03-01,120,5,Luna Lovegood,4,malefices|soins,oui\n"
        + "13,Neville,01/02/2024,60,8,,,,non\n",
    )
    out, err = run(path)
    assert err == ""
    assert "2 créé(s)" in out
    luna = Duellist.objects.get(forum_id=12)
    assert luna.forum_joined_on == dt.date(2025, 3, 1)
    assert luna.rp_year == 4 and luna.homework_year == 5 and luna.prodigium is True
    assert set(luna.magic_types.values_list("slug", flat=True)) == {"malefices", "soins"}
    neville = Duellist.objects.get(forum_id=13)
    assert neville.rp_year is None and neville.character_name == "" and neville.prodigium is False


def test_second_run_changes_nothing_and_says_so(tmp_path, magic_types):
    path = write(tmp_path, HEADER + "12,Luna,2025-03-01,120,5,Luna Lovegood,4,malefices,oui\n")
    run(path)
    out, _ = run(path)
    assert "0 créé(s), 0 mis à jour, 1 inchangé(s)" in out
    assert "Rien n'a changé" in out


def test_changed_row_updates_by_forum_id(tmp_path, magic_types):
    run(write(tmp_path, HEADER + "12,Luna,2025-03-01,120,5,Luna Lovegood,4,malefices,oui\n"))
    out, _ = run(write(tmp_path, HEADER + "12,Luna,2025-03-01,150,5,Luna Lovegood,4,soins,oui\n", name="b.csv"))
    assert "1 mis à jour" in out
    luna = Duellist.objects.get(forum_id=12)
    assert luna.forum_post_count == 150
    assert list(luna.magic_types.values_list("slug", flat=True)) == ["soins"]
    assert Duellist.objects.count() == 1


def run_refused(path) -> str:
    err = StringIO()
    with pytest.raises(CommandError, match="rien n'a été importé"):
        call_command("import_forum_members", path, stdout=StringIO(), stderr=err)
    return err.getvalue()


def test_bad_rows_are_reported_with_line_numbers_and_nothing_is_imported(tmp_path, magic_types):
    future = (dt.date.today() + dt.timedelta(days=3)).isoformat()
    path = write(
        tmp_path,
        HEADER
        + "12,Luna,2025-03-01,120,5,,,,\n"  # line 2: good
        + "abc,Bad,2025-03-01,120,5,,,,\n"  # line 3: forum_id
        + f"14,Futur,{future},10,5,,,,\n"  # line 4: future date
        + "15,Nine,2025-03-01,10,9,,,,\n"  # line 5: homework year
        + "16,Types,2025-03-01,10,5,,,inconnu,\n"  # line 6: unknown magic type
        + "12,Luna bis,2025-03-01,120,5,,,,\n"  # line 7: duplicate forum id
        + "17,Neville,2025-03-01,-4,5,,,,peut-être\n",  # line 8: post count and prodigium
    )
    lines = run_refused(path).strip().splitlines()
    assert [line.split(" :")[0] for line in lines] == [f"Ligne {n}" for n in (3, 4, 5, 6, 7, 8, 8)]
    assert lines[0].startswith("Ligne 3 : forum_id : ")
    assert "futur" in lines[1]
    assert "homework_year" in lines[2]
    assert "inconnu" in lines[3]
    assert "déjà présent ligne 2" in lines[4]
    assert lines[5].startswith("Ligne 8 : post_count : ") and lines[6].startswith("Ligne 8 : prodigium : ")
    assert not Duellist.objects.exists()


@pytest.mark.parametrize("row, field", [
    ("13,{long},2025-03-01,10,5,,,,", "forum_name"),
    ("13,Neville,2025-03-01,10,5,{longer},,,", "character_name"),
    ("13,Neville,2025-03-01,3000000000,5,,,,", "post_count"),
    ("3000000000,Neville,2025-03-01,10,5,,,,", "forum_id"),
    ("99999999999999999999999,Neville,2025-03-01,10,5,,,,", "forum_id"),
    ("13,Neville,2025-03-01,+10,5,,,,", "post_count"),
    ("13,Neville,2025-03-01,1_000,5,,,,", "post_count"),
    ("١٣,Neville,2025-03-01,10,5,,,,", "forum_id"),
    ("13,Luna,2025-03-01,10,5,,,,", "Luna"),  # the name of line 2, on another id
])
def test_a_row_beyond_the_models_limits_refuses_the_whole_file(tmp_path, magic_types, row, field):
    """Before: a 101-character name or 3000000000 posts crashed on PostgreSQL after the rows before it
    were committed. Now every row is checked first; one bad row and nothing is written."""
    row = row.format(long="x" * 101, longer="y" * 151)
    path = write(tmp_path, HEADER + "12,Luna,2025-03-01,120,5,,,,\n" + row + "\n")
    err = run_refused(path)
    assert err.startswith("Ligne 3 :") and field in err
    assert not Duellist.objects.exists()


def test_a_name_held_by_another_member_refuses_the_whole_file(tmp_path, magic_types):
    run(write(tmp_path, HEADER + "12,Luna,2025-03-01,120,5,,,,\n"))
    err = run_refused(write(tmp_path, HEADER + "13,Neville,2025-03-01,10,5,,,,\n14,Luna,2025-03-01,1,5,,,,\n",
                            name="second.csv"))
    assert "Ligne 3" in err and "appartient déjà" in err
    assert list(Duellist.objects.values_list("forum_id", flat=True)) == [12]


def test_duplicate_header_columns_are_refused(tmp_path):
    path = write(tmp_path, HEADER.strip() + ",post_count\n12,Luna,2025-03-01,120,5,,,,,7\n")
    with pytest.raises(CommandError, match="colonnes en double : post_count"):
        run(path)
    assert not Duellist.objects.exists()


def test_missing_required_columns_is_refused_and_nothing_written(tmp_path):
    path = write(tmp_path, "forum_id,forum_name\n12,Luna\n")
    with pytest.raises(CommandError, match="colonnes obligatoires manquantes : joined_on, post_count, homework_year"):
        run(path)
    assert Duellist.objects.count() == 0


@pytest.mark.parametrize("content", [b"\x89PNG\r\n\x1a\n\x00\x00binary", b"", b'{"forum_id": 1}'])
def test_a_file_that_is_not_csv_is_refused(tmp_path, content):
    path = write(tmp_path, content, name="members.bin")
    with pytest.raises(CommandError):
        run(path)
    assert Duellist.objects.count() == 0


def test_semicolon_separated_file_from_a_spreadsheet_is_accepted(tmp_path):
    path = write(tmp_path, HEADER.replace(",", ";") + "12;Luna;2025-03-01;120;5;;;;\n", encoding="utf-8-sig")
    out, err = run(path)
    assert err == "" and "1 créé(s)" in out


def test_a_bad_date_names_both_formats_the_import_accepts(tmp_path, magic_types):
    path = write(tmp_path, HEADER + "14,Parvati,31/13/2024,80,5,,,,\n")
    err = run_refused(path)
    assert "« 31/13/2024 » n'est pas une date (AAAA-MM-JJ ou JJ/MM/AAAA)." in err
