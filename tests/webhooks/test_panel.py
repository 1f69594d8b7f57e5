"""The club's webhooks in its control panel (/<club>/gestion/webhooks/): its staff and owner open every page;
a referee, a player, an outsider and another club's staff are refused, anonymous visitors sent to log in;
another club's webhook is not found. The list shows the address masked, the events, the state and why it
was disabled, and the last delivery, in a number of queries that does not grow with the webhooks."""
import pytest
from django.urls import reverse
from django.utils import timezone

from accounts.models import Notification
from audit.models import AuditLog
from clubs.scoping import activate_club
from tests.factories.accounts import UserFactory
from tests.support.clubs import club_cache_warmed, club_member, make_referee, other_club
from tests.support.permissions import club_staff, staff_with
from tests.support.web import client_for, text
from webhooks.models import Delivery, DeliveryStatus, EventKind, Webhook, WebhookKind
from webhooks.services.delivery import webhook_disable
from webhooks.services.panel import (
    MANAGE_WEBHOOKS,
    WebhookRefused,
    webhook_create,
    webhook_delete,
    webhook_secret_regenerate,
    webhook_update,
)

pytestmark = pytest.mark.django_db

DISCORD_URL = "https://discord.com/api/webhooks/1234567890/SECRET-TOKEN-wxyz"


def discord_hook(name="Salon #duels", **fields) -> Webhook:
    return Webhook.objects.create(name=name, kind=WebhookKind.DISCORD, url=fields.pop("url", DISCORD_URL),
                                  events=fields.pop("events", [EventKind.DUEL_STARTED, EventKind.REMINDER]),
                                  **fields)


def delivery_of(webhook, **fields) -> Delivery:
    return Delivery.objects.create(webhook=webhook, event=EventKind.DUEL_STARTED, payload={"event": "duel.started"},
                                   created_at=fields.pop("created_at", timezone.now()), **fields)


def pages(webhook, delivery) -> list[tuple[str, str]]:
    """(method, address) of every page and action of the panel's webhooks."""
    name = "clubs:webhooks_panel:"
    return [("get", reverse(name + "list")), ("get", reverse(name + "add")),
            ("get", reverse(name + "edit", args=[webhook.pk])), ("get", reverse(name + "secret", args=[webhook.pk])),
            ("post", reverse(name + "secret_new", args=[webhook.pk])),
            ("get", reverse(name + "delete", args=[webhook.pk])),
            ("get", reverse(name + "deliveries", args=[webhook.pk])),
            ("post", reverse(name + "resend", args=[webhook.pk, delivery.pk]))]


@pytest.fixture
def signed():
    hook = Webhook.objects.create(name="Forum", kind=WebhookKind.SIGNED, url="https://forum.example/hook",
                                  secret="old-secret", events=[EventKind.DUEL_FINISHED])
    return hook, delivery_of(hook, status=DeliveryStatus.FAILED, attempts=8)


@pytest.mark.parametrize("owner", [False, True], ids=["staff", "owner"])
def test_the_clubs_staff_and_owner_open_every_page(signed, owner, monkeypatch):
    monkeypatch.setattr("webhooks.services.delivery.deliveries_queue", lambda ids: None)
    client = client_for(club_staff(owner=owner))
    for method, url in pages(*signed):
        response = getattr(client, method)(url)
        assert response.status_code in (200, 302), url
        if method == "get":
            assert 'class="panel-menu"' in text(response), url


@pytest.mark.parametrize("who", ["referee", "player", "outsider", "other_clubs_staff"])
def test_anyone_but_the_clubs_staff_is_refused_and_nothing_changes(signed, who):
    user = {"referee": lambda: _referee(), "player": club_member, "outsider": UserFactory,
            "other_clubs_staff": lambda: club_staff(other_club())}[who]()
    client = client_for(user)
    for method, url in pages(*signed):
        assert getattr(client, method)(url).status_code == 403, url
    webhook = Webhook.objects.get(pk=signed[0].pk)
    assert webhook.secret == "old-secret" and Delivery.objects.count() == 1
    assert not AuditLog.objects.filter(action__startswith="webhook.").exists()


def _referee():
    user = club_member()
    make_referee(user)
    return user


def test_anonymous_visitors_are_sent_to_log_in(client, signed):
    for method, url in pages(*signed):
        response = getattr(client, method)(url)
        assert response.status_code == 302 and "connexion" in response["Location"], url


def test_another_clubs_webhook_and_delivery_are_not_found(signed):
    with activate_club(other_club()):
        theirs = discord_hook(name="Leur salon")
        their_delivery = delivery_of(theirs)
    client = client_for(club_staff())
    for method, url in pages(theirs, their_delivery):
        if "ajouter" in url or url == reverse("clubs:webhooks_panel:list"):
            continue
        assert getattr(client, method)(url).status_code == 404, url
    ours = signed[0]
    forged = reverse("clubs:webhooks_panel:resend", args=[ours.pk, their_delivery.pk])  # our hook, their delivery
    assert client.post(forged).status_code == 404
    with activate_club(other_club()):
        assert Delivery.objects.count() == 1
    assert "Leur salon" not in text(client.get(reverse("clubs:webhooks_panel:list")))


def test_the_list_masks_the_address_and_says_why_a_webhook_was_disabled(signed):
    hook = discord_hook()
    delivery_of(hook, status=DeliveryStatus.SENT, last_status_code=204)
    webhook_disable(webhook=hook, reason="HTTP 404", now=timezone.now())
    html = text(client_for(club_staff()).get(reverse("clubs:webhooks_panel:list")))
    assert "SECRET-TOKEN" not in html and "1234567890" not in html
    assert "https://discord.com/…wxyz" in html
    row = html.split(f'data-webhook="{hook.pk}"')[1].split("</tr>")[0]
    assert "Duel commencé, Rappel d&#x27;échéance" in row
    assert "désactivé (HTTP 404)" in row
    assert 'data-last-status="sent"' in row and "HTTP 204" in row
    forum_row = html.split(f'data-webhook="{signed[0].pk}"')[1].split("</tr>")[0]
    assert 'data-last-status="failed"' in forum_row and "actif" in forum_row


def test_the_list_needs_the_same_queries_for_one_webhook_or_many(django_assert_max_num_queries):
    client = client_for(club_staff())
    club_cache_warmed()
    hook = discord_hook(name="Un")
    delivery_of(hook, status=DeliveryStatus.SENT)
    url = reverse("clubs:webhooks_panel:list")
    client.get(url)
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as one:
        assert client.get(url).status_code == 200
    for n in range(12):
        more = discord_hook(name=f"Salon {n}", enabled=n % 2 == 0)
        for _ in range(3):
            delivery_of(more, status=DeliveryStatus.FAILED, last_status_code=500)
    with django_assert_max_num_queries(len(one.captured_queries)):
        html = text(client.get(url))
    assert html.count("data-webhook=") == 13


def test_edit_changes_name_events_and_state_keeps_the_address_and_is_logged():
    hook = discord_hook(enabled=False, disabled_reason="HTTP 404")
    staff = club_staff()
    client = client_for(staff)
    page = text(client.get(reverse("clubs:webhooks_panel:edit", args=[hook.pk])))
    assert "SECRET-TOKEN" not in page and "HTTP 404" in page
    response = client.post(reverse("clubs:webhooks_panel:edit", args=[hook.pk]), {
        "name": "Salon #arène", "url": "", "events": [EventKind.DUEL_FINISHED], "language": "en", "enabled": "on"})
    assert response.status_code == 302
    hook.refresh_from_db()
    assert (hook.name, hook.url, hook.events, hook.language, hook.enabled, hook.disabled_reason) == (
        "Salon #arène", DISCORD_URL, [EventKind.DUEL_FINISHED], "en", True, "")
    entry = AuditLog.objects.get(action="webhook.change")
    assert entry.actor == staff and set(entry.data["changed"]) == {"name", "events", "language", "enabled"}
    assert "SECRET-TOKEN" not in str(entry.data)


def test_delete_asks_for_confirmation_then_deletes_with_its_deliveries():
    hook = discord_hook()
    delivery_of(hook)
    client = client_for(club_staff())
    url = reverse("clubs:webhooks_panel:delete", args=[hook.pk])
    assert "Je supprime ce webhook" in text(client.get(url))
    client.post(url, {})  # not confirmed
    assert Webhook.objects.filter(pk=hook.pk).exists()
    assert client.post(url, {"confirm": "yes"}).status_code == 302
    assert not Webhook.objects.exists() and not Delivery.objects.exists()
    entry = AuditLog.objects.get(action="webhook.delete")
    assert entry.data["name"] == "Salon #duels" and "SECRET-TOKEN" not in str(entry.data)


def test_the_services_refuse_anyone_but_the_clubs_staff(signed):
    hook = signed[0]
    for user in (club_member(), _referee(), club_staff(other_club()), staff_with(MANAGE_WEBHOOKS)):
        for service, kwargs in (
            (webhook_create, {"name": "Pris", "kind": WebhookKind.DISCORD, "url": "https://hooks.example/x",
                              "events": []}),
            (webhook_update, {"webhook": hook, "values": {"name": "Pris", "events": []}}),
            (webhook_secret_regenerate, {"webhook": hook}),
            (webhook_delete, {"webhook": hook}),
        ):
            with pytest.raises(WebhookRefused) as refused:
                service(by=user, **kwargs)
            assert refused.value.status == 403
    hook.refresh_from_db()
    assert (Webhook.objects.count(), hook.name, hook.secret) == (1, "Forum", "old-secret")
    assert not AuditLog.objects.exists()


def test_the_notice_of_a_disabled_webhook_links_to_the_clubs_panel_not_the_admin():
    staff = club_staff()
    hook = discord_hook()
    webhook_disable(webhook=hook, reason="HTTP 410", now=timezone.now())
    notice = Notification.objects.get(user=staff)
    assert notice.url == f"/club/gestion/webhooks/{hook.pk}/"
    assert "/admin/" not in notice.url and "administration" not in notice.message
    assert client_for(staff).get(notice.url).status_code == 200


def test_notices_sent_before_link_to_the_panel_too():
    from importlib import import_module

    from django.apps import apps

    migration = import_module("webhooks.migrations.0006_disabled_notices_link_to_the_panel")
    staff = club_staff()
    hook = discord_hook()
    webhook_disable(webhook=hook, reason="HTTP 404", now=timezone.now())
    assert Notification.objects.get(user=staff).message_id == migration.NEW  # the notice sent today
    params = {"name": "Salon", "reason": "HTTP 410"}
    old = [Notification.objects.create(user=staff, kind=Notification.Kind.DUEL, message="x", message_id=migration.OLD,
                                       params=params, url=url)
           for url in ("/admin/webhooks/webhook/7/change/", "/club/admin/webhooks/webhook/8/change/")]
    other = Notification.objects.create(user=staff, kind=Notification.Kind.DUEL, message="y", url="/admin/x/")
    migration.forwards(apps, None)
    for notice, pk in zip(old, (7, 8), strict=True):
        notice.refresh_from_db()
        assert notice.url == f"/club/gestion/webhooks/{pk}/" and notice.message_id == migration.NEW
        assert "gestion du club" in notice.message and "Salon" in notice.message and "administration" not in notice.text
    other.refresh_from_db()
    assert (other.url, other.message) == ("/admin/x/", "y")
