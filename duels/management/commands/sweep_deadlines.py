"""One deadline sweep, now: expire the overdue windows (absence faults, automatic passes) and say what it did.

Every club's, as the Celery beat job does (no `--club`): the sweep finds what is due in all clubs at once
and acts for each window inside its own club (duels/services/deadlines.py)."""
from django.core.management.base import BaseCommand, CommandError

from duels.services import window_expire_overdue


class Command(BaseCommand):
    help = ("Run the deadline sweep once for every club (what Celery beat runs every minute) and print what it "
            "did.")

    def handle(self, *args, **options):
        report = window_expire_overdue()
        self.stdout.write(f"Deadline sweep: {report.describe()}")
        if report.failed_windows:
            raise CommandError(f"{len(report.failed_windows)} window(s) failed (left open): {report.failed_windows}")
