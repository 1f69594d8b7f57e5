"""Adding a webhook from the club's control panel: the address must be public (webhooks/addresses.py) — an
internal or non-http one is refused in French, status 422, nothing stored, nothing logged; a signed
webhook's secret is shown once, on its own page, and « Tirer un nouveau secret » shows the new one once."""
import ipaddress
import socket

import pytest
from django.urls import reverse

from audit.models import AuditLog
from tests.support.permissions import club_staff
from tests.support.web import client_for, text
from webhooks import addresses
from webhooks.models import EventKind, Webhook, WebhookKind
from webhooks.services.panel import WebhookRefused, webhook_create

pytestmark = pytest.mark.django_db

ADD = "clubs:webhooks_panel:add"
REFUSED = {
    "loopback": ("https://127.0.0.1/hook", "réseau interne"),
    "loopback-v6": ("https://[::1]/hook", "réseau interne"),
    "localhost": ("https://localhost:8000/hook", "réseau interne"),
    "private": ("https://192.168.1.10/hook", "réseau interne"),
    "private-10": ("https://10.0.0.7/hook", "réseau interne"),
    "link-local": ("https://169.254.169.254/latest/meta-data/", "réseau interne"),
    "mapped-v6": ("https://[::ffff:127.0.0.1]/hook", "réseau interne"),
    "ftp": ("ftp://hooks.example/x", "doit commencer par https://"),
    "plain-http": ("http://hooks.example/x", "doit commencer par https://"),
    "file": ("file:///etc/passwd", "Saisissez une URL valide"),
    "javascript": ("javascript:alert(1)", "Saisissez une URL valide"),
}


@pytest.fixture
def private_refused(settings):
    settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = False
    settings.DEBUG = False


@pytest.fixture
def public_dns(monkeypatch):
    """Every host name resolves to one public address (no network in the tests); an address stays itself."""
    def resolve(host, port):
        try:
            ipaddress.ip_address(host)
        except ValueError:
            return [(socket.AF_INET, ("93.184.215.14", port))]
        return [(socket.AF_INET6 if ":" in host else socket.AF_INET, (host, port))]

    monkeypatch.setattr(addresses, "resolve", resolve)


def add_form(url: str, kind=WebhookKind.DISCORD, **fields) -> dict:
    return {"name": "Salon #duels", "kind": kind, "url": url, "language": "fr",
            "events": [EventKind.DUEL_STARTED, EventKind.DUEL_FINISHED], **fields}


@pytest.mark.parametrize("case", REFUSED.keys())
def test_an_address_that_is_not_public_is_refused_in_french_and_nothing_is_stored(private_refused, public_dns,
                                                                                  case):
    url, message = REFUSED[case]
    response = client_for(club_staff()).post(reverse(ADD), add_form(url, kind=WebhookKind.SIGNED))
    assert response.status_code == 422
    assert message in text(response)
    assert not Webhook.objects.exists() and not AuditLog.objects.exists()


def test_a_name_resolving_to_an_internal_address_is_refused(private_refused, monkeypatch):
    monkeypatch.setattr(addresses, "resolve", lambda host, port: [(socket.AF_INET, ("10.0.0.5", port))])
    response = client_for(club_staff()).post(reverse(ADD), add_form("https://hooks.example/x"))
    assert response.status_code == 422 and "réseau interne" in text(response)
    assert not Webhook.objects.exists()


@pytest.mark.parametrize("url", [REFUSED["loopback"][0], REFUSED["link-local"][0], REFUSED["ftp"][0]])
def test_the_service_refuses_an_internal_address_too(private_refused, url):
    with pytest.raises(WebhookRefused) as refused:
        webhook_create(by=club_staff(), name="Interne", kind=WebhookKind.DISCORD, url=url, events=[])
    assert refused.value.status == 422 and not Webhook.objects.exists()


def test_an_unknown_event_or_a_missing_name_is_refused(private_refused, public_dns):
    client = client_for(club_staff())
    response = client.post(reverse(ADD), add_form("https://hooks.example/x", events=["duel.exploded"]))
    assert response.status_code == 422 and "duel.exploded" in text(response)
    response = client.post(reverse(ADD), add_form("https://hooks.example/x", name=""))
    assert response.status_code == 422 and "Ce champ est obligatoire" in text(response)
    assert not Webhook.objects.exists()


def test_a_discord_webhook_is_added_with_its_events_and_logged(private_refused, public_dns):
    staff = club_staff()
    url = "https://discord.com/api/webhooks/1234567890/SECRET-TOKEN-wxyz"
    response = client_for(staff).post(reverse(ADD), add_form(url))
    assert response.status_code == 302 and response["Location"] == reverse("clubs:webhooks_panel:list")
    webhook = Webhook.objects.get()
    assert (webhook.url, webhook.secret, webhook.events, webhook.enabled) == (
        url, "", [EventKind.DUEL_STARTED, EventKind.DUEL_FINISHED], True)
    entry = AuditLog.objects.get(action="webhook.create")
    assert entry.actor == staff and entry.data["address"] == "https://discord.com/…wxyz"
    assert "SECRET-TOKEN" not in str(entry.data)


def test_the_signed_webhooks_secret_is_shown_once(private_refused, public_dns):
    client = client_for(club_staff())
    response = client.post(reverse(ADD), add_form("https://forum.example/estrade-hook", kind=WebhookKind.SIGNED))
    webhook = Webhook.objects.get()
    secret_page = reverse("clubs:webhooks_panel:secret", args=[webhook.pk])
    assert response.status_code == 302 and response["Location"] == secret_page
    assert len(webhook.secret) >= 40
    first = client.get(secret_page)
    assert first.status_code == 200 and webhook.secret in text(first)
    assert "no-cache" in first["Cache-Control"] or "no-store" in first["Cache-Control"]
    second = client.get(secret_page)
    assert webhook.secret not in text(second) and "data-secret-gone" in text(second)
    for page in (reverse("clubs:webhooks_panel:list"), reverse("clubs:webhooks_panel:edit", args=[webhook.pk])):
        assert webhook.secret not in text(client.get(page))
    assert webhook.secret not in str(AuditLog.objects.get(action="webhook.create").data)


def test_a_new_secret_replaces_the_old_and_is_shown_once(private_refused, public_dns):
    webhook = Webhook.objects.create(name="Forum", kind=WebhookKind.SIGNED, url="https://forum.example/hook",
                                     secret="old-secret", events=[EventKind.DUEL_FINISHED])
    staff = club_staff()
    client = client_for(staff, csrf=True)
    edit_page = client.get(reverse("clubs:webhooks_panel:edit", args=[webhook.pk]))
    assert "Tirer un nouveau secret" in text(edit_page)
    url = reverse("clubs:webhooks_panel:secret_new", args=[webhook.pk])
    assert client.post(url).status_code == 403  # no CSRF token: refused, nothing drawn
    webhook.refresh_from_db()
    assert webhook.secret == "old-secret"
    token = client.cookies["csrftoken"].value
    response = client.post(url, {"csrfmiddlewaretoken": token}, follow=True)
    webhook.refresh_from_db()
    assert webhook.secret != "old-secret" and webhook.secret in text(response)
    assert webhook.secret not in text(client.get(reverse("clubs:webhooks_panel:secret", args=[webhook.pk])))
    entry = AuditLog.objects.get(action="webhook.secret")
    assert entry.actor == staff and webhook.secret not in str(entry.data)


def test_a_discord_webhook_has_no_secret_to_draw():
    webhook = Webhook.objects.create(name="Salon", kind=WebhookKind.DISCORD, url="https://discord.com/api/x",
                                     events=[])
    client = client_for(club_staff())
    assert "Tirer un nouveau secret" not in text(client.get(reverse("clubs:webhooks_panel:edit", args=[webhook.pk])))
    response = client.post(reverse("clubs:webhooks_panel:secret_new", args=[webhook.pk]), follow=True)
    assert "Seul un webhook signé" in text(response)
    webhook.refresh_from_db()
    assert webhook.secret == "" and not AuditLog.objects.exists()


def test_editing_to_an_internal_address_is_refused_and_the_old_one_kept(private_refused):
    webhook = Webhook.objects.create(name="Salon", kind=WebhookKind.DISCORD, url="https://discord.com/api/x",
                                     events=[EventKind.DUEL_STARTED])
    response = client_for(club_staff()).post(reverse("clubs:webhooks_panel:edit", args=[webhook.pk]), {
        "name": "Salon", "url": "https://127.0.0.1:6379/", "events": [EventKind.DUEL_STARTED], "language": "fr",
        "enabled": "on"})
    assert response.status_code == 422 and "réseau interne" in text(response)
    webhook.refresh_from_db()
    assert webhook.url == "https://discord.com/api/x" and not AuditLog.objects.exists()
