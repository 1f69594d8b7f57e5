"""A webhook reaches public addresses only: refused when staff save it (admin form and model), and again
when a delivery connects (a row written straight to the database, a name resolving to loopback); staff
read a generic reason, never the socket's message; https verifies the host name; no redirect."""
import shutil
import socket
import ssl
import subprocess
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.factories.accounts import UserFactory
from tests.webhooks.conftest import Reply
from webhooks import addresses
from webhooks.models import Delivery, DeliveryStatus, EventKind, Webhook, WebhookKind
from webhooks.services import delivery_attempt, transport
from webhooks.services.transport import NO_ANSWER, REFUSED

pytestmark = pytest.mark.django_db

INTERNAL = [
    "https://169.254.169.254/latest/meta-data/",
    "https://10.1.2.3/hook", "https://192.168.1.10/hook", "https://172.16.0.1/hook", "https://[::1]/hook",
    "https://[::ffff:127.0.0.1]/hook", "https://[::ffff:a00:1]/hook", "https://localhost/hook",
    "https://127.0.0.1:6379/", "https://0.0.0.0/hook", "https://[::]/hook", "https://224.0.0.1/hook",
    "https://[fe80::1]/hook", "https://[fc00::1]/hook", "https://100.64.0.1/hook", "https://240.0.0.1/hook",
    "https://[64:ff9b::7f00:1]/hook", "https://[2002:7f00:1::1]/hook", "https://api.localhost/hook",
]


@pytest.fixture
def private_refused(settings):
    settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = False
    settings.DEBUG = False


@pytest.fixture
def staff_client(client):
    client.force_login(UserFactory(username="staff", is_staff=True, is_superuser=True))
    return client


def add_form(url: str) -> dict:
    return {"name": "Interne", "kind": WebhookKind.DISCORD, "url": url, "secret": "",
            "events": [EventKind.DUEL_STARTED], "language": "fr", "enabled": "on"}


@pytest.mark.parametrize("url", INTERNAL)
def test_the_admin_refuses_an_internal_address(private_refused, staff_client, url):
    response = staff_client.post(reverse("admin:webhooks_webhook_add"), add_form(url))
    assert response.status_code == 200
    assert "réseau interne" in response.content.decode()
    assert not Webhook.objects.exists()


@pytest.mark.parametrize("url", INTERNAL)
def test_the_model_refuses_an_internal_address(private_refused, url):
    with pytest.raises(ValidationError) as refused:
        Webhook(name="Interne", kind=WebhookKind.DISCORD, url=url, events=[]).full_clean()
    assert "réseau interne" in str(refused.value.message_dict["url"])


def test_plain_http_is_refused_unless_debug(private_refused, staff_client, settings):
    response = staff_client.post(reverse("admin:webhooks_webhook_add"), add_form("http://hooks.example/x"))
    assert "doit commencer par https://" in response.content.decode() and not Webhook.objects.exists()
    settings.DEBUG = True
    response = staff_client.post(reverse("admin:webhooks_webhook_add"), add_form("http://hooks.example/x"))
    assert response.status_code == 302 and Webhook.objects.get().url == "http://hooks.example/x"


@pytest.mark.parametrize("url", ["http://169.254.169.254/latest/meta-data/", "http://[::ffff:127.0.0.1]:6379/"])
def test_debug_allows_plain_http_but_never_an_internal_address(private_refused, staff_client, settings, url):
    settings.DEBUG = True
    response = staff_client.post(reverse("admin:webhooks_webhook_add"), add_form(url))
    assert "réseau interne" in response.content.decode() and not Webhook.objects.exists()


def test_a_public_address_is_accepted(private_refused, monkeypatch):
    monkeypatch.setattr(addresses, "resolve", lambda host, port: [(socket.AF_INET, ("93.184.215.14", port))])
    Webhook(name="Public", kind=WebhookKind.DISCORD, url="https://hooks.example/x", events=[]).full_clean()


def stored(url: str, kind=WebhookKind.SIGNED) -> Delivery:
    """A webhook written straight to the database (no form, no clean) and one delivery due for it."""
    from django.utils import timezone
    webhook = Webhook.objects.create(name="Écrit à la main", kind=kind, url=url, secret="x",
                                     events=[EventKind.DUEL_STARTED])
    now = timezone.now()
    return Delivery.objects.create(webhook=webhook, event=EventKind.DUEL_STARTED, payload={"event": "x"},
                                   created_at=now, next_try_at=now)


def test_an_internal_address_is_refused_at_send_time(private_refused, receiver, settings):
    settings.DEBUG = True  # plain http allowed: only the address decides
    delivery = stored(receiver.url)
    assert delivery_attempt(delivery_id=delivery.pk) == DeliveryStatus.FAILED  # not retried
    delivery.refresh_from_db()
    assert delivery.last_error == REFUSED and delivery.last_status_code is None
    assert receiver.requests == []


def test_a_name_resolving_to_loopback_is_refused_at_send_time(private_refused, receiver, settings, monkeypatch):
    settings.DEBUG = True
    port = receiver.server.server_port
    monkeypatch.setattr(addresses, "resolve", lambda host, p: [(socket.AF_INET6, ("::1", p, 0, 0)),
                                                               (socket.AF_INET, ("127.0.0.1", p))])
    delivery = stored(f"http://hooks.example:{port}/hook")
    assert delivery_attempt(delivery_id=delivery.pk) == DeliveryStatus.FAILED
    assert receiver.requests == []


def test_staff_read_a_generic_reason_not_the_socket_error(receiver, staff_client):
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    port = closed.getsockname()[1]
    closed.close()  # nothing listens there: « Connection refused »
    delivery = stored(f"http://127.0.0.1:{port}/hook")
    assert delivery_attempt(delivery_id=delivery.pk) == DeliveryStatus.PENDING
    delivery.refresh_from_db()
    assert delivery.last_error == NO_ANSWER
    html = staff_client.get(reverse("admin:webhooks_delivery_change", args=[delivery.pk])).content.decode()
    assert NO_ANSWER in html and "refused" not in html.lower() and "Errno" not in html


def test_a_redirect_is_not_followed(receiver):
    receiver.reply(Reply(307, {"Location": "http://127.0.0.1:9/elsewhere"}))
    delivery = stored(receiver.url)
    assert delivery_attempt(delivery_id=delivery.pk) == DeliveryStatus.FAILED
    assert len(receiver.requests) == 1
    delivery.refresh_from_db()
    assert delivery.last_status_code == 307


@pytest.fixture
def tls_receiver(tmp_path):
    """An https receiver on loopback whose certificate names `hooks.test` (self-signed)."""
    if not shutil.which("openssl"):
        pytest.skip("openssl is needed to make a certificate")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
                    "/CN=hooks.test", "-addext", "subjectAltName=DNS:hooks.test", "-keyout", str(key),
                    "-out", str(cert)], check=True, capture_output=True)
    received = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            received.append(self.rfile.read(int(self.headers["Content-Length"])))
            self.send_response(204)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_port, cert, received
    server.shutdown()
    server.server_close()


def test_https_connects_to_the_resolved_address_and_verifies_the_host_name(tls_receiver, monkeypatch):
    port, cert, received = tls_receiver
    monkeypatch.setattr(addresses, "resolve", lambda host, p: [(socket.AF_INET, ("127.0.0.1", p))])
    trusting = ssl.create_default_context(cafile=str(cert))
    monkeypatch.setattr(transport.ssl, "create_default_context", lambda: trusting)

    good = transport.http_post(f"https://hooks.test:{port}/hook", b"{}", {}, deadline=5)
    assert good.status == 204 and len(received) == 1
    wrong_name = transport.http_post(f"https://other.test:{port}/hook", b"{}", {}, deadline=5)
    assert wrong_name.status is None and wrong_name.error == NO_ANSWER and "CERTIFICATE_VERIFY_FAILED" in wrong_name.detail
    assert len(received) == 1
