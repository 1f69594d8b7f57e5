"""Loads a catalogue file into the default catalogue (shared by the clubs without their own copy), or with
`--club` into that club's own copy (made from the default on its first load)."""
from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from clubs.commands import club_from_option
from spells.catalog_format import DEFAULT_CATALOG_PATH, read_catalog_file
from spells.services import CatalogError, catalog_load


class Command(BaseCommand):
    help = ("Charge un catalogue de sorts (par défaut le catalogue livré) : tout le fichier est vérifié "
            "d'abord, rien n'est écrit s'il y a un problème ; puis types et sorts sont créés ou mis à jour. "
            "Sans --club : le catalogue par défaut ; avec --club : la copie de ce club.")

    def add_arguments(self, parser):
        parser.add_argument("--file", default=str(DEFAULT_CATALOG_PATH),
                            help="Fichier JSON du catalogue (défaut : spells/catalog/default.json).")
        parser.add_argument("--club", metavar="IDENTIFIANT",
                            help="Charger dans la copie du catalogue de ce club (faite d'après le catalogue par "
                                 "défaut au premier chargement) ; sans --club : le catalogue par défaut.")

    def handle(self, *args, file, club=None, **options):
        target = club_from_option(club) if club else None
        try:
            data = read_catalog_file(file)
            result = catalog_load(data=data, club=target)
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
