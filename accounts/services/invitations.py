"""Invitations: single-use links that give a synced forum member their account.

Staff generate a link for a member without an account (``invitation_create``) and send it through
the forum's private messages (``invitation_pm_bbcode``); the member opens it, chooses a password
and the account is created and linked (``invitation_accept``). The same link, with the
``PASSWORD_RESET`` purpose, lets staff give a new password to a member who has no e-mail.

The link carries a random token; only its SHA-256 is stored, so a database leak reveals no usable
link. A new link for a member revokes the open one (a partial unique constraint keeps one open).
"""
from __future__ import annotations

import datetime as dt
import hashlib
import secrets
from dataclasses import dataclass

from django.conf import settings
from django.contrib.auth.password_validation import validate_password
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Duellist, Invitation, User
from accounts.permissions import ISSUE_ACCOUNT_LINKS
from audit.models import AuditAction
from audit.services import audit_record
from clubs.roles import membership_join
from common.access import staff_may
from common.errors import RefusedError


class InvitationError(RefusedError):
    """A refused invitation action: ``code`` for the API, ``message`` (French) for people."""

    status = 409  # the member's state forbids it now (already linked, no e-mail…)


@dataclass(frozen=True)
class IssuedInvitation:
    """What staff get back when a link is made: the link is shown now and never again."""

    invitation: Invitation
    token: str
    path: str  # the link's address, in the invitation's club (made while that club was active)

    def url(self, base: str | None = None) -> str:
        return (base or settings.SITE_URL).rstrip("/") + self.path


def token_digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@transaction.atomic
def invitation_create(
    *, duellist: Duellist, created_by: User | None, purpose: str = Invitation.Purpose.ACTIVATION
) -> IssuedInvitation:
    """A fresh link for this member, replacing (revoking) any open one."""
    duellist = Duellist.objects.select_for_update(of=("self",)).select_related("user").get(pk=duellist.pk)
    if purpose == Invitation.Purpose.ACTIVATION and duellist.user_id is not None:
        raise InvitationError(
            "has_account",
            _("%(name)s a déjà un compte (%(username)s) : donnez-lui plutôt un lien de nouveau mot de passe.")
            % {"name": duellist.forum_name, "username": duellist.user.username},
        )
    if purpose == Invitation.Purpose.PASSWORD_RESET and duellist.user_id is None:
        raise InvitationError(
            "no_account", _("%(name)s n'a pas encore de compte : envoyez-lui une invitation.")
            % {"name": duellist.forum_name},
        )
    now = timezone.now()
    replaced = Invitation.objects.filter(duellist=duellist, used_at__isnull=True, revoked_at__isnull=True).update(
        revoked_at=now
    )
    token = secrets.token_urlsafe(32)
    invitation = Invitation.objects.create(
        duellist=duellist, purpose=purpose, token_digest=token_digest(token), created_by=created_by,
        created_at=now, expires_at=now + dt.timedelta(days=settings.INVITATION_VALID_DAYS),
    )
    audit_record(
        actor=created_by, action=AuditAction.INVITATION,
        data={"event": "created", "invitation": invitation.pk, "forum_id": duellist.forum_id,
              "purpose": purpose, "replaced": replaced},
    )
    return IssuedInvitation(invitation=invitation, token=token,
                            path=reverse("invitation_accept", kwargs={"token": token}))


@transaction.atomic
def invitation_revoke(*, invitation: Invitation, actor: User | None) -> bool:
    """Revoke an open link. False if it was no longer open (used or already revoked)."""
    changed = Invitation.objects.filter(pk=invitation.pk, used_at__isnull=True, revoked_at__isnull=True).update(
        revoked_at=timezone.now()
    )
    if changed:
        audit_record(
            actor=actor, action=AuditAction.INVITATION,
            data={"event": "revoked", "invitation": invitation.pk, "forum_id": invitation.duellist.forum_id},
        )
    return bool(changed)


def refusal(state: str) -> InvitationError:
    who = _("Demandez un nouveau lien à un membre du staff du forum (par message privé).")
    messages = {
        "missing": _("Ce lien d'invitation n'existe pas : vérifiez qu'il a été copié en entier."),
        "used": _("Ce lien a déjà servi : votre compte existe, connectez-vous."),
        "revoked": _("Ce lien a été remplacé ou annulé."),
        "expired": _("Ce lien a expiré (il est valable %(days)d jours).") % {"days": settings.INVITATION_VALID_DAYS},
    }
    message = messages[state]
    if state != "used":
        message = f"{message} {who}"
    return InvitationError(state, message)


def invitation_check(*, token: str, for_update: bool = False) -> Invitation:
    """The open invitation behind this token, or InvitationError saying why it cannot be used."""
    queryset = Invitation.objects.select_related("duellist", "duellist__user")
    if for_update:
        queryset = queryset.select_for_update(of=("self",))
    invitation = queryset.filter(token_digest=token_digest(token)).first()
    if invitation is None:
        raise refusal("missing")
    state = invitation.state(timezone.now())
    if state != "pending":
        raise refusal(state)
    return invitation


def unique_username(forum_name: str) -> str:
    """The forum name, or the forum name with a number when another account already has it."""
    base = forum_name.strip()[:140] or "membre"
    candidate, number = base, 2
    while User.objects.filter(username__iexact=candidate).exists():
        candidate = f"{base}{number}"
        number += 1
    return candidate


@transaction.atomic
def invitation_accept(*, token: str, password: str, email: str = "") -> User:
    """Use the link: create and link the account (activation) or set the new password (reset).

    Raises InvitationError if the link cannot be used, ValidationError if the password is refused
    by the project's password validators (nothing is written then: the link stays usable)."""
    invitation = invitation_check(token=token, for_update=True)
    duellist = Duellist.objects.select_for_update().get(pk=invitation.duellist_id)
    if invitation.purpose == Invitation.Purpose.ACTIVATION:
        if duellist.user_id is not None:  # linked by hand in the admin since the link was made
            raise refusal("used")
        user = User(username=unique_username(duellist.forum_name), email=email.strip())
        validate_password(password, user)
        user.set_password(password)
        user.save()
        duellist.user = user
        duellist.save(update_fields=["user"])
        membership_join(user, duellist.club)  # a member of the club whose member they were on the forum
    else:
        user = User.objects.select_for_update().get(pk=duellist.user_id)
        validate_password(password, user)
        user.set_password(password)
        if email.strip():
            user.email = email.strip()
        user.save()
    invitation.used_at = timezone.now()
    invitation.save(update_fields=["used_at"])
    return user


@transaction.atomic
def invitation_link_account(*, token: str, user: User) -> Duellist:
    """A member already signed in (their account plays in another club) takes the character the activation
    link names as theirs in this club: no second account. One character per account in a club."""
    invitation = invitation_check(token=token, for_update=True)
    if invitation.purpose != Invitation.Purpose.ACTIVATION:
        raise InvitationError("not-activation", _("Ce lien sert à changer le mot de passe d'un compte, pas à lier un "
                                                  "personnage : déconnectez-vous pour l'utiliser."))
    duellist = Duellist.objects.select_for_update().get(pk=invitation.duellist_id)
    if duellist.user_id is not None:
        raise refusal("used")
    held = Duellist.objects.filter(user=user).first()
    if held is not None:
        raise InvitationError("has-character", _(
            "Votre compte joue déjà « %(name)s » dans ce club : un compte n'y a qu'un personnage. Déconnectez-vous "
            "pour créer un autre compte avec ce lien.") % {"name": held.forum_name})
    duellist.user = user
    duellist.save(update_fields=["user"])
    membership_join(user, duellist.club)
    invitation.used_at = timezone.now()
    invitation.save(update_fields=["used_at"])
    return duellist


def invitation_pm_bbcode(*, issued: IssuedInvitation, base_url: str | None = None) -> str:
    """The ready-to-paste private message (forum BBCode) that carries the link."""
    invitation = issued.invitation
    expires = timezone.localtime(invitation.expires_at).strftime("%d/%m/%Y")
    url = issued.url(base_url)
    if invitation.purpose == Invitation.Purpose.PASSWORD_RESET:
        intro = _("Voici ton lien pour choisir un nouveau mot de passe Estrade (le club de duel) :")
    else:
        intro = _("Voici ton lien pour activer ton compte Estrade (le club de duel) :")
    lines = [
        _("Bonjour %(name)s,") % {"name": invitation.duellist.forum_name},
        "",
        intro,
        f"[url={url}]{url}[/url]",
        "",
        _("Ouvre-le, choisis ton mot de passe, et c'est prêt. Ton identifiant sera [b]%(username)s[/b].")
        % {"username": invitation.duellist.user.username if invitation.duellist.user_id
           else unique_username(invitation.duellist.forum_name)},
        _("Le lien ne sert qu'une fois et expire le %(date)s. Ne le transmets à personne.") % {"date": expires},
        "",
        _("À bientôt sur l'estrade !"),
    ]
    return "\n".join(lines)


def invitations_for_pending_members(*, created_by: User | None, forum_ids: list[int] | None = None) -> tuple[
    list[IssuedInvitation], list[str]
]:
    """Links for members without an account: the given forum ids, or (None) every such member who
    has no open link yet. Returns the links made and the French reasons for the ids skipped."""
    skipped: list[str] = []
    if forum_ids is None:
        now = timezone.now()
        open_links = Invitation.objects.filter(used_at__isnull=True, revoked_at__isnull=True, expires_at__gt=now)
        members = list(Duellist.objects.filter(user__isnull=True).exclude(invitations__in=open_links))
    else:
        found = {d.forum_id: d for d in Duellist.objects.filter(forum_id__in=forum_ids)}
        members = []
        for forum_id in forum_ids:
            if forum_id in found:
                members.append(found[forum_id])
            else:
                skipped.append(_("%(id)d : membre inconnu (synchronisez-le d'abord).") % {"id": forum_id})
    issued = []
    for member in members:
        try:
            issued.append(invitation_create(duellist=member, created_by=created_by))
        except InvitationError as error:
            skipped.append(f"{member.forum_id} : {error.message}")
    return issued, skipped


def invitation_links_issue(*, by: User) -> list[IssuedInvitation]:
    """The club's staff take the links of every member without an account nor an open link, to send them
    by hand (without the forum bridge): each link is made once and shown once."""
    if not staff_may(by, ISSUE_ACCOUNT_LINKS):
        raise InvitationError("forbidden", _("Seule l'équipe du club crée des liens d'invitation."))
    return invitations_for_pending_members(created_by=by)[0]
