"""python manage.py invitations [--all-pending | FORUM_ID ...] — invitation links and their PMs.

Prints, for each member, the ready-to-paste private message (BBCode) carrying a fresh single-use
link (a new link replaces the member's open one). Links use SITE_URL (or --base-url).
"""
from django.conf import settings
from django.core.management.base import CommandError

from accounts.services.invitations import invitation_pm_bbcode, invitations_for_pending_members
from clubs.commands import ClubCommand


class Command(ClubCommand):
    help = "Crée les liens d'invitation des membres sans compte et affiche leurs MP (BBCode)."

    def add_arguments(self, parser):
        parser.add_argument("forum_ids", nargs="*", type=int, metavar="FORUM_ID")
        parser.add_argument(
            "--all-pending", action="store_true",
            help="Tous les membres synchronisés sans compte ni lien en cours.",
        )
        parser.add_argument("--base-url", default=settings.SITE_URL, help="Début des liens (défaut : SITE_URL).")

    def handle(self, *args, forum_ids, all_pending, base_url, **options):
        if bool(forum_ids) == bool(all_pending):
            raise CommandError("Donnez des identifiants forum, ou --all-pending (l'un ou l'autre).")
        issued, skipped = invitations_for_pending_members(
            created_by=None, forum_ids=None if all_pending else forum_ids
        )
        for item in issued:
            member = item.invitation.duellist
            self.stdout.write(f"===== {member.forum_name} (forum {member.forum_id}) =====")
            self.stdout.write(invitation_pm_bbcode(issued=item, base_url=base_url))
            self.stdout.write("")
        for reason in skipped:
            self.stderr.write(f"Ignoré — {reason}")
        self.stdout.write(self.style.SUCCESS(f"{len(issued)} lien(s) créé(s), {len(skipped)} ignoré(s)."))
