"""The club's owner names its staff and hands the club over (/<club>/gestion/membres/). Staff run the club's
pages; the owner alone changes who is staff or owner. Each change is in the audit log."""
from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from audit.models import AuditAction
from audit.services import audit_record
from clubs.models import Membership
from clubs.opening import ClubRefused
from clubs.roles import is_club_owner, staff_role_store
from clubs.scoping import current_club


def _member(user, club) -> Membership:
    membership = Membership.objects.select_for_update().filter(user=user, club=club).first()
    if membership is None:
        raise ClubRefused("not-a-member", _("%(name)s n'est pas membre du club."), 404, name=user.username)
    return membership


@transaction.atomic
def club_staff_set(*, actor, user, staff: bool) -> bool:
    """Make a member of the club staff, or no longer; False when it was already so."""
    club = current_club()
    if not is_club_owner(actor, club):
        raise ClubRefused("owner-only", _("Seul le propriétaire du club nomme son staff."), 403)
    membership = _member(user, club)
    if membership.is_owner and not staff:
        raise ClubRefused("owner-is-staff", _("Le propriétaire reste du staff : transmettez d'abord le club."), 409)
    if membership.is_staff == staff:
        return False
    staff_role_store(user, staff=staff, club=club)
    audit_record(actor=actor, action=AuditAction.ROLE_CHANGE,
                 data={"user": user.pk, "username": user.username, "role": "staff", "granted": staff})
    return True


@transaction.atomic
def club_owner_transfer(*, actor, to) -> None:
    """The owner hands the club to another member, who becomes owner and staff; the former owner stays staff."""
    club = current_club()
    if not is_club_owner(actor, club):
        raise ClubRefused("owner-only", _("Seul le propriétaire du club peut le transmettre."), 403)
    if to.pk == actor.pk:
        raise ClubRefused("already-owner", _("Vous êtes déjà le propriétaire du club."), 409)
    if not to.is_active:
        raise ClubRefused("inactive-account", _("Ce compte est désactivé."), 409)
    _member(to, club)
    for former in Membership.objects.select_for_update().filter(club=club, is_owner=True).exclude(user=to):
        staff_role_store(former.user, staff=True, owner=False, club=club)
    staff_role_store(to, staff=True, owner=True, club=club)
    audit_record(actor=actor, action=AuditAction.ROLE_CHANGE,
                 data={"user": to.pk, "username": to.username, "role": "owner", "granted": True})
