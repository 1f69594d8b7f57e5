"""Staff accounts for permission tests: the staff flag with exactly the Django permissions named."""
from __future__ import annotations

from django.contrib.auth.models import Permission

from tests.factories.accounts import UserFactory


def grant(user, *perms: str):
    """Give `user` each permission ("app_label.codename"); returns the user fresh (no permission cache)."""
    for perm in perms:
        app_label, codename = perm.split(".", 1)
        user.user_permissions.add(Permission.objects.get(content_type__app_label=app_label, codename=codename))
    return type(user).objects.get(pk=user.pk)


def staff_with(*perms: str, **fields):
    """An active staff account (not superuser) holding only `perms`."""
    return grant(UserFactory(is_staff=True, **fields), *perms)


def staff_referee(**fields):
    """Staff holding the permission to referee any duel they do not play in."""
    return staff_with("duels.referee_any_duel", **fields)
