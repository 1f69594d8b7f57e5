"""Management commands that act on one club's data (DESIGN.md "Clubs"): `--club <identifier>`, by default
the home club (the oldest), and the whole command runs inside `activate_club` of that club — its rows,
its addresses in the links it prints, its time zone.

    class Command(ClubCommand):
        def handle(self, *args, **options):
            ...  # self.club is the club; queries of club-owned models are scoped to it
"""
from django.core.management.base import BaseCommand, CommandError

from clubs.models import Club
from clubs.scoping import activate_club
from clubs.selectors import home_club


def club_from_option(slug: str | None) -> Club:
    """The club a command acts for: the one named by `--club`, else the home club. A CommandError says
    which clubs exist when the name is unknown (a typo must not fall back to another club)."""
    if slug is None:
        club = home_club()
        if club is None:
            raise CommandError("Aucun club : lancez d'abord « manage.py migrate » (il crée le premier club).")
        return club
    club = Club.objects.filter(slug=slug).first()
    if club is None:
        known = ", ".join(Club.objects.order_by("slug").values_list("slug", flat=True)) or "aucun"
        raise CommandError(f"Club inconnu : « {slug} » (clubs : {known}).")
    return club


class ClubCommand(BaseCommand):
    """A command of one club: adds `--club` and runs `handle` inside `activate_club(self.club)`."""

    club: Club

    def create_parser(self, prog_name, subcommand, **kwargs):
        parser = super().create_parser(prog_name, subcommand, **kwargs)
        parser.add_argument("--club", metavar="IDENTIFIANT",
                            help="Identifiant du club (dans ses adresses) ; par défaut le premier club.")
        return parser

    def execute(self, *args, **options):
        self.club = club_from_option(options.get("club"))
        with activate_club(self.club):
            return super().execute(*args, **options)
