"""The spell catalogue is the site's, shared by every club: this command takes no `--club`."""
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from spells.catalog_format import DEFAULT_CATALOG_PATH, read_catalog_file
from spells.services import CatalogError, catalog_load


class Command(BaseCommand):
    help = ("Charge un catalogue de sorts (par défaut le catalogue livré) : tout le fichier est vérifié "
            "d'abord, rien n'est écrit s'il y a un problème ; puis types et sorts sont créés ou mis à jour.")

    def add_arguments(self, parser):
        parser.add_argument("--file", default=str(DEFAULT_CATALOG_PATH),
                            help="Fichier JSON du catalogue (défaut : spells/catalog/default.json).")

    def handle(self, *args, file, **options):
        try:
            data = read_catalog_file(file)
            result = catalog_load(data=data)
        except ValueError as error:
            raise CommandError(str(error)) from error
        except CatalogError as error:
            for problem in error.problems:
                self.stderr.write(f"- {problem}")
            raise CommandError(
                _("Catalogue refusé : %(count)s problème(s) dans %(file)s, rien n'a été écrit.")
                % {"count": len(error.problems), "file": file}
            ) from error
        self.stdout.write(str(result))
