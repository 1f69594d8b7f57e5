"""python manage.py import_forum_members FILE.csv — upsert forum members by forum id.

Columns are documented in accounts/services/forum_members.py and the README. The file is streamed and
written in bulk by `forum_members_import` (the staff upload page uses it too): all or nothing.
"""
from django.core.management.base import CommandError

from accounts.services.forum_members import ImportFileError, forum_members_import
from clubs.commands import ClubCommand


class Command(ClubCommand):
    help = (
        "Importe ou met à jour les membres du forum depuis un fichier CSV (colonnes : voir le README). "
        "Tout ou rien : chaque ligne est vérifiée avant d'écrire ; une seule erreur et rien n'est importé."
    )

    def add_arguments(self, parser):
        parser.add_argument("file")

    def handle(self, *args, file, **options):
        try:
            report = forum_members_import(file, name=file)
        except ImportFileError as error:
            raise CommandError(str(error)) from error
        if not report.imported:
            for line, column, message in report.problems:  # one error a line of output, by its column
                self.stderr.write(f"Ligne {line} : {column} : {message}" if column else f"Ligne {line} : {message}")
            if report.hidden_problems():
                self.stderr.write(report.hidden_problems())
            raise CommandError(report.refusal())
        self.stdout.write(report.summary())
        for warning in report.warnings():  # an extra column's unknown values: imported all the same
            self.stderr.write(warning)
