"""A new club gets the four houses (clubs import nothing from the cup: it listens to their saves)."""
from __future__ import annotations

from django.db.models.signals import post_save

from clubs.models import Club
from cup.services.houses import default_houses_create


def _club_saved(sender, instance, created, raw=False, **kwargs) -> None:
    if created and not raw:
        default_houses_create(instance)


def connect() -> None:
    post_save.connect(_club_saved, sender=Club, dispatch_uid="cup-default-houses")
