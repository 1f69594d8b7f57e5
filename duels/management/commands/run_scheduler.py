"""The one-machine scheduler (no Redis): the jobs of settings.SCHEDULED_JOBS — the deadline sweep, the
reminders, the notices' e-mails left behind (an SMTP failure), webhook retries, the digest, pruning — on
a timer.

Every club's (no `--club`): each job finds its work in all clubs at once and acts for each row inside its
own club, as the Celery beat jobs do.

Calls the same services as the Celery beat jobs (the same list); both are idempotent and claim their work, so running
this next to a Celery beat (or twice) never processes anything twice. Errors are logged and the loop
goes on; the database connection is checked before each round.
"""
import logging
import time

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import close_old_connections, connection
from django.utils import timezone
from django.utils.module_loading import import_string

logger = logging.getLogger(__name__)



class Every:
    """A job run at most once every `seconds` (the first round runs it)."""

    class Skipped:
        def describe(self) -> str:
            return "no run due"

    def __init__(self, seconds: float, job):
        self.seconds, self.job, self.last = seconds, job, None

    def __call__(self):
        if self.last is not None and time.monotonic() - self.last < self.seconds:
            return self.Skipped()
        self.last = time.monotonic()
        return self.job()


def scheduler_jobs() -> tuple:
    """The jobs of one scheduler process, in the order of a round: settings.SCHEDULED_JOBS, the list
    Celery beat reads too (a job rarer than a round remembers its last run)."""
    return tuple((name, import_string(service) if every <= settings.SWEEP_SECONDS else Every(every, import_string(service)))
                 for name, _task, service, every in settings.SCHEDULED_JOBS)


def fresh_connections() -> None:
    """Drop connections the database closed or that aged out, as Django does around each request, so a
    database restart costs one round, not the loop. Never inside a transaction (a caller's or a test's)."""
    if not connection.in_atomic_block:
        close_old_connections()


class Command(BaseCommand):
    help = ("Enforce deadlines without Redis: run the deadline sweep, the reminders and the notices' e-mails "
            "every --interval seconds.")

    def add_arguments(self, parser):
        parser.add_argument("--interval", type=float, default=60.0, help="seconds between rounds (default 60)")
        parser.add_argument("--once", action="store_true", help="run one round and exit")

    def handle(self, *args, interval: float, once: bool, **options):
        if interval <= 0:
            raise CommandError("--interval must be positive.")
        chatty = once or options["verbosity"] >= 2
        self.jobs = scheduler_jobs()
        if not once:
            self.stdout.write(f"Scheduler: deadline sweep, reminders and e-mails every {interval:g} s (Ctrl-C to stop).")
        try:
            while True:
                started = time.monotonic()
                self.run_round(chatty=chatty)
                if once:
                    return
                time.sleep(max(0.0, interval - (time.monotonic() - started)))
        except KeyboardInterrupt:
            self.stdout.write("Scheduler stopped.")

    def run_round(self, *, chatty: bool) -> None:
        fresh_connections()
        stamp = f"{timezone.localtime():%Y-%m-%d %H:%M:%S}"
        for name, job in self.jobs:
            try:
                report = job()
            except Exception as error:  # noqa: BLE001 - the loop must survive; the next round retries
                logger.exception("%s failed", name)
                self.stderr.write(f"{stamp} {name}: ERROR {type(error).__name__}: {error}")
                fresh_connections()
                continue
            said = report.describe()
            if chatty or not said.startswith("no "):  # quiet rounds stay quiet next to runserver
                self.stdout.write(f"{stamp} {name}: {said}")
