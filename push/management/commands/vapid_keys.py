"""`manage.py vapid_keys`: a new VAPID key pair for web push, as environment lines (docs/push.md)."""
from django.core.management.base import BaseCommand

from push.keys import key_pair_new


class Command(BaseCommand):
    help = "Print a new VAPID key pair for web push (VAPID_PRIVATE_KEY and VAPID_PUBLIC_KEY)."

    def handle(self, *args, **options):
        pair = key_pair_new()
        self.stdout.write(f"VAPID_PRIVATE_KEY={pair.private_key}\nVAPID_PUBLIC_KEY={pair.public_key}\n")
