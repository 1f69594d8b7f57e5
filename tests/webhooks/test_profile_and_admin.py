"""'Mon profil': the Discord id (digits, validated), the mention and digest choices. The admin: the
address masked once saved, the secret shown once, the last deliveries, and « Renvoyer »."""
import pytest
from django.urls import reverse

from accounts.models import Notification
from tests.factories.accounts import UserFactory
from webhooks.models import Delivery, DeliveryStatus, EventKind, Webhook, WebhookKind, url_masked

pytestmark = pytest.mark.django_db

DISCORD_URL = "https://discord.com/api/webhooks/1234567890/SECRET-TOKEN-abcd"


def profile_data(**overrides):
    data = {"email": "luna@example.org", "language": "fr", "discord_user_id": "", "discord_mention": "",
            "daily_digest": ""}
    data.update({f"email_{kind}": "on" for kind in Notification.Kind.values})
    data.update(overrides)
    return {key: value for key, value in data.items() if value}


@pytest.fixture
def luna(client):
    user = UserFactory(username="luna")
    client.force_login(user)
    return user


def test_the_profile_saves_the_discord_id_the_mention_and_the_digest(client, luna):
    page = client.get(reverse("profile")).content.decode()
    assert "Identifiant Discord" in page and "Me mentionner sur Discord" in page and "récapitulatif" in page
    response = client.post(reverse("profile"), profile_data(discord_user_id="123456789012345678",
                                                            discord_mention="on", daily_digest="on"))
    assert response.status_code == 302
    luna.refresh_from_db()
    assert (luna.discord_user_id, luna.discord_mention, luna.daily_digest) == ("123456789012345678", True, True)
    assert 'value="123456789012345678"' in client.get(reverse("profile")).content.decode()


@pytest.mark.parametrize("bad", ["abc", "1234567890123456", "123456789012345678901", "<@123456789012345678>",
                                 "12345678901234567 "[:-1] + "x"])
def test_a_discord_id_that_is_not_17_to_20_digits_is_refused(client, luna, bad):
    response = client.post(reverse("profile"), profile_data(discord_user_id=bad, discord_mention="on"))
    assert response.status_code == 200
    assert "17 à 20 chiffres" in response.content.decode()
    luna.refresh_from_db()
    assert luna.discord_user_id == "" and not luna.discord_mention


def test_no_mention_without_an_id(client, luna):
    client.post(reverse("profile"), profile_data(discord_mention="on"))
    luna.refresh_from_db()
    assert not luna.discord_mention


def test_masked_addresses():
    assert url_masked(DISCORD_URL) == "https://discord.com/…abcd"
    assert "SECRET" not in url_masked(DISCORD_URL)


@pytest.fixture
def staff_client(client):
    staff = UserFactory(username="staff", is_staff=True, is_superuser=True)
    client.force_login(staff)
    return client


def test_the_admin_stores_the_address_and_shows_it_masked(staff_client):
    response = staff_client.post(reverse("admin:webhooks_webhook_add"), {
        "name": "Salon #duels", "kind": WebhookKind.DISCORD, "url": DISCORD_URL, "secret": "",
        "events": [EventKind.DUEL_STARTED, EventKind.REMINDER], "language": "fr", "enabled": "on",
    })
    assert response.status_code == 302, response.content.decode()[:2000]
    webhook = Webhook.objects.get()
    assert webhook.url == DISCORD_URL and webhook.events == [EventKind.DUEL_STARTED, EventKind.REMINDER]
    for page in (reverse("admin:webhooks_webhook_change", args=[webhook.pk]), reverse("admin:webhooks_webhook_changelist")):
        html = staff_client.get(page).content.decode()
        assert "SECRET-TOKEN" not in html and "https://discord.com/…abcd" in html
    # Saving again with the address left empty keeps it.
    staff_client.post(reverse("admin:webhooks_webhook_change", args=[webhook.pk]), {
        "name": "Salon #duels", "kind": WebhookKind.DISCORD, "url": "", "secret": "",
        "events": [EventKind.DUEL_STARTED], "language": "fr", "enabled": "on",
    })
    webhook.refresh_from_db()
    assert webhook.url == DISCORD_URL and webhook.events == [EventKind.DUEL_STARTED]


def test_a_signed_webhook_gets_a_secret_shown_once(staff_client):
    response = staff_client.post(reverse("admin:webhooks_webhook_add"), {
        "name": "Forum", "kind": WebhookKind.SIGNED, "url": "https://forum.example/estrade-hook", "secret": "",
        "events": [EventKind.DUEL_FINISHED], "language": "fr", "enabled": "on",
    }, follow=True)
    webhook = Webhook.objects.get()
    assert len(webhook.secret) >= 40 and webhook.secret in response.content.decode()
    html = staff_client.get(reverse("admin:webhooks_webhook_change", args=[webhook.pk])).content.decode()
    assert webhook.secret not in html


def test_the_admin_lists_the_last_deliveries_and_resends_one(staff_client, django_capture_on_commit_callbacks):
    from django.utils import timezone

    webhook = Webhook.objects.create(name="Forum", kind=WebhookKind.SIGNED, url="http://127.0.0.1:9/hook",
                                     secret="x", events=[EventKind.DUEL_STARTED])
    delivery = Delivery.objects.create(webhook=webhook, event=EventKind.DUEL_STARTED, payload={"event": "duel.started"},
                                       status=DeliveryStatus.FAILED, attempts=8, last_status_code=500,
                                       created_at=timezone.now())
    html = staff_client.get(reverse("admin:webhooks_webhook_change", args=[webhook.pk])).content.decode()
    assert "Duel commencé" in html and "échec" in html and ">8<" in html and ">500<" in html
    from unittest import mock

    with mock.patch("webhooks.services.delivery.deliveries_queue") as queued, \
            django_capture_on_commit_callbacks(execute=True):
        response = staff_client.post(reverse("admin:webhooks_delivery_changelist"), {
            "action": "resend", "_selected_action": [delivery.pk]}, follow=True)
    assert "1 envoi renvoyé" in response.content.decode()
    copy = Delivery.objects.exclude(pk=delivery.pk).get()
    assert copy.resent_from == delivery and copy.payload == delivery.payload and copy.status == DeliveryStatus.PENDING
    queued.assert_called_once_with([copy.pk])
