"""Membership services: sign-up requests, the member's own profile, and the referee role."""
from __future__ import annotations

import re
from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Duellist, EmailPreference, SignupRequest, User
from accounts.permissions import DECIDE_SIGNUP_REQUESTS, GRANT_REFEREE_ROLE
from accounts.services.emails import email_send
from accounts.services.invitations import (
    InvitationError,
    IssuedInvitation,
    invitation_create,
    invitation_pm_bbcode,
)
from audit.models import AuditAction
from audit.services import audit_record
from clubs.roles import referee_role_store
from common import rate_limits
from common.access import staff_may
from common.after_commit import after_commit


def signup_request_over_limit(address: str | None) -> bool:
    """Count one sign-up request from `address` (the client's IP): True past SIGNUP_REQUESTS_PER_HOUR in
    the hour, when the request must not be stored. Counted before storing, atomically (Redis INCR), so
    concurrent requests cannot slip past the limit."""
    return rate_limits.hit("signup-requests", address or "unknown", 3600) > settings.SIGNUP_REQUESTS_PER_HOUR


def password_reset_over_limit(*, email: str, address: str | None) -> bool:
    """Count one forgotten-password request for `email` from `address` (the client's IP): True past
    PASSWORD_RESETS_PER_HOUR in the hour for either, when no e-mail must be sent. Both counters move on
    every request (atomic in Redis), so neither many addresses asking for one mailbox nor one address
    asking for many mailboxes gets more than the limit through."""
    limit = settings.PASSWORD_RESETS_PER_HOUR
    by_email = rate_limits.hit("password-resets-email", email.strip().lower() or "unknown", 3600)
    by_address = rate_limits.hit("password-resets-ip", address or "unknown", 3600)
    return by_email > limit or by_address > limit


@transaction.atomic
def signup_request_create(*, forum_name: str, profile_url: str = "", email: str = "") -> SignupRequest:
    """Queue a request; asking again under the same name updates the pending one (one line per member)."""
    pending = SignupRequest.objects.select_for_update().filter(
        forum_name__iexact=forum_name.strip(), status=SignupRequest.Status.PENDING
    ).first()
    if pending is None:
        return SignupRequest.objects.create(forum_name=forum_name.strip(), profile_url=profile_url, email=email.strip())
    pending.profile_url = profile_url or pending.profile_url
    pending.email = email.strip() or pending.email
    pending.save(update_fields=["profile_url", "email"])
    return pending


@dataclass(frozen=True)
class SignupDecision:
    request: SignupRequest
    issued: IssuedInvitation | None
    emailed: bool


@transaction.atomic
def signup_request_decide(
    *, signup: SignupRequest, actor: User, approve: bool, duellist: Duellist | None = None, base_url: str
) -> SignupDecision:
    """Approve (match the request to a synced member and issue their invitation, e-mailed when the
    request gave an address) or reject. A request already decided is refused."""
    if not staff_may(actor, DECIDE_SIGNUP_REQUESTS):
        raise InvitationError("permission_denied", _("Action réservée au staff qui traite les demandes d'inscription."))
    signup = SignupRequest.objects.select_for_update().get(pk=signup.pk)
    if signup.status != SignupRequest.Status.PENDING:
        raise InvitationError("already_decided", _("Cette demande a déjà été traitée."))
    issued = None
    if approve:
        if duellist is None:
            raise InvitationError(
                "no_member", _("Choisissez le membre synchronisé qui correspond à la demande (ou synchronisez-le).")
            )
        issued = invitation_create(duellist=duellist, created_by=actor)
        signup.duellist = duellist
    signup.status = SignupRequest.Status.APPROVED if approve else SignupRequest.Status.REJECTED
    signup.decided_by = actor
    signup.decided_at = timezone.now()
    signup.save()
    emailed = bool(issued and signup.email)
    if emailed:
        message = invitation_pm_bbcode(issued=issued, base_url=base_url)
        address = signup.email
        after_commit(email_send, subject=_("[Estrade] Activez votre compte"), body=strip_bbcode(message),
                     address=address)
    return SignupDecision(request=signup, issued=issued, emailed=emailed)


def strip_bbcode(text: str) -> str:
    """The PM as plain text for an e-mail: the link bare, bold marks dropped."""
    text = re.sub(r"\[url=([^\]]+)\][^\[]*\[/url\]", r"\1", text)
    return re.sub(r"\[/?b\]", "", text)


@transaction.atomic
def profile_update(*, user: User, email: str, language: str, email_kinds: dict[str, bool]) -> None:
    """Save the member's own settings: address, language, and which notices are e-mailed."""
    user = User.objects.select_for_update().get(pk=user.pk)
    user.email = email.strip()
    user.language = language
    user.save(update_fields=["email", "language"])
    for kind, wanted in email_kinds.items():
        EmailPreference.objects.update_or_create(user=user, kind=kind, defaults={"send_email": wanted})


def language_set(*, user: User, language: str) -> None:
    """The member's language, chosen in the footer: e-mails and notices sent outside the site follow it."""
    User.objects.filter(pk=user.pk).update(language=language)


def email_preferences(user: User) -> dict[str, bool]:
    """Kind -> e-mail wanted, for the kinds the user has set (others default to yes)."""
    return dict(EmailPreference.objects.filter(user=user).values_list("kind", "send_email"))


@transaction.atomic
def referee_role_set(*, actor: User, user: User, granted: bool) -> bool:
    """Grant or revoke the referee role in the club being served, logged. False if nothing changed."""
    if not staff_may(actor, GRANT_REFEREE_ROLE):
        raise InvitationError("permission_denied", _("Action réservée au staff qui gère les rôles d'arbitre."))
    user = User.objects.select_for_update().get(pk=user.pk)
    if not referee_role_store(user, granted):
        return False
    audit_record(
        actor=actor, action=AuditAction.ROLE_CHANGE,
        data={"user": user.pk, "username": user.username, "role": "referee", "granted": granted},
    )
    return True
