"""Writes the default catalogue, or with `--club` the one that club reads (its copy, else the default)."""
from pathlib import Path

from django.core.management.base import BaseCommand
from django.utils.translation import gettext as _

from clubs.commands import club_from_option
from spells.catalog_format import dumps_catalog
from spells.selectors import catalog_export_data


class Command(BaseCommand):
    help = ("Exporte le catalogue de sorts au format de catalog_load (sur la sortie standard sans --file) : "
            "le catalogue par défaut, ou avec --club celui que lit ce club.")

    def add_arguments(self, parser):
        parser.add_argument("--file", help="Fichier JSON à écrire.")
        parser.add_argument("--club", metavar="IDENTIFIANT",
                            help="Le catalogue de ce club (sa copie, sinon le catalogue par défaut).")

    def handle(self, *args, file=None, club=None, **options):
        data = catalog_export_data(club=club_from_option(club) if club else None)
        text = dumps_catalog(data)
        if file is None:
            self.stdout.write(text, ending="")
            return
        Path(file).write_text(text, encoding="utf-8")
        self.stdout.write(_("%(spells)s sort(s) et %(types)s type(s) de magie exportés vers %(file)s.")
                          % {"spells": len(data["spells"]), "types": len(data["magic_types"]), "file": file})
