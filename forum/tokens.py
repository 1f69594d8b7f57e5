"""Bridge tokens: signed (django.core.signing), scoped to one object, short-lived and single-use.

A token is made on an Estrade page where the member is logged in and travels to the forum in the URL
fragment (`#estrade=…`), which browsers never send to the forum's server. The bridge hands it back
with each call; its nonce is stored as used when the action it allows is done.

A token is a club's: it names the club it was made in (signed with the rest), and the bridge of another
club refuses it (`token-other-club`), even for an object of the same number there."""
from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.conf import settings
from django.core import signing
from django.utils.translation import gettext as _

from clubs.scoping import current_club_or_none
from common.errors import RefusedError
from forum.models import UsedToken

SALT = "forum.bridge"
SCOPES = ("topic", "start", "post", "declaration", "batch")
EXTRA_SCOPES: set[str] = set()  # the scopes of the apps above forum (forum/services/external.py)


class TokenError(RefusedError):
    """A refused token: `code` for the bridge, `message` (French) for the panel."""


@dataclass(frozen=True)
class BridgeToken:
    scope: str
    object_id: int
    nonce: str
    user_id: int
    club_id: int


def max_age(scope: str) -> int:
    return settings.FORUM_BATCH_TOKEN_SECONDS if scope == "batch" else settings.FORUM_TOKEN_SECONDS


def make(*, scope: str, object_id: int, user) -> str:
    if scope not in SCOPES and scope not in EXTRA_SCOPES:
        raise ValueError(scope)
    club = current_club_or_none()
    if club is None:
        raise ValueError("a bridge token is made for the served club: none is active")
    payload = {"s": scope, "o": int(object_id), "n": secrets.token_hex(12), "u": user.pk, "c": club.pk}
    return signing.dumps(payload, salt=SALT, compress=False)


def read(value: str, *, check_used: bool = True) -> BridgeToken:
    """The token's content, or TokenError: forged (bad signature), expired, another club's or already used."""
    if not isinstance(value, str) or not value or len(value) > 500:
        raise TokenError("token-forged", _("Ce lien du pont n'est pas valide. Repartez de la page Estrade."))
    try:
        payload = signing.loads(value, salt=SALT, max_age=settings.FORUM_BATCH_TOKEN_SECONDS)
    except signing.SignatureExpired:
        raise TokenError("token-expired", _("Ce lien du pont a expiré. Repartez de la page Estrade.")) from None
    except signing.BadSignature:
        raise TokenError("token-forged", _("Ce lien du pont n'est pas valide. Repartez de la page Estrade.")) from None
    try:
        token = BridgeToken(str(payload["s"]), int(payload["o"]), str(payload["n"]), int(payload["u"]),
                            int(payload["c"]))
    except (KeyError, TypeError, ValueError):
        raise TokenError("token-forged", _("Ce lien du pont n'est pas valide. Repartez de la page Estrade.")) from None
    if token.scope not in SCOPES and token.scope not in EXTRA_SCOPES:
        raise TokenError("token-forged", _("Ce lien du pont n'est pas valide. Repartez de la page Estrade."))
    if token.scope != "batch":  # the shorter lifetime of a single publication's token
        try:
            signing.loads(value, salt=SALT, max_age=max_age(token.scope))
        except signing.SignatureExpired:
            raise TokenError("token-expired", _("Ce lien du pont a expiré. Repartez de la page Estrade.")) from None
    club = current_club_or_none()
    if club is None or token.club_id != club.pk:
        raise TokenError("token-other-club", _("Ce lien du pont a été fait pour un autre club. Repartez de la "
                                               "page Estrade de ce club."))
    if check_used and UsedToken.objects.filter(nonce=token.nonce).exists():
        raise TokenError("token-used", _("Ce lien du pont a déjà servi. Repartez de la page Estrade."))
    return token


def mark_used(token: BridgeToken, *, now) -> bool:
    """Record the nonce as used (inside the caller's transaction). False if it already was."""
    _row, created = UsedToken.objects.get_or_create(
        nonce=token.nonce, defaults={"scope": token.scope, "object_id": token.object_id, "used_at": now})
    return created
