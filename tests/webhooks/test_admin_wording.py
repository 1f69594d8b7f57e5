"""The webhook admin speaks like the site: times in Paris time, and the help of an empty field says it
keeps the saved value only where there is one (editing, not adding)."""
import datetime as dt

import pytest
from django.urls import reverse

from tests.factories.accounts import UserFactory
from webhooks.models import Delivery, DeliveryStatus, EventKind, Webhook, WebhookKind

pytestmark = pytest.mark.django_db

KEEP_ADDRESS = "Laissez vide pour garder l'adresse enregistrée"
KEEP_SECRET = "Laissez vide pour garder le secret enregistré"


@pytest.fixture
def staff_client(client):
    client.force_login(UserFactory(username="staff", is_staff=True, is_superuser=True))
    return client


def test_the_last_deliveries_show_paris_time(staff_client):
    webhook = Webhook.objects.create(name="Forum", kind=WebhookKind.SIGNED, url="https://forum.example/hook",
                                     secret="x", events=[EventKind.DUEL_STARTED])
    Delivery.objects.create(webhook=webhook, event=EventKind.DUEL_STARTED, payload={}, status=DeliveryStatus.SENT,
                            created_at=dt.datetime(2026, 6, 1, 18, 5, tzinfo=dt.UTC))  # 20:05 in Paris (summer)
    html = staff_client.get(reverse("admin:webhooks_webhook_change", args=[webhook.pk])).content.decode()
    assert "1 juin 2026 20:05" in html
    assert "18:05" not in html


def test_the_add_form_does_not_offer_to_keep_an_address_it_does_not_have(staff_client):
    html = staff_client.get(reverse("admin:webhooks_webhook_add")).content.decode()
    assert "Copier l'URL" in html and KEEP_ADDRESS not in html
    assert "un secret est tiré au hasard" in html and KEEP_SECRET not in html


def test_the_change_form_says_an_empty_field_keeps_the_saved_address_and_secret(staff_client):
    webhook = Webhook.objects.create(name="Forum", kind=WebhookKind.SIGNED, url="https://forum.example/hook",
                                     secret="x", events=[EventKind.DUEL_STARTED])
    html = staff_client.get(reverse("admin:webhooks_webhook_change", args=[webhook.pk])).content.decode()
    assert KEEP_ADDRESS in html and KEEP_SECRET in html and "un secret est tiré au hasard" not in html
