"""« Renvoyer » sends a delivery to the outside again. In the operator's admin (no club served) it needs its
own permission, `webhooks.resend_delivery`, checked by the service and by the admin action; reading the
deliveries (`view_delivery`) is not enough. Inside a club the service is the club's staff's."""
from unittest import mock

import pytest
from django.contrib.auth.models import Permission
from django.urls import reverse
from django.utils import timezone

from tests.support.clubs import other_club, outside_any_club
from tests.support.permissions import club_staff, staff_with
from webhooks.models import Delivery, DeliveryStatus, EventKind, Webhook, WebhookKind
from webhooks.services.delivery import ResendRefused, delivery_resend

pytestmark = pytest.mark.django_db


@pytest.fixture
def delivery():
    webhook = Webhook.objects.create(name="Forum", kind=WebhookKind.SIGNED, url="https://forum.example/hook",
                                     secret="x", events=[EventKind.DUEL_STARTED])
    return Delivery.objects.create(webhook=webhook, event=EventKind.DUEL_STARTED, payload={"event": "duel.started"},
                                   status=DeliveryStatus.FAILED, attempts=8, created_at=timezone.now())


def test_the_permission_exists():
    assert Permission.objects.filter(content_type__app_label="webhooks", codename="resend_delivery").exists()


def test_the_service_refuses_a_staff_member_who_may_only_read_deliveries(delivery):
    with outside_any_club(), pytest.raises(ResendRefused) as refused:
        delivery_resend(delivery=delivery, by=staff_with("webhooks.view_delivery"))
    assert refused.value.code == "permission_denied" and "Peut renvoyer" in refused.value.message
    assert Delivery.objects.count() == 1


def test_the_service_resends_for_a_holder_of_the_permission(delivery):
    with outside_any_club(), mock.patch("webhooks.services.delivery.deliveries_queue"):
        copy = delivery_resend(delivery=delivery, by=staff_with("webhooks.view_delivery", "webhooks.resend_delivery"))
    assert copy.resent_from == delivery


def test_in_a_club_the_service_is_its_staffs_not_the_permissions(delivery):
    with pytest.raises(ResendRefused):
        delivery_resend(delivery=delivery, by=staff_with("webhooks.view_delivery", "webhooks.resend_delivery"))
    with pytest.raises(ResendRefused):
        delivery_resend(delivery=delivery, by=club_staff(other_club()))
    with mock.patch("webhooks.services.delivery.deliveries_queue"):
        assert delivery_resend(delivery=delivery, by=club_staff()).resent_from == delivery


def resend_through_the_admin(client, user, delivery):
    client.force_login(user)
    with mock.patch("webhooks.services.delivery.deliveries_queue"):
        return client.post(reverse("admin:webhooks_delivery_changelist"),
                           {"action": "resend", "_selected_action": [delivery.pk]}, follow=True)


def test_the_admin_offers_no_resend_to_a_reader_and_refuses_a_forged_one(client, delivery):
    reader = staff_with("webhooks.view_delivery")
    client.force_login(reader)
    page = client.get(reverse("admin:webhooks_delivery_changelist"))
    assert page.status_code == 200 and 'value="resend"' not in page.content.decode()
    response = resend_through_the_admin(client, reader, delivery)
    assert response.status_code == 200 and Delivery.objects.count() == 1


def test_the_admin_resends_for_a_holder_of_the_permission(client, delivery):
    sender = staff_with("webhooks.view_delivery", "webhooks.resend_delivery")
    client.force_login(sender)
    assert 'value="resend"' in client.get(reverse("admin:webhooks_delivery_changelist")).content.decode()
    response = resend_through_the_admin(client, sender, delivery)
    assert "1 envoi renvoyé" in response.content.decode() and Delivery.objects.count() == 2
