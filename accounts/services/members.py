"""Account services: eligibility (RULES.md §1.1) and forum member upserts."""
from __future__ import annotations

import calendar
import datetime as dt
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import Duellist
from spells.models import MagicType

MIN_FORUM_POSTS = 50


def add_one_calendar_month(day: dt.date) -> dt.date:
    """Same day next month, clamped to the month's last day (31 Jan 2026 -> 28 Feb 2026)."""
    year, month = (day.year + 1, 1) if day.month == 12 else (day.year, day.month + 1)
    last_day = calendar.monthrange(year, month)[1]
    return day.replace(year=year, month=month, day=min(day.day, last_day))


def eligible_from(duellist: Duellist) -> dt.date:
    return add_one_calendar_month(duellist.forum_joined_on)


def eligibility(duellist: Duellist, today: dt.date) -> list[str]:
    """Reasons the duellist may not register for a duel today (empty list: eligible)."""
    reasons = []
    ready_on = eligible_from(duellist)
    if ready_on > today:
        reasons.append(
            _("Votre compte forum doit avoir au moins un mois : vous pourrez vous inscrire le %(date)s.")
            % {"date": ready_on.strftime("%d/%m/%Y")}
        )
    missing = MIN_FORUM_POSTS - duellist.forum_post_count
    if missing > 0:
        reasons.append(
            ngettext(
                "Il faut au moins %(min)d messages sur le forum : il vous en manque %(missing)d.",
                "Il faut au moins %(min)d messages sur le forum : il vous en manque %(missing)d.",
                missing,
            )
            % {"min": MIN_FORUM_POSTS, "missing": missing}
        )
    return reasons


@dataclass(frozen=True)
class ForumMemberData:
    """A forum member's data, already validated (see accounts.services.forum_members.clean_member_row)."""

    forum_id: int
    forum_name: str
    forum_joined_on: dt.date
    forum_post_count: int
    character_name: str
    rp_year: int | None
    homework_year: int
    magic_type_slugs: tuple[str, ...]
    prodigium: bool


SCALAR_FIELDS = (
    "forum_name", "forum_joined_on", "forum_post_count", "character_name", "rp_year", "homework_year", "prodigium",
)


@transaction.atomic
def forum_member_upsert(*, data: ForumMemberData) -> str:
    """Create or update the duellist with this forum id. Returns 'created', 'updated' or 'unchanged'."""
    duellist = Duellist.objects.select_for_update().filter(forum_id=data.forum_id).first()
    wanted_types = set(data.magic_type_slugs)
    types = list(MagicType.objects.filter(slug__in=wanted_types))
    if duellist is None:
        duellist = Duellist(forum_id=data.forum_id)
        outcome = "created"
    else:
        current_types = set(duellist.magic_types.values_list("slug", flat=True))
        same = all(getattr(duellist, f) == getattr(data, f) for f in SCALAR_FIELDS) and current_types == wanted_types
        if same:
            return "unchanged"
        outcome = "updated"
    for field in SCALAR_FIELDS:
        setattr(duellist, field, getattr(data, field))
    duellist.save()
    duellist.magic_types.set(types)
    return outcome
