"""The webhook admin keeps its secrets: the generated signing secret is shown once, from the server (never
in a cookie), and an address's credentials are never shown."""
import pytest
from django.urls import reverse

from tests.factories.accounts import UserFactory
from webhooks.models import EventKind, Webhook, WebhookKind, url_masked

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client):
    client.force_login(UserFactory(username="staff", is_staff=True, is_superuser=True))
    return client


def signed_webhook_added(client, **overrides):
    return client.post(reverse("admin:webhooks_webhook_add"), {
        "name": "Forum", "kind": WebhookKind.SIGNED, "url": "https://forum.example/estrade-hook", "secret": "",
        "events": [EventKind.DUEL_FINISHED], "language": "fr", "enabled": "on", **overrides})


def test_the_generated_secret_never_travels_in_a_cookie(staff_client):
    response = signed_webhook_added(staff_client)
    webhook = Webhook.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("admin:webhooks_webhook_secret", args=[webhook.pk])
    assert all(webhook.secret not in morsel.value for morsel in response.cookies.values())
    assert webhook.secret not in str(staff_client.cookies)


def test_the_secret_page_shows_it_once_then_it_is_gone(staff_client):
    signed_webhook_added(staff_client)
    webhook = Webhook.objects.get()
    page = reverse("admin:webhooks_webhook_secret", args=[webhook.pk])
    first = staff_client.get(page)
    assert first.status_code == 200 and webhook.secret in first.content.decode()
    assert "no-store" in first["Cache-Control"]
    assert webhook.secret not in str(first.cookies) and webhook.secret not in str(staff_client.cookies)
    again = staff_client.get(page).content.decode()
    assert webhook.secret not in again and "déjà été affiché" in again
    change = staff_client.get(reverse("admin:webhooks_webhook_change", args=[webhook.pk])).content.decode()
    assert webhook.secret not in change


def test_a_secret_typed_by_staff_is_not_shown_back(staff_client):
    response = signed_webhook_added(staff_client, secret="typed-by-staff-123")
    assert response.status_code == 302 and "secret" not in response["Location"]
    assert Webhook.objects.get().secret == "typed-by-staff-123"


def test_the_secret_page_of_another_webhook_shows_nothing(staff_client):
    signed_webhook_added(staff_client)
    first = Webhook.objects.get()
    other = Webhook.objects.create(name="Autre", kind=WebhookKind.SIGNED, url="https://other.example/h", secret="x")
    html = staff_client.get(reverse("admin:webhooks_webhook_secret", args=[other.pk])).content.decode()
    assert first.secret not in html
    assert first.secret in staff_client.get(reverse("admin:webhooks_webhook_secret", args=[first.pk])).content.decode()


def test_the_secret_page_needs_the_change_permission(client):
    from django.contrib.auth.models import Permission

    viewer = UserFactory(username="viewer", is_staff=True)
    viewer.user_permissions.add(Permission.objects.get(codename="view_webhook"))
    client.force_login(viewer)
    webhook = Webhook.objects.create(name="Forum", kind=WebhookKind.SIGNED, url="https://forum.example/h", secret="x")
    assert client.get(reverse("admin:webhooks_webhook_secret", args=[webhook.pk])).status_code == 403


@pytest.mark.parametrize(("url", "shown"), [
    ("https://bob:hunter2@hooks.example/path/abcdefgh", "https://…@hooks.example/…efgh"),
    ("https://bob:hunter2@hooks.example", "https://…@hooks.example"),
    ("https://bob@hooks.example?token=abcdefgh", "https://…@hooks.example/…efgh"),
    ("https://hooks.example:8443/a", "https://hooks.example:8443/…"),
])
def test_masked_addresses_never_show_credentials(url, shown):
    assert url_masked(url) == shown


def test_the_admin_shows_an_address_with_credentials_masked(staff_client):
    webhook = Webhook.objects.create(name="Forum", kind=WebhookKind.SIGNED, secret="x",
                                     url="https://bob:hunter2@hooks.example/estrade/abcdefgh")
    for page in (reverse("admin:webhooks_webhook_change", args=[webhook.pk]),
                 reverse("admin:webhooks_webhook_changelist")):
        html = staff_client.get(page).content.decode()
        assert "hunter2" not in html and "bob" not in html and "https://…@hooks.example/…efgh" in html
