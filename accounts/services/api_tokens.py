"""The club's API tokens, issued and revoked by its staff from the control panel (/<club>/gestion/jetons/):
one token per member and club (the model's rule), for a member of the club only; the key is returned once,
to be shown on the page that answers the creation, and never written to the audit log, which keeps its
first characters. Each issue and revocation is checked against the club's staff role and logged."""
from __future__ import annotations

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from accounts.models import ApiToken, User
from accounts.permissions import MANAGE_API_TOKENS
from audit.models import AuditAction
from audit.services import audit_record
from clubs.models import Membership
from clubs.scoping import current_club
from common.access import staff_may


def _facts(token: ApiToken) -> dict:
    return {"token": token.pk, "user": token.user_id, "username": token.user.username, "key": token.masked_key}


@transaction.atomic
def api_token_create(*, by, user: User) -> ApiToken:
    """A new key for `user` (the staff member themself or another member of the club) on the club's API.
    ValidationError (on "user", in French) when they are not an active member or already hold one."""
    if not staff_may(by, MANAGE_API_TOKENS):
        raise PermissionDenied
    membership = Membership.objects.select_for_update().filter(user=user, club=current_club()).first()
    if membership is None or not user.is_active:
        raise ValidationError({"user": _("%(name)s n'est pas un membre actif du club.") % {"name": user.username}})
    taken = ValidationError({"user": _("%(name)s a déjà un jeton pour ce club : révoquez-le d'abord.")
                                     % {"name": user.username}})
    if ApiToken.objects.filter(user=user).exists():
        raise taken
    try:
        with transaction.atomic():  # a token made meanwhile (the admin): refused, not a server error
            token = ApiToken.objects.create(user=user)
    except IntegrityError:
        raise taken from None
    audit_record(actor=by, action=AuditAction.API_TOKEN_CREATE, data=_facts(token))
    return token


@transaction.atomic
def api_token_revoke(*, by, token: ApiToken) -> None:
    """The key stops working at once (the API answers 401 to it)."""
    if not staff_may(by, MANAGE_API_TOKENS):
        raise PermissionDenied
    token = ApiToken.objects.select_for_update().select_related("user").filter(pk=token.pk).first()
    if token is None:
        return  # revoked meanwhile
    facts = _facts(token)
    token.delete()
    audit_record(actor=by, action=AuditAction.API_TOKEN_REVOKE, data=facts)
