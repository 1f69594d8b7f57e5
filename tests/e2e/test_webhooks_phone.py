"""The club's webhooks on a 390 px phone: the list and the deliveries are cards (stacked tables) with a long
masked address wrapping, the add form and the edit page fit; nothing scrolls sideways."""
from __future__ import annotations

import pytest
from django.utils import timezone

from tests.support.browser import PHONE, sign_in
from tests.support.permissions import club_staff
from webhooks.models import Delivery, DeliveryStatus, EventKind, Webhook, WebhookKind

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_webhook_pages_fit_a_390_px_phone(new_page, screenshot):
    staff = club_staff(username="gardien-des-webhooks")
    hook = Webhook.objects.create(
        name="Salon #duels-et-annonces-du-club-de-duel", kind=WebhookKind.DISCORD,
        url="https://discord.com/api/webhooks/123456789012345678/" + "x" * 68, events=list(EventKind.values),
        enabled=False, disabled_reason="HTTP 404")
    Delivery.objects.create(webhook=hook, event=EventKind.DUEL_FINISHED, payload={}, status=DeliveryStatus.FAILED,
                            attempts=8, last_status_code=503, created_at=timezone.now(),
                            last_error="pas de réponse valable du destinataire")
    page = sign_in(new_page, staff, viewport=PHONE)
    for url, name in (("/club/gestion/webhooks/", "list"), (f"/club/gestion/webhooks/{hook.pk}/envois/", "deliveries"),
                      ("/club/gestion/webhooks/ajouter/", "add"), (f"/club/gestion/webhooks/{hook.pk}/", "edit")):
        page.goto(url)
        screenshot(page, f"phone390-webhooks-{name}")
        assert page.evaluate("document.documentElement.scrollWidth") <= page.evaluate("innerWidth"), url
    page.goto("/club/gestion/webhooks/")
    assert page.get_by_role("cell", name="Adresse : https://discord.com/…xxxx").is_visible()
    assert page.locator("table.stacked thead").evaluate("e => e.getBoundingClientRect().right <= 0")
