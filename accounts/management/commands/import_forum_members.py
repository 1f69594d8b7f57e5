"""python manage.py import_forum_members FILE.csv — upsert forum members by forum id.

Columns are documented in accounts/forum_members.py and the README.
"""
import csv
import io

from django.core.management.base import BaseCommand, CommandError
from django.db import IntegrityError
from django.utils import timezone

from accounts.forum_members import OPTIONAL_COLUMNS, REQUIRED_COLUMNS, clean_member_row
from accounts.services import forum_member_upsert
from spells.models import MagicType


def read_rows(path: str) -> tuple[list[str], list[tuple[int, dict]]]:
    try:
        with open(path, encoding="utf-8-sig", newline="") as handle:
            text = handle.read()
    except FileNotFoundError as exc:
        raise CommandError(f"Fichier introuvable : {path}") from exc
    except UnicodeDecodeError as exc:
        raise CommandError(f"{path} n'est pas un fichier CSV (texte UTF-8 attendu).") from exc
    if "\x00" in text or not text.strip():
        raise CommandError(f"{path} n'est pas un fichier CSV (vide ou binaire).")
    first_line = text.splitlines()[0]
    delimiter = ";" if first_line.count(";") > first_line.count(",") else ","
    reader = csv.DictReader(io.StringIO(text), delimiter=delimiter)
    header = [name.strip() for name in (reader.fieldnames or [])]
    missing = [column for column in REQUIRED_COLUMNS if column not in header]
    if missing:
        raise CommandError(
            f"{path} : colonnes obligatoires manquantes : {', '.join(missing)} "
            f"(attendu : {', '.join(REQUIRED_COLUMNS)}; facultatif : {', '.join(OPTIONAL_COLUMNS)})."
        )
    reader.fieldnames = header
    rows = []
    try:
        for row in reader:
            rows.append((reader.line_num, row))
    except csv.Error as exc:
        raise CommandError(f"{path} : CSV illisible ligne {reader.line_num} : {exc}") from exc
    return header, rows


class Command(BaseCommand):
    help = "Importe ou met à jour les membres du forum depuis un fichier CSV (colonnes : voir le README)."

    def add_arguments(self, parser):
        parser.add_argument("file")

    def handle(self, *args, file, **options):
        _header, rows = read_rows(file)
        today = timezone.localdate()
        known_types = set(MagicType.objects.values_list("slug", flat=True))
        counts = {"created": 0, "updated": 0, "unchanged": 0, "errors": 0}
        seen_ids: dict[int, int] = {}
        for line, row in rows:
            if None in row:
                self.report(line, "trop de colonnes sur cette ligne.", counts)
                continue
            data, errors = clean_member_row(row, today=today, known_magic_types=known_types)
            if errors:
                self.report(line, " ; ".join(f"{field} : {msg}" for field, msg in errors.items()), counts)
                continue
            if data.forum_id in seen_ids:
                self.report(line, f"forum_id {data.forum_id} déjà présent ligne {seen_ids[data.forum_id]}.", counts)
                continue
            seen_ids[data.forum_id] = line
            try:
                counts[forum_member_upsert(data=data)] += 1
            except IntegrityError:
                self.report(line, f"le pseudo « {data.forum_name} » appartient déjà à un autre membre.", counts)
        summary = (
            f"{counts['created']} créé(s), {counts['updated']} mis à jour, "
            f"{counts['unchanged']} inchangé(s), {counts['errors']} ligne(s) en erreur."
        )
        if counts["created"] == counts["updated"] == 0 and counts["errors"] == 0:
            summary += " Rien n'a changé."
        self.stdout.write(summary)

    def report(self, line: int, message: str, counts: dict) -> None:
        counts["errors"] += 1
        self.stderr.write(f"Ligne {line} : {message}")
