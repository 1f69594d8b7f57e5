"""Parsing and validation of forum member data (CSV import; reused by the staff API).

CSV columns (header row required, UTF-8, comma or semicolon separated):

| column          | required | format                                                    |
|-----------------|----------|-----------------------------------------------------------|
| forum_id        | yes      | positive integer, the member's id on the forum            |
| forum_name      | yes      | the member's name on the forum                            |
| joined_on       | yes      | join date, YYYY-MM-DD or DD/MM/YYYY, not in the future    |
| post_count      | yes      | integer >= 0                                              |
| homework_year   | yes      | 1..8 (8 = adulte)                                          |
| character_name  | no       | the RP character                                          |
| rp_year         | no       | 1..8, empty when the character is not in the chronology   |
| magic_types     | no       | magic type slugs separated by "|" (e.g. "malefices|soins") |
| prodigium       | no       | oui/non, true/false, 1/0 (empty = non)                    |

And the columns apps add (accounts/import_extras.py), such as `maison` (the house cup: a house's name,
any case; an unknown name is a warning, not an error, and an empty one changes nothing).
"""
from __future__ import annotations

import csv
import dataclasses
import datetime as dt
import io
import itertools
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.import_extras import MAX_LENGTH as EXTRA_LENGTH
from accounts.import_extras import import_column_names, import_extras_apply, warnings_in_words
from accounts.models import Duellist
from accounts.services.members import ForumMemberData, forum_member_upsert
from accounts.services.members_bulk import members_bulk_upsert
from common.errors import RefusedError
from spells.models import MagicType

REQUIRED_COLUMNS = ("forum_id", "forum_name", "joined_on", "post_count", "homework_year")
OPTIONAL_COLUMNS = ("character_name", "rp_year", "magic_types", "prodigium")
# The model's limits (Duellist): checked on every row before anything is written.
MAX_INTEGER = 2**31 - 1  # PositiveIntegerField on PostgreSQL
MAX_LENGTHS = {"forum_name": 100, "character_name": 150}
INTEGER = re.compile(r"-?[0-9]+\Z")  # ASCII digits only: int() would also take "+5", "1_000" or "١٢"
TRUE_WORDS = {"oui", "true", "1", "yes", "vrai"}
FALSE_WORDS = {"non", "false", "0", "no", "faux", ""}


ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}\Z")


def parse_date(text: str) -> dt.date:
    if ISO_DATE.match(text):  # the common case, without strptime's cost (a tenth of a CSV row's)
        try:
            return dt.date.fromisoformat(text)
        except ValueError:
            raise ValueError from None
    for fmt in ("%Y-%m-%d", "%d/%m/%Y"):
        try:
            return dt.datetime.strptime(text, fmt).date()
        except ValueError:
            continue
    raise ValueError


def clean_member_row(
    row: dict[str, str], *, today: dt.date, known_magic_types: set[str]
) -> tuple[ForumMemberData | None, dict[str, str]]:
    """Validate one member's raw text fields. Returns (data, {}) or (None, {field: French message})."""
    errors: dict[str, str] = {}
    value = {key: (row.get(key) or "").strip() for key in REQUIRED_COLUMNS + OPTIONAL_COLUMNS}

    def integer(field: str, low: int, high: int | None, *, optional: bool = False) -> int | None:
        text = value[field]
        if text == "" and optional:
            return None
        if not INTEGER.match(text):
            errors[field] = _("« %(value)s » n'est pas un nombre entier.") % {"value": text[:40]}
            return None
        number = int(text)
        if number < low or (high is not None and number > high):
            errors[field] = (
                _("doit être entre %(low)d et %(high)d.") % {"low": low, "high": high}
                if high is not None
                else _("doit être au moins %(low)d.") % {"low": low}
            )
            return None
        return number

    forum_id = integer("forum_id", 1, MAX_INTEGER)
    if not value["forum_name"]:
        errors["forum_name"] = _("le pseudo forum est obligatoire.")
    for field, limit in MAX_LENGTHS.items():
        if len(value[field]) > limit:
            errors[field] = _("au plus %(max)d caractères (il y en a %(count)d).") % {
                "max": limit, "count": len(value[field])}
    joined_on = None
    try:
        joined_on = parse_date(value["joined_on"])
        if joined_on > today:
            errors["joined_on"] = _("la date d'inscription est dans le futur.")
    except ValueError:
        errors["joined_on"] = _("« %(value)s » n'est pas une date (AAAA-MM-JJ ou JJ/MM/AAAA).") % {"value": value["joined_on"]}
    post_count = integer("post_count", 0, MAX_INTEGER)
    homework_year = integer("homework_year", 1, 8)
    rp_year = integer("rp_year", 1, 8, optional=True)
    slugs = tuple(sorted({s.strip() for s in value["magic_types"].split("|") if s.strip()}))
    unknown = [s for s in slugs if s not in known_magic_types]
    if unknown:
        errors["magic_types"] = _("types de magie inconnus : %(slugs)s.") % {"slugs": ", ".join(unknown)}
    prodigium_text = value["prodigium"].lower()
    if prodigium_text not in TRUE_WORDS | FALSE_WORDS:
        errors["prodigium"] = _("« %(value)s » : attendu oui ou non.") % {"value": value["prodigium"]}
    if errors:
        return None, errors
    return (
        ForumMemberData(
            forum_id=forum_id,
            forum_name=value["forum_name"],
            forum_joined_on=joined_on,
            forum_post_count=post_count,
            character_name=value["character_name"],
            rp_year=rp_year,
            homework_year=homework_year,
            magic_type_slugs=slugs,
            prodigium=prodigium_text in TRUE_WORDS,
        ),
        {},
    )


# --- the CSV import: streamed, validated row by row, written in bulk, all or nothing ----------------
CHUNK_ROWS = 1000  # rows validated, then written, together (a few queries a chunk)
MAX_REPORTED_PROBLEMS = 1000  # lines reported one by one; beyond, only their number
SAMPLE_ROWS = 10  # the good rows a preview shows


class ImportFileError(RefusedError):
    """The file itself is refused (missing, not CSV, wrong header): nothing was written."""

    def __init__(self, message: str):
        super().__init__("import-file-refused", message)


@dataclass
class ImportReport:
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    # (line, column or "" for the whole line, French message): every error of the first lines in error,
    # one by one (a line may have several)
    problems: list[tuple[int, str, str]] = dataclasses.field(default_factory=list)
    problem_count: int = 0  # every line in error, reported or not
    reported_lines: int = 0
    sample: list[ForumMemberData] = dataclasses.field(default_factory=list)  # the first good rows (a preview)
    unknown: dict[str, list[str]] = dataclasses.field(default_factory=dict)  # extra columns' unknown values

    def warnings(self) -> list[str]:
        """What the extra columns did not know (the members are imported all the same)."""
        return warnings_in_words(self.unknown)

    @property
    def imported(self) -> bool:
        return self.problem_count == 0

    def refuse(self, line: int, errors: dict[str, str] | str) -> None:
        """`errors`: {column: message}, or one message about the whole line."""
        self.problem_count += 1
        if self.reported_lines < MAX_REPORTED_PROBLEMS:
            self.reported_lines += 1
            found = errors.items() if isinstance(errors, dict) else [("", errors)]
            self.problems.extend((line, column, message) for column, message in found)

    def summary(self) -> str:
        """What an import that went through did, in a sentence."""
        text = _("%(created)d créé(s), %(updated)d mis à jour, %(unchanged)d inchangé(s).") % {
            "created": self.created, "updated": self.updated, "unchanged": self.unchanged}
        if self.created == self.updated == 0:
            text += " " + _("Rien n'a changé.")
        return text

    def refusal(self) -> str:
        """Why nothing was written, in a sentence (the lines in error are in `problems`)."""
        return _("%(count)d ligne(s) en erreur : rien n'a été importé. Corrigez le fichier puis relancez.") % {
            "count": self.problem_count}

    def hidden_problems(self) -> str:
        """The lines in error beyond the reported ones, or ""."""
        hidden = self.problem_count - self.reported_lines
        return _("… et %(count)d autre(s) ligne(s) en erreur.") % {"count": hidden} if hidden else ""


class _Refused(Exception):
    """Rolls the import's transaction back once every line has been checked."""


def _text_lines(source, name: str) -> Iterator[str]:
    """The source's lines as text, read as they come: a path, a binary file (an upload) or a text file."""
    if isinstance(source, str | os.PathLike):
        try:
            handle = open(source, encoding="utf-8-sig", newline="")  # noqa: SIM115 - closed below
        except FileNotFoundError as error:
            raise ImportFileError(_("Fichier introuvable : %(name)s") % {"name": name}) from error
    elif isinstance(source.read(0), bytes):
        handle = io.TextIOWrapper(getattr(source, "file", source), encoding="utf-8-sig", newline="")
    else:
        handle = source
    try:
        for line in handle:
            if "\x00" in line:
                raise ImportFileError(_("%(name)s n'est pas un fichier CSV (vide ou binaire).") % {"name": name})
            yield line
    except UnicodeDecodeError as error:
        raise ImportFileError(_("%(name)s n'est pas un fichier CSV (texte UTF-8 attendu).") % {"name": name}) from error
    finally:
        if isinstance(source, str | os.PathLike):
            handle.close()
        elif handle is not source:
            handle.detach()  # the caller's file stays open


def _reader(lines: Iterator[str], name: str) -> csv.DictReader:
    first = next(lines, "")
    if not first.strip():
        raise ImportFileError(_("%(name)s n'est pas un fichier CSV (vide ou binaire).") % {"name": name})
    delimiter = ";" if first.count(";") > first.count(",") else ","
    reader = csv.DictReader(itertools.chain([first], lines), delimiter=delimiter)
    header = [column.strip() for column in (reader.fieldnames or [])]
    missing = [column for column in REQUIRED_COLUMNS if column not in header]
    if missing:
        raise ImportFileError(_(
            "%(name)s : colonnes obligatoires manquantes : %(missing)s (attendu : %(required)s ; "
            "facultatif : %(optional)s).") % {"name": name, "missing": ", ".join(missing),
                                              "required": ", ".join(REQUIRED_COLUMNS),
                                              "optional": ", ".join(OPTIONAL_COLUMNS)})
    duplicated = sorted({column for column in header if header.count(column) > 1})
    if duplicated:
        raise ImportFileError(_("%(name)s : colonnes en double : %(columns)s.") % {
            "name": name, "columns": ", ".join(duplicated)})
    reader.fieldnames = header
    return reader


def forum_members_import(source, *, name: str | None = None, today: dt.date | None = None,
                         dry_run: bool = False) -> ImportReport:
    """Import forum members from a CSV file: a path, or an open file (binary, as an upload, or text).

    The file is read row by row and written a chunk at a time, in one transaction: every row is checked
    (its fields, an id or a name twice in the file, a name held by another member), and a single line
    in error rolls everything back. The report says what was created, updated or left unchanged, or
    the lines in error (the first MAX_REPORTED_PROBLEMS, and how many there are). ImportFileError: the
    file itself is refused (nothing written). `dry_run`: the same import, rolled back at the end — its
    report says what the import would do (its counts and a sample of the rows) and writes nothing."""
    name = name or str(getattr(source, "name", source))
    today = today or timezone.localdate()
    report = ImportReport()
    type_ids = dict(MagicType.objects.values_list("slug", "pk"))
    known_types = set(type_ids)
    seen_ids: dict[int, int] = {}
    seen_names: dict[str, int] = {}
    reader = _reader(_text_lines(source, name), name)
    extras = [column for column in import_column_names() if column in reader.fieldnames]
    try:
        with transaction.atomic():
            chunk: list[tuple[int, ForumMemberData]] = []
            extra_values: dict[str, dict[int, str]] = {column: {} for column in extras}
            try:
                for row in reader:
                    line = reader.line_num
                    data = _checked_row(row, line, report, today, known_types, seen_ids, seen_names)
                    if data is not None:
                        chunk.append((line, data))
                        for column in extras:
                            extra_values[column][data.forum_id] = (row.get(column) or "").strip()[:EXTRA_LENGTH]
                        if len(report.sample) < SAMPLE_ROWS:
                            report.sample.append(data)
                    if len(chunk) >= CHUNK_ROWS:
                        _write_chunk(chunk, report, type_ids, seen_ids, extra_values)
                        chunk, extra_values = [], {column: {} for column in extras}
            except csv.Error as error:
                raise ImportFileError(_("%(name)s : CSV illisible ligne %(line)d : %(error)s") % {
                    "name": name, "line": reader.line_num, "error": error}) from error
            if chunk:
                _write_chunk(chunk, report, type_ids, seen_ids, extra_values)
            if not report.imported or dry_run:
                raise _Refused
    except _Refused:
        if not report.imported:
            report.created = report.updated = report.unchanged = 0
    return report


def _checked_row(row, line, report, today, known_types, seen_ids, seen_names) -> ForumMemberData | None:
    if None in row:
        report.refuse(line, _("trop de colonnes sur cette ligne."))
        return None
    data, errors = clean_member_row(row, today=today, known_magic_types=known_types)
    if errors:
        report.refuse(line, errors)
    elif data.forum_id in seen_ids:
        report.refuse(line, {"forum_id": _("forum_id %(id)d déjà présent ligne %(line)d.") % {
            "id": data.forum_id, "line": seen_ids[data.forum_id]}})
    elif data.forum_name in seen_names:
        report.refuse(line, {"forum_name": _("pseudo « %(name)s » déjà présent ligne %(line)d.") % {
            "name": data.forum_name, "line": seen_names[data.forum_name]}})
    else:
        seen_ids[data.forum_id], seen_names[data.forum_name] = line, line
        return data
    return None


def _write_chunk(chunk, report: ImportReport, type_ids: dict[str, int], seen_ids: dict[int, int],
                 extra_values: dict[str, dict[int, str]]) -> None:
    """Check the chunk's names against the members outside the file, then (while no line is in error)
    write it: one query for the existing members, one for their types, bulk inserts and updates."""
    owners = dict(Duellist.objects.filter(forum_name__in=[data.forum_name for _line, data in chunk])
                  .values_list("forum_name", "forum_id"))
    for line, data in chunk:
        owner = owners.get(data.forum_name, data.forum_id)
        if owner != data.forum_id and owner not in seen_ids:
            report.refuse(line, {"forum_name": _("le pseudo « %(name)s » appartient déjà à un autre membre.") % {
                "name": data.forum_name}})
    if not report.imported:
        return
    members = [data for _line, data in chunk]
    try:
        with transaction.atomic():
            counts = members_bulk_upsert(members, type_ids)
    except IntegrityError:  # names passed from member to member within the chunk: one at a time, in order
        counts = {"created": 0, "updated": 0, "unchanged": 0}
        try:
            with transaction.atomic():
                for data in members:
                    counts[forum_member_upsert(data=data)] += 1
        except IntegrityError as error:
            report.refuse(chunk[0][0], _("import annulé, un pseudo est déjà pris : %(error)s") % {"error": error})
            return
    report.created += counts["created"]
    report.updated += counts["updated"]
    report.unchanged += counts["unchanged"]
    for column, unknown in import_extras_apply(extra_values).items():
        report.unknown.setdefault(column, []).extend(unknown)
