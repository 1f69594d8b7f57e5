"""A webhook's deliveries in the club's control panel: the recent ones, a page at a time (status, HTTP code,
attempts, error), in a number of queries that does not grow with them; « Renvoyer » (POST with CSRF) makes
a new delivery with the same body, queued after commit and sent like any other, and logs it."""
import datetime as dt
from unittest import mock

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from audit.models import AuditLog
from tests.support.clubs import club_cache_warmed
from tests.support.permissions import club_staff
from tests.support.web import client_for, text
from webhooks.models import Delivery, DeliveryStatus, EventKind, WebhookKind
from webhooks.selectors import DELIVERIES_PER_PAGE
from webhooks.services import delivery_attempt

pytestmark = pytest.mark.django_db


def delivery_of(webhook, n=0, **fields) -> Delivery:
    return Delivery.objects.create(
        webhook=webhook, event=EventKind.DUEL_STARTED, payload={"event": "duel.started", "n": n},
        created_at=timezone.now() - dt.timedelta(minutes=n), **fields)


def deliveries_url(webhook, page=None) -> str:
    url = reverse("clubs:webhooks_panel:deliveries", args=[webhook.pk])
    return f"{url}?page={page}" if page else url


def test_the_deliveries_show_status_code_attempts_and_error_newest_first(make_webhook):
    webhook = make_webhook(kind=WebhookKind.SIGNED)
    delivery_of(webhook, 2, status=DeliveryStatus.SENT, attempts=1, last_status_code=204)
    failed = delivery_of(webhook, 1, status=DeliveryStatus.FAILED, attempts=8, last_status_code=503,
                         last_error="le destinataire ne répond pas")
    html = text(client_for(club_staff()).get(deliveries_url(webhook)))
    rows = html.split('data-delivery="')[1:]
    assert [int(row.split('"')[0]) for row in rows][0] == failed.pk
    newest = rows[0].split("</tr>")[0]
    assert "échec" in newest and ">503<" in newest and ">8<" in newest and "le destinataire ne répond pas" in newest
    assert "envoyé" in rows[1] and ">204<" in rows[1]
    assert "abcdef123456" not in html  # the receiver's path, the address's secret part: masked


def test_the_deliveries_come_a_page_at_a_time(make_webhook):
    webhook = make_webhook()
    for n in range(DELIVERIES_PER_PAGE + 5):
        delivery_of(webhook, n)
    client = client_for(club_staff())
    first, second = text(client.get(deliveries_url(webhook))), text(client.get(deliveries_url(webhook, 2)))
    assert first.count("data-delivery=") == DELIVERIES_PER_PAGE and second.count("data-delivery=") == 5
    assert "Page 1 sur 2" in first and "?page=2" in first


def test_the_deliveries_page_needs_the_same_queries_for_one_delivery_or_a_full_page(make_webhook,
                                                                                      django_assert_max_num_queries):
    webhook = make_webhook()
    delivery_of(webhook)
    client = client_for(club_staff())
    club_cache_warmed()
    client.get(deliveries_url(webhook))
    with CaptureQueriesContext(connection) as one:
        assert client.get(deliveries_url(webhook)).status_code == 200
    for n in range(1, DELIVERIES_PER_PAGE * 2):
        delivery_of(webhook, n, status=DeliveryStatus.FAILED, attempts=3, last_status_code=500,
                    resent_from=webhook.deliveries.first())
    with django_assert_max_num_queries(len(one.captured_queries)):
        html = text(client.get(deliveries_url(webhook)))
    assert html.count("data-delivery=") == DELIVERIES_PER_PAGE


def test_resend_makes_a_new_delivery_queued_then_sent_and_logged(make_webhook, receiver,
                                                                 django_capture_on_commit_callbacks):
    webhook = make_webhook(kind=WebhookKind.SIGNED)
    original = delivery_of(webhook, status=DeliveryStatus.FAILED, attempts=8, last_status_code=500)
    staff = club_staff()
    client = client_for(staff)
    url = reverse("clubs:webhooks_panel:resend", args=[webhook.pk, original.pk])
    assert client.get(url).status_code == 405  # a resend is a POST only
    with mock.patch("webhooks.services.delivery.deliveries_queue") as queued, \
            django_capture_on_commit_callbacks(execute=True):
        response = client.post(url, follow=True)
    assert "Envoi renvoyé" in text(response)
    copy = Delivery.objects.exclude(pk=original.pk).get()
    queued.assert_called_once_with([copy.pk])
    assert (copy.resent_from, copy.payload, copy.event_id, copy.status) == (
        original, original.payload, original.event_id, DeliveryStatus.PENDING)
    assert delivery_attempt(delivery_id=copy.pk) == DeliveryStatus.SENT  # what the queued task does
    (request,) = receiver.wait_for(1)
    assert request.json == original.payload and request.headers["X-Estrade-Delivery"] == str(copy.pk)
    entry = AuditLog.objects.get(action="webhook.resend")
    assert entry.actor == staff and entry.data["delivery"] == original.pk and entry.data["copy"] == copy.pk
    assert "renvoi" in text(client.get(deliveries_url(webhook)))


def test_resend_needs_the_csrf_token(make_webhook):
    webhook = make_webhook()
    original = delivery_of(webhook, status=DeliveryStatus.FAILED)
    client = client_for(club_staff(), csrf=True)
    url = reverse("clubs:webhooks_panel:resend", args=[webhook.pk, original.pk])
    assert client.post(url).status_code == 403
    assert Delivery.objects.count() == 1


def test_a_disabled_webhook_resends_nothing(make_webhook):
    webhook = make_webhook(enabled=False, disabled_reason="HTTP 410")
    original = delivery_of(webhook, status=DeliveryStatus.FAILED)
    client = client_for(club_staff())
    assert "Renvoyer" not in text(client.get(deliveries_url(webhook))).split("<tbody>")[1]
    response = client.post(reverse("clubs:webhooks_panel:resend", args=[webhook.pk, original.pk]), follow=True)
    assert "réactivez-le" in text(response)
    assert Delivery.objects.count() == 1 and not AuditLog.objects.exists()
