"""The VAPID key pair that signs every push (RFC 8292): from the settings (VAPID_PRIVATE_KEY, and
VAPID_PUBLIC_KEY, which is derived from the private key when left out); in development (DEBUG) without
settings, a pair drawn once into the git-ignored VAPID_DEVELOPMENT_FILE, so `make run` pushes with no
setup. No key: push is off. Keys are base64url without padding: the private key its 32 raw bytes, the
public key its uncompressed P-256 point (what browsers take as `applicationServerKey`)."""
from __future__ import annotations

import base64
import json
import logging
import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec
from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class VapidKeys:
    private_key: str
    public_key: str


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def b64url_decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def key_pair_new() -> VapidKeys:
    """A new P-256 pair, written as the settings take it."""
    private = ec.generate_private_key(ec.SECP256R1())
    return VapidKeys(private_key=b64url(private.private_numbers().private_value.to_bytes(32, "big")),
                     public_key=public_key_of(private))


def public_key_of(private: ec.EllipticCurvePrivateKey) -> str:
    return b64url(private.public_key().public_bytes(serialization.Encoding.X962,
                                                    serialization.PublicFormat.UncompressedPoint))


def private_key_object(private_key: str) -> ec.EllipticCurvePrivateKey:
    return ec.derive_private_key(int.from_bytes(b64url_decode(private_key), "big"), ec.SECP256R1())


@cache
def vapid_keys() -> VapidKeys | None:
    """The pair in use, or None when push is off."""
    if settings.VAPID_PRIVATE_KEY:
        public = settings.VAPID_PUBLIC_KEY or public_key_of(private_key_object(settings.VAPID_PRIVATE_KEY))
        return VapidKeys(private_key=settings.VAPID_PRIVATE_KEY, public_key=public)
    if settings.DEBUG:
        return _development_pair(Path(settings.VAPID_DEVELOPMENT_FILE))
    return None


def push_enabled() -> bool:
    return vapid_keys() is not None


def _development_pair(path: Path) -> VapidKeys | None:
    try:
        stored = json.loads(path.read_text())
        return VapidKeys(private_key=stored["private_key"], public_key=stored["public_key"])
    except FileNotFoundError:
        pass
    except (OSError, ValueError, KeyError):
        logger.warning("%s is unreadable: push is off until it is removed", path)
        return None
    pair = key_pair_new()
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:  # another process of `make run` drew it first: use theirs
        return _development_pair(path)
    except OSError:
        return pair
    with os.fdopen(descriptor, "w") as handle:
        json.dump({"private_key": pair.private_key, "public_key": pair.public_key}, handle)
    return pair


@receiver(setting_changed)
def _forget_keys(*, setting, **kwargs) -> None:
    if setting in ("VAPID_PRIVATE_KEY", "VAPID_PUBLIC_KEY", "DEBUG", "VAPID_DEVELOPMENT_FILE"):
        vapid_keys.cache_clear()
