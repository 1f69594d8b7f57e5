"""Staff accounts for permission tests. A club's staff is a membership role (`club_staff`); Django's staff
flag and permissions are the platform operator's, for the admin (`staff_with`)."""
from __future__ import annotations

from django.contrib.auth.models import Permission

from tests.factories.accounts import UserFactory
from tests.support.clubs import make_club_staff


def grant(user, *perms: str):
    """Give `user` each permission ("app_label.codename"); returns the user fresh (no permission cache)."""
    for perm in perms:
        app_label, codename = perm.split(".", 1)
        user.user_permissions.add(Permission.objects.get(content_type__app_label=app_label, codename=codename))
    return type(user).objects.get(pk=user.pk)


def staff_with(*perms: str, **fields):
    """The platform's staff flag (not superuser) holding only `perms`: the admin's rule. In a club it is
    nobody (no membership role)."""
    return grant(UserFactory(is_staff=True, **fields), *perms)


def club_staff(club=None, *, owner: bool = False, **fields):
    """An account that is staff (owner, if said) of `club` — the club being served by default — and nothing
    of the platform (no `is_staff` flag, no Django permission)."""
    return make_club_staff(UserFactory(**fields), club, owner=owner)


def staff_referee(**fields):
    """The club's staff, who may referee any duel of the club they do not play in."""
    return club_staff(**fields)
