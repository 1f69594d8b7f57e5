"""A member's roles in the club being served (Membership). A referee of one club is nobody in another."""
from __future__ import annotations

from django.db import transaction
from django.db.models import Exists, OuterRef, QuerySet

from clubs.models import Membership
from clubs.scoping import current_club, current_club_or_none


def referee_membership_exists() -> Exists:
    """An `Exists` of "the outer user referees in the active club", for one statement with other facts."""
    club = current_club_or_none()
    if club is None:
        return Exists(Membership.objects.none())
    return Exists(Membership.objects.filter(user=OuterRef("pk"), club=club, is_referee=True))


def is_club_referee(user) -> bool:
    club = current_club_or_none()
    return club is not None and Membership.objects.filter(user=user, club=club, is_referee=True).exists()


def club_referee_ids() -> QuerySet:
    """The ids of the active club's referees (for `pk__in`)."""
    return Membership.objects.filter(club=current_club(), is_referee=True).values("user_id")


def membership_join(user, club=None) -> Membership:
    """`user` becomes a member of `club` (the active one by default), if not one already."""
    return Membership.objects.get_or_create(user=user, club=club or current_club())[0]


@transaction.atomic
def referee_role_store(user, granted: bool) -> bool:
    """Set the referee role of `user` in the active club; False when it was already so."""
    membership = Membership.objects.select_for_update().filter(user=user, club=current_club()).first()
    if membership is None:
        if not granted:
            return False
        membership = membership_join(user)
    if membership.is_referee == granted:
        return False
    membership.is_referee = granted
    membership.save(update_fields=["is_referee"])
    return True
