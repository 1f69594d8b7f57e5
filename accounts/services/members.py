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

MIN_FORUM_POSTS = 50  # the rulebook's; a club's own: RULES.md §8 `eligibility_posts`


def add_one_calendar_month(day: dt.date) -> dt.date:
    """Same day next month, clamped to the month's last day (31 Jan 2026 -> 28 Feb 2026)."""
    year, month = (day.year + 1, 1) if day.month == 12 else (day.year, day.month + 1)
    last_day = calendar.monthrange(year, month)[1]
    return day.replace(year=year, month=month, day=min(day.day, last_day))


def eligible_from(duellist: Duellist, days: int | None = None) -> dt.date:
    """The first day the account is old enough: one calendar month after joining, or `days` days when
    the club's house rules set a number (RULES.md §8 `eligibility_days`)."""
    if days is None:
        return add_one_calendar_month(duellist.forum_joined_on)
    return duellist.forum_joined_on + dt.timedelta(days=days)


def _house_rules():
    from duels.selectors.house_rules import club_rules  # duels imports accounts: read it lazily

    return club_rules()


def eligibility(duellist: Duellist, today: dt.date) -> list[str]:
    """Reasons the duellist may not register for a duel today (empty list: eligible)."""
    reasons = []
    house = _house_rules()
    ready_on = eligible_from(duellist, house.eligibility_days)
    if ready_on > today:
        if house.eligibility_days is None:
            reasons.append(
                _("Votre compte forum doit avoir au moins un mois : vous pourrez vous inscrire le %(date)s.")
                % {"date": ready_on.strftime("%d/%m/%Y")}
            )
        else:
            reasons.append(
                ngettext(
                    "Votre compte forum doit avoir au moins %(days)d jour : vous pourrez vous inscrire le %(date)s.",
                    "Votre compte forum doit avoir au moins %(days)d jours : vous pourrez vous inscrire le %(date)s.",
                    house.eligibility_days,
                )
                % {"days": house.eligibility_days, "date": ready_on.strftime("%d/%m/%Y")}
            )
    min_posts = house.eligibility_posts
    missing = min_posts - duellist.forum_post_count
    if missing > 0:
        reasons.append(
            ngettext(
                "Il faut au moins %(min)d messages sur le forum : il vous en manque %(missing)d.",
                "Il faut au moins %(min)d messages sur le forum : il vous en manque %(missing)d.",
                missing,
            )
            % {"min": min_posts, "missing": missing}
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
