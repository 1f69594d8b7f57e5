"""python manage.py import_forum_members FILE.csv — upsert forum members by forum id.

Columns are documented in accounts/services/forum_members.py and the README.
"""
import csv
import io

from django.core.management.base import BaseCommand, CommandError
from django.db import IntegrityError, transaction
from django.utils import timezone

from accounts.models import Duellist
from accounts.services.forum_members import OPTIONAL_COLUMNS, REQUIRED_COLUMNS, clean_member_row
from accounts.services.members import ForumMemberData, forum_member_upsert
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
    duplicated = sorted({name for name in header if header.count(name) > 1})
    if duplicated:
        raise CommandError(f"{path} : colonnes en double : {', '.join(duplicated)}.")
    reader.fieldnames = header
    rows = []
    try:
        for row in reader:
            rows.append((reader.line_num, row))
    except csv.Error as exc:
        raise CommandError(f"{path} : CSV illisible ligne {reader.line_num} : {exc}") from exc
    return header, rows


class Command(BaseCommand):
    help = (
        "Importe ou met à jour les membres du forum depuis un fichier CSV (colonnes : voir le README). "
        "Tout ou rien : chaque ligne est vérifiée avant d'écrire ; une seule erreur et rien n'est importé."
    )

    def add_arguments(self, parser):
        parser.add_argument("file")

    def handle(self, *args, file, **options):
        _header, rows = read_rows(file)
        members, problems = self.validate(rows)
        if not problems:
            problems = self.names_taken(members)
        if problems:
            for line, message in problems:
                self.stderr.write(f"Ligne {line} : {message}")
            raise CommandError(
                f"{len(problems)} ligne(s) en erreur : rien n'a été importé. Corrigez le fichier puis relancez."
            )
        counts = {"created": 0, "updated": 0, "unchanged": 0}
        try:
            with transaction.atomic():  # every row or none (a name taken meanwhile rolls all back)
                for _line, data in members:
                    counts[forum_member_upsert(data=data)] += 1
        except IntegrityError as exc:
            raise CommandError(f"Import annulé, rien n'a été écrit : {exc}") from exc
        summary = f"{counts['created']} créé(s), {counts['updated']} mis à jour, {counts['unchanged']} inchangé(s)."
        if counts["created"] == counts["updated"] == 0:
            summary += " Rien n'a changé."
        self.stdout.write(summary)

    @staticmethod
    def validate(rows) -> tuple[list[tuple[int, ForumMemberData]], list[tuple[int, str]]]:
        today = timezone.localdate()
        known_types = set(MagicType.objects.values_list("slug", flat=True))
        members, problems = [], []
        seen_ids: dict[int, int] = {}
        seen_names: dict[str, int] = {}
        for line, row in rows:
            if None in row:
                problems.append((line, "trop de colonnes sur cette ligne."))
                continue
            data, errors = clean_member_row(row, today=today, known_magic_types=known_types)
            if errors:
                problems.append((line, " ; ".join(f"{field} : {msg}" for field, msg in errors.items())))
            elif data.forum_id in seen_ids:
                problems.append((line, f"forum_id {data.forum_id} déjà présent ligne {seen_ids[data.forum_id]}."))
            elif data.forum_name in seen_names:
                problems.append((line, f"pseudo « {data.forum_name} » déjà présent ligne {seen_names[data.forum_name]}."))
            else:
                seen_ids[data.forum_id], seen_names[data.forum_name] = line, line
                members.append((line, data))
        return members, problems

    @staticmethod
    def names_taken(members) -> list[tuple[int, str]]:
        """Forum names the file gives to one id while another member (not renamed by the file) holds them."""
        renamed = {data.forum_id for _line, data in members}
        owners = dict(
            Duellist.objects.filter(forum_name__in=[data.forum_name for _line, data in members])
            .values_list("forum_name", "forum_id")
        )
        return [
            (line, f"le pseudo « {data.forum_name} » appartient déjà à un autre membre.")
            for line, data in members
            if owners.get(data.forum_name, data.forum_id) != data.forum_id
            and owners[data.forum_name] not in renamed
        ]
