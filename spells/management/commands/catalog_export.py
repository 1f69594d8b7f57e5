"""The spell catalogue is the site's, shared by every club: this command takes no `--club`."""
from pathlib import Path

from django.core.management.base import BaseCommand
from django.utils.translation import gettext as _

from spells.catalog_format import dumps_catalog
from spells.selectors import catalog_export_data


class Command(BaseCommand):
    help = "Exporte le catalogue de sorts au format de catalog_load (sur la sortie standard sans --file)."

    def add_arguments(self, parser):
        parser.add_argument("--file", help="Fichier JSON à écrire.")

    def handle(self, *args, file=None, **options):
        data = catalog_export_data()
        text = dumps_catalog(data)
        if file is None:
            self.stdout.write(text, ending="")
            return
        Path(file).write_text(text, encoding="utf-8")
        self.stdout.write(_("%(spells)s sort(s) et %(types)s type(s) de magie exportés vers %(file)s.")
                          % {"spells": len(data["spells"]), "types": len(data["magic_types"]), "file": file})
