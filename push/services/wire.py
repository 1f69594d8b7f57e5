"""One push on the wire: the payload encrypted for the subscription (RFC 8291, `aes128gcm`, pywebpush's
encoder), signed with the site's VAPID key (RFC 8292: a JWT whose audience is the push service's origin),
and posted through the webhooks' transport — public addresses only, checked again on the connected peer,
one overall deadline (webhooks/services/transport.py)."""
from __future__ import annotations

import json
import time
from urllib.parse import urlsplit

from django.conf import settings
from py_vapid import Vapid02
from pywebpush import WebPusher

from push.keys import private_key_object, vapid_keys
from push.models import PushSubscription
from webhooks.services.transport import Answer, http_post

TTL_SECONDS = 12 * 3600  # a phone switched off for the night still gets the morning's « à vous »
TOKEN_SECONDS = 12 * 3600


def endpoint_origin(endpoint: str) -> str:
    parts = urlsplit(endpoint)
    return f"{parts.scheme}://{parts.netloc}"


def encrypted_body(subscription: PushSubscription, payload: dict) -> bytes:
    pusher = WebPusher({"endpoint": subscription.endpoint,
                        "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth}})
    return pusher.encode(json.dumps(payload, ensure_ascii=False).encode(), content_encoding="aes128gcm")["body"]


def vapid_authorization(endpoint: str) -> str:
    keys = vapid_keys()
    signer = Vapid02(private_key_object(keys.private_key))
    claims = {"aud": endpoint_origin(endpoint), "sub": settings.VAPID_SUBJECT,
              "exp": int(time.time()) + TOKEN_SECONDS}
    return signer.sign(claims)["Authorization"]


def push_post(subscription: PushSubscription, payload: dict, *, urgency: str = "normal") -> Answer:
    """Encrypt, sign and post; never raises for what the push service does."""
    headers = {"Content-Encoding": "aes128gcm", "TTL": str(TTL_SECONDS), "Urgency": urgency,
               "Authorization": vapid_authorization(subscription.endpoint)}
    return http_post(subscription.endpoint, encrypted_body(subscription, payload), headers,
                     deadline=settings.PUSH_DEADLINE_SECONDS, content_type="application/octet-stream")
