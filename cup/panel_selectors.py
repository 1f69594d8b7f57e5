"""Reads of the cup's staff pages and points page, in the active club: members with their house (search,
filter), prefects by house, the houses a user may touch, the recent hand-given entries. A fixed number of
statements each, whatever the number of members or entries."""
from __future__ import annotations

from django.db.models import Exists, OuterRef, Q, QuerySet

from accounts.models import Duellist
from clubs.models import Membership
from clubs.scoping import current_club
from cup.models import Cause, House, LedgerEntry, Prefect
from cup.selectors import cup_settings, houses, prefect_house_ids
from cup.services.common import may_manage_cup

MEMBERS_PER_PAGE = 50
RECENT_ENTRIES = 30
WITHOUT_HOUSE = "sans"


def duellists_with_house(*, query: str = "", house: str = "") -> QuerySet:
    """The club's duellists by name, each with `house_member.house` (`house`: a house's id, or
    WITHOUT_HOUSE)."""
    rows = Duellist.objects.select_related("house_member__house").order_by("forum_name", "pk")
    if query:
        rows = rows.filter(Q(forum_name__icontains=query) | Q(character_name__icontains=query))
    if house == WITHOUT_HOUSE:
        rows = rows.filter(house_member__isnull=True)
    elif house.isdigit():
        rows = rows.filter(house_member__house_id=int(house))
    return rows


def prefects_by_house() -> list[tuple[House, list[Prefect]]]:
    """Each house with its prefects (two statements)."""
    listed = list(houses())
    prefects: dict[int, list[Prefect]] = {house.pk: [] for house in listed}
    for prefect in Prefect.objects.select_related("user").order_by("user__username"):
        prefects.setdefault(prefect.house_id, []).append(prefect)
    return [(house, prefects[house.pk]) for house in listed]


def club_member_named(username: str):
    """The active club's member of that username (any case), or None."""
    membership = (Membership.objects.filter(club=current_club(), user__username__iexact=(username or "").strip(),
                                            user__is_active=True).select_related("user").first())
    return membership.user if membership else None


def houses_for(user) -> QuerySet:
    """The houses `user` may give or take points to (see cup.services.awards.may_award)."""
    if may_manage_cup(user):
        return houses()
    mine = prefect_house_ids(user)
    if not mine:
        return House.objects.none()
    return houses() if not cup_settings().prefects_own_house_only else houses().filter(pk__in=mine)


def may_open_points(user) -> bool:
    return may_manage_cup(user) or bool(prefect_house_ids(user))


def recent_manual_entries(house_ids) -> list[LedgerEntry]:
    """The latest hand-given entries of these houses, each with `cancelled` (reversed already) and the
    reversal's author."""
    reversed_ = LedgerEntry.objects.filter(reverses=OuterRef("pk"))
    return list(LedgerEntry.objects.filter(cause=Cause.MANUAL, house_id__in=list(house_ids))
                .annotate(cancelled=Exists(reversed_)).select_related("house", "created_by")
                .order_by("-created_at", "-pk")[:RECENT_ENTRIES])
