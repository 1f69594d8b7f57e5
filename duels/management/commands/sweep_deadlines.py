"""One deadline sweep, now: expire the overdue windows (absence faults, automatic passes) and say what it did."""
from django.core.management.base import BaseCommand, CommandError

from duels.services import window_expire_overdue


class Command(BaseCommand):
    help = "Run the deadline sweep once (what Celery beat runs every minute) and print what it did."

    def handle(self, *args, **options):
        report = window_expire_overdue()
        self.stdout.write(f"Deadline sweep: {report.describe()}")
        if report.failed_windows:
            raise CommandError(f"{len(report.failed_windows)} window(s) failed (left open): {report.failed_windows}")
