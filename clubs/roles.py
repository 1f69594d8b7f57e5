"""A member's roles in the club being served (Membership). A referee of one club is nobody in another, and
its staff are nobody elsewhere: the club's staff are its members marked staff or owner (the owner is staff),
plus the platform's superusers. Django's own `is_staff` is the platform operator's (the admin), not a club's."""
from __future__ import annotations

from django.db import transaction
from django.db.models import Exists, OuterRef, Q, QuerySet

from clubs.models import Membership
from clubs.scoping import current_club, current_club_or_none


def referee_membership_exists() -> Exists:
    """An `Exists` of "the outer user referees in the active club", for one statement with other facts."""
    club = current_club_or_none()
    if club is None:
        return Exists(Membership.objects.none())
    return Exists(Membership.objects.filter(user=OuterRef("pk"), club=club, is_referee=True))


def _roles_in(user, club) -> tuple[bool, bool, bool, bool]:
    """(referee, staff, member, owner) of `user` in `club`: one read of their membership, remembered on the
    user object (a page asks several, for its permission and its menu)."""
    known = user.__dict__.setdefault("_roles_in", {})
    if club.pk not in known:
        row = Membership.objects.filter(user=user, club=club).values_list("is_referee", "is_staff", "is_owner").first()
        known[club.pk] = (bool(row and row[0]), bool(row and (row[1] or row[2])), row is not None, bool(row and row[2]))
    return known[club.pk]


def _forget_roles(user) -> None:
    for key in ("_roles_in", "_staff_in", "_referee_in"):
        user.__dict__.pop(key, None)


def is_club_member(user) -> bool:
    """A member of the club being served (any role), or the platform operator."""
    club = current_club_or_none()
    if club is None or user is None or not user.is_authenticated or not user.is_active:
        return False
    return user.is_superuser or _roles_in(user, club)[2]


def is_club_owner(user, club=None) -> bool:
    """The owner of `club` (the club being served by default), or the platform operator."""
    club = club or current_club_or_none()
    if club is None or user is None or not user.is_authenticated or not user.is_active:
        return False
    return user.is_superuser or _roles_in(user, club)[3]


def is_club_referee(user) -> bool:
    club = current_club_or_none()
    return club is not None and user is not None and user.is_authenticated and _roles_in(user, club)[0]


def club_referee_ids() -> QuerySet:
    """The ids of the active club's referees (for `pk__in`)."""
    return Membership.objects.filter(club=current_club(), is_referee=True).values("user_id")


STAFF_ROLE = Q(is_staff=True) | Q(is_owner=True)  # a Membership's staff role: the owner holds it too


def staff_membership_exists() -> Exists:
    """An `Exists` of "the outer user is staff of the active club" (the menu reads it with its other facts)."""
    club = current_club_or_none()
    if club is None:
        return Exists(Membership.objects.none())
    return Exists(Membership.objects.filter(STAFF_ROLE, user=OuterRef("pk"), club=club))


def is_club_staff(user, club=None) -> bool:
    """An active account that is staff (or owner) of `club` — the club being served by default — or a platform
    superuser. Read once per club for a user object (a page checks it for its menu and each of its links)."""
    if user is None or not user.is_authenticated or not user.is_active:
        return False
    if user.is_superuser:
        return True
    club = club or current_club_or_none()
    if club is None:
        return False
    known = user.__dict__.setdefault("_staff_in", {})  # the menu's statement may have answered already
    if club.pk not in known:
        known[club.pk] = _roles_in(user, club)[1]
    return known[club.pk]


def club_staff_ids(club=None) -> QuerySet:
    """The ids of the club's staff members, owners included (for `pk__in`); the active club by default."""
    return Membership.objects.filter(STAFF_ROLE, club=club or current_club()).values("user_id")


def staff_role_store(user, *, staff: bool = True, owner: bool | None = None, club=None) -> Membership:
    """Make `user` staff (and owner, if said) of `club` (the active one by default), or no longer staff."""
    membership = membership_join(user, club)
    membership.is_staff = staff
    if owner is not None:
        membership.is_owner = owner
    membership.save(update_fields=["is_staff", "is_owner"])
    _forget_roles(user)  # the answers this object remembered
    return membership


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
    _forget_roles(user)
    return True
