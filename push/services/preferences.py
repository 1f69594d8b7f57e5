"""The member's push choices: which categories, and the quiet hours (read in the club's time zone: the
one active while a push is stored). No stored row means every category and no quiet hours."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone

from push.models import Category, PushPreference


@dataclass(frozen=True)
class Choices:
    categories: frozenset[str]
    quiet_start: dt.time | None = None
    quiet_end: dt.time | None = None


EVERYTHING = Choices(categories=frozenset(Category.values))


def _choices(row: PushPreference) -> Choices:
    return Choices(categories=frozenset(c for c in row.categories if c in Category.values),
                   quiet_start=row.quiet_start, quiet_end=row.quiet_end)


def preferences_for(*, user_ids: set[int]) -> dict[int, Choices]:
    """Each member's choices, in one query."""
    stored = {row.user_id: _choices(row) for row in PushPreference.objects.filter(user_id__in=user_ids)}
    return {user_id: stored.get(user_id, EVERYTHING) for user_id in user_ids}


def preference_of(user) -> Choices:
    return preferences_for(user_ids={user.pk})[user.pk]


@transaction.atomic
def preferences_set(*, user, categories: list[str], quiet_start: dt.time | None, quiet_end: dt.time | None) -> Choices:
    """Store the member's choices (unknown categories dropped; quiet hours both or neither)."""
    if quiet_start is None or quiet_end is None or quiet_start == quiet_end:
        quiet_start = quiet_end = None
    kept = [c for c in Category.values if c in set(categories)]
    PushPreference.objects.update_or_create(
        user=user, defaults={"categories": kept, "quiet_start": quiet_start, "quiet_end": quiet_end})
    return Choices(categories=frozenset(kept), quiet_start=quiet_start, quiet_end=quiet_end)


def quiet_until(choices: Choices, now: dt.datetime) -> dt.datetime | None:
    """When the quiet hours that hold `now` end (None when `now` is not in them). Hours in the active
    time zone; quiet hours may span midnight (22:00 → 07:30)."""
    start, end = choices.quiet_start, choices.quiet_end
    if start is None or end is None or start == end:
        return None
    local = timezone.localtime(now)
    moment = local.time().replace(tzinfo=None)
    inside = start <= moment < end if start < end else (moment >= start or moment < end)
    if not inside:
        return None
    ends = dt.datetime.combine(local.date(), end, tzinfo=local.tzinfo)
    if ends <= local:
        ends += dt.timedelta(days=1)
    return ends
