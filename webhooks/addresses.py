"""Where a webhook may point: a public address only (no loopback, private network, link-local, cloud
metadata, reserved, multicast or unspecified address, nor any of them written as IPv4-mapped, 6to4,
Teredo or NAT64 IPv6), over `https` unless DEBUG is on. Checked when staff save the address (the form
and the model's `clean`) and again when a delivery connects (on the very address it connects to).

`WEBHOOK_ALLOW_PRIVATE_ADDRESSES` exists for the tests' loopback receiver only (tests/support): it is
not read from the environment, so no deployment can turn the check off.
"""
from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit

from django.conf import settings
from django.utils.translation import gettext_lazy as _

NAT64 = ipaddress.ip_network("64:ff9b::/96")
LOCAL_NAMES = ("localhost", "localhost.localdomain", "ip6-localhost", "ip6-loopback")

REFUSED_SCHEME = _("L'adresse doit commencer par https://.")
REFUSED_INTERNAL = _("Cette adresse mène à un réseau interne (boucle locale, réseau privé ou réservé) : "
                     "un webhook doit viser une adresse publique.")
REFUSED_MALFORMED = _("Adresse de webhook invalide.")


class AddressRefused(ValueError):
    """The address is not one a webhook may reach; `message` is what staff read."""

    def __init__(self, message):
        super().__init__(str(message))
        self.message = message


def private_allowed() -> bool:
    return bool(getattr(settings, "WEBHOOK_ALLOW_PRIVATE_ADDRESSES", False))


def _embedded(ip: ipaddress.IPv4Address | ipaddress.IPv6Address) -> list:
    """The IPv4 addresses an IPv6 address carries (mapped, 6to4, Teredo, NAT64)."""
    if ip.version != 6:
        return []
    found = [ip.ipv4_mapped, ip.sixtofour, *(ip.teredo or ())]
    if ip in NAT64:
        found.append(ipaddress.IPv4Address(int(ip) & 0xFFFFFFFF))
    return [inner for inner in found if inner is not None]


def ip_is_public(address: str) -> bool:
    """True for an address on the public Internet (and its embedded IPv4, if any, too)."""
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return False
    for candidate in (ip, *_embedded(ip)):
        if (not candidate.is_global or candidate.is_private or candidate.is_loopback or candidate.is_link_local
                or candidate.is_reserved or candidate.is_multicast or candidate.is_unspecified):
            return False
    return True


def url_parts(url: str) -> tuple[str, str, int]:
    """(scheme, host, port) of a webhook address; AddressRefused if it cannot be one."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as error:
        raise AddressRefused(REFUSED_MALFORMED) from error
    scheme, host = parts.scheme.lower(), (parts.hostname or "").rstrip(".")
    if scheme not in ("https", "http") or not host:
        raise AddressRefused(REFUSED_MALFORMED if scheme in ("https", "http") else REFUSED_SCHEME)
    if scheme == "http" and not (settings.DEBUG or private_allowed()):
        raise AddressRefused(REFUSED_SCHEME)
    return scheme, host, port or (443 if scheme == "https" else 80)


def resolve(host: str, port: int) -> list[tuple]:
    """Every (family, sockaddr) the host resolves to, resolved once; OSError if it does not resolve."""
    return [(family, sockaddr) for family, _type, _proto, _name, sockaddr
            in socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)]


def addresses_check(host: str, port: int) -> list[tuple]:
    """The host's addresses, all public (a name with one internal address among public ones is refused:
    no chance for a rebinding resolver); AddressRefused otherwise. OSError if it does not resolve."""
    if not private_allowed() and (host.lower() in LOCAL_NAMES or host.lower().endswith(".localhost")):
        raise AddressRefused(REFUSED_INTERNAL)
    found = resolve(host, port)
    if not private_allowed() and any(not ip_is_public(sockaddr[0]) for _family, sockaddr in found):
        raise AddressRefused(REFUSED_INTERNAL)
    return found


def url_check(url: str) -> None:
    """At save time: the scheme, then the host's addresses. A name that does not resolve now is accepted
    (the DNS may be down; the check at send time is the one that counts)."""
    _scheme, host, port = url_parts(url)
    try:
        addresses_check(host, port)
    except OSError:
        pass
