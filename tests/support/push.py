"""Web push in tests: a fake push service on loopback that records each message, a browser's subscription
keys made here, and the receiving end written from the RFCs — independent of pywebpush — to decrypt a
message (RFC 8291 / RFC 8188 `aes128gcm`: ECDH P-256, HKDF-SHA-256, AES-128-GCM) and to check its VAPID
Authorization (RFC 8292: an ES256 JWT whose audience is the endpoint's origin)."""
from __future__ import annotations

import base64
import json
import os
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

import pytest
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

# A fixed VAPID pair for the tests (base64url: the private key's 32 bytes, the public point's 65).
TEST_VAPID_PRIVATE_KEY = "C6-nz956L1GfBP49P4V1y_ztfK7AwC3vA4wJMhhllVo"


def b64u(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64u(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class BrowserKeys:
    """What a browser keeps for its subscription: its ECDH key pair and the auth secret."""
    private: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    auth_secret: bytes = field(default_factory=lambda: os.urandom(16))

    @property
    def public_bytes(self) -> bytes:
        return self.private.public_key().public_bytes(serialization.Encoding.X962,
                                                     serialization.PublicFormat.UncompressedPoint)

    @property
    def p256dh(self) -> str:
        return b64u(self.public_bytes)

    @property
    def auth(self) -> str:
        return b64u(self.auth_secret)


def _hkdf(*, salt: bytes, ikm: bytes, info: bytes, length: int) -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=length, salt=salt, info=info).derive(ikm)


def push_decrypt(body: bytes, keys: BrowserKeys) -> bytes:
    """The plaintext of an `aes128gcm` push message body (one record, as a push message is)."""
    salt, record_size, id_length = body[:16], int.from_bytes(body[16:20], "big"), body[20]
    sender_public = body[21:21 + id_length]
    ciphertext = body[21 + id_length:]
    assert len(ciphertext) <= record_size, "a push message is one record"
    server_key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), sender_public)
    shared = keys.private.exchange(ec.ECDH(), server_key)
    # RFC 8291 §3.4: the input keying material, bound to both public keys and the auth secret.
    ikm = _hkdf(salt=keys.auth_secret, ikm=shared, length=32,
                info=b"WebPush: info\x00" + keys.public_bytes + sender_public)
    # RFC 8188 §2.2-2.3: the content-encryption key and the nonce.
    cek = _hkdf(salt=salt, ikm=ikm, info=b"Content-Encoding: aes128gcm\x00", length=16)
    nonce = _hkdf(salt=salt, ikm=ikm, info=b"Content-Encoding: nonce\x00", length=12)
    padded = AESGCM(cek).decrypt(nonce, ciphertext, None)
    unpadded = padded.rstrip(b"\x00")
    assert unpadded.endswith(b"\x02"), "the last record ends with the 0x02 delimiter"
    return unpadded[:-1]


def vapid_claims(authorization: str, *, public_key: str) -> dict:
    """The claims of a `vapid t=<jwt>,k=<key>` header, once its ES256 signature is checked against the
    site's public key (AssertionError otherwise)."""
    scheme, _space, params = authorization.partition(" ")
    assert scheme == "vapid", authorization
    parts = dict(item.split("=", 1) for item in params.split(","))
    assert parts["k"] == public_key, "signed with the site's VAPID key"
    header_b64, payload_b64, signature_b64 = parts["t"].split(".")
    assert json.loads(unb64u(header_b64)) == {"typ": "JWT", "alg": "ES256"}
    signature = unb64u(signature_b64)
    assert len(signature) == 64
    der = encode_dss_signature(int.from_bytes(signature[:32], "big"), int.from_bytes(signature[32:], "big"))
    key = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64u(public_key))
    try:
        key.verify(der, f"{header_b64}.{payload_b64}".encode(), ec.ECDSA(hashes.SHA256()))
    except InvalidSignature as error:
        raise AssertionError("the VAPID JWT signature does not verify") from error
    return json.loads(unb64u(payload_b64))


@dataclass
class PushReceived:
    path: str
    headers: dict
    body: bytes


class FakePushService:
    """A push service on 127.0.0.1: records every message and answers `status_for[path]` (201 when not
    set); `hang` holds each request until the test sets it (a push service that never answers)."""

    def __init__(self):
        self.received: list[PushReceived] = []
        self.status_for: dict[str, int] = {}
        self.hang = threading.Event()
        self.released = threading.Event()
        self.arrived = threading.Condition()
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                with service.arrived:
                    service.received.append(PushReceived(self.path, dict(self.headers.items()), body))
                    service.arrived.notify_all()
                if service.hang.is_set():
                    service.released.wait(30)
                try:
                    self.send_response(service.status_for.get(self.path, 201))
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                except OSError:
                    pass

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.count = 0

    def endpoint(self) -> str:
        """A new device's endpoint on this service."""
        self.count += 1
        return f"http://127.0.0.1:{self.server.server_port}/push/device-{self.count}"

    @property
    def origin(self) -> str:
        parts = urlsplit(self.endpoint())
        return f"{parts.scheme}://{parts.netloc}"

    def wait_for(self, count: int, timeout: float = 10) -> list[PushReceived]:
        with self.arrived:
            assert self.arrived.wait_for(lambda: len(self.received) >= count, timeout), (
                f"{len(self.received)} push(es) received, {count} expected")
        return self.received

    def to(self, endpoint: str) -> list[PushReceived]:
        path = urlsplit(endpoint).path
        return [r for r in self.received if r.path == path]


def push_message(received: PushReceived, keys: BrowserKeys) -> dict:
    """The JSON a device gets from one received message."""
    assert received.headers.get("Content-Encoding") == "aes128gcm"
    return json.loads(push_decrypt(received.body, keys))


@pytest.fixture
def push_service():
    service = FakePushService()
    service.thread.start()
    yield service
    service.released.set()
    service.server.shutdown()
    service.server.server_close()


@pytest.fixture
def push_on(settings):
    """Push configured with the tests' VAPID key; the loopback fake service reachable (the webhooks'
    test-only setting, never read from the environment)."""
    settings.VAPID_PRIVATE_KEY = TEST_VAPID_PRIVATE_KEY
    settings.VAPID_PUBLIC_KEY = ""
    settings.VAPID_SUBJECT = "mailto:staff@estrade.example"
    settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = True
    settings.SITE_URL = "https://estrade.example"
    from push.keys import vapid_keys

    vapid_keys.cache_clear()
    yield vapid_keys()
    vapid_keys.cache_clear()
