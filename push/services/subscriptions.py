"""A member turns push on (or off) for one browser in the club being served.

The endpoint is an address the browser gives, so anyone could send one: it must be `https` on a public
address (webhooks/addresses.py, the same check as webhooks — and checked again when a push connects),
and the keys must be a P-256 point and a 16-byte secret. The same endpoint sent again (the browser's
subscription renewed, or another member logged in on that browser) is one row, now the sender's."""
from __future__ import annotations

from urllib.parse import urlsplit

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from common.errors import RefusedError
from push.keys import b64url_decode, push_enabled
from push.models import PushSubscription
from webhooks.addresses import AddressRefused, addresses_check, private_allowed, url_parts

ENDPOINT_MAX_LENGTH = 1000
DEVICES_MAX = 10  # per member and club: each notice is one request per device


class PushRefused(RefusedError):
    pass


def _refused(code: str, message) -> PushRefused:
    return PushRefused(code, str(message))


def endpoint_check(endpoint: str) -> None:
    """https only (the tests' loopback service aside), public addresses only."""
    if not endpoint or len(endpoint) > ENDPOINT_MAX_LENGTH:
        raise _refused("endpoint_invalid", _("Adresse d'abonnement push invalide."))
    if urlsplit(endpoint).scheme.lower() != "https" and not private_allowed():
        raise _refused("endpoint_insecure", _("L'adresse d'abonnement push doit commencer par https://."))
    try:
        _scheme, host, port = url_parts(endpoint)
        addresses_check(host, port)
    except AddressRefused as refused:
        raise _refused("endpoint_refused", _("Cette adresse d'abonnement push n'est pas celle d'un service push "
                                             "public.")) from refused
    except OSError:
        pass  # does not resolve now: each push checks again on the address it connects to


def keys_check(p256dh: str, auth: str) -> None:
    try:
        point, secret = b64url_decode(p256dh or ""), b64url_decode(auth or "")
    except ValueError as error:
        raise _refused("keys_invalid", _("Clés d'abonnement push invalides.")) from error
    if len(point) != 65 or point[0] != 4 or len(secret) != 16:
        raise _refused("keys_invalid", _("Clés d'abonnement push invalides."))


@transaction.atomic
def subscription_save(*, user, endpoint: str, p256dh: str, auth: str, device: str = "") -> PushSubscription:
    """Store this browser's subscription for `user` in the active club (validated, see above)."""
    if not push_enabled():
        raise _refused("push_off", _("Les notifications push ne sont pas configurées sur ce site."))
    endpoint_check(endpoint)
    keys_check(p256dh, auth)
    theirs = PushSubscription.objects.filter(user=user)
    if theirs.count() >= DEVICES_MAX and not theirs.filter(endpoint=endpoint).exists():
        raise _refused("too_many_devices", _("Vous avez déjà %(count)s appareils activés : retirez-en un sur "
                                             "« Mon profil » avant d'en ajouter un autre.") % {"count": DEVICES_MAX})
    subscription, _created = PushSubscription.objects.update_or_create(
        endpoint=endpoint, defaults={"user": user, "p256dh": p256dh, "auth": auth, "device": device[:120]})
    return subscription


@transaction.atomic
def subscription_delete(*, user, endpoint: str = "", subscription_id: int | None = None) -> bool:
    """Turn push off for one of the member's own browsers (by its endpoint, or its id on the profile)."""
    own = PushSubscription.objects.filter(user=user)
    own = own.filter(pk=subscription_id) if subscription_id is not None else own.filter(endpoint=endpoint)
    deleted, _rows = own.delete()
    return bool(deleted)
