"""Reads for the control panel's webhook pages: the club's webhooks with their last delivery, and a
webhook's recent deliveries. Both in a fixed number of queries, whatever the number of rows."""
from __future__ import annotations

from django.core.paginator import Page, Paginator
from django.db.models import OuterRef, QuerySet, Subquery

from webhooks.models import Delivery, EventKind, Webhook

DELIVERIES_PER_PAGE = 25


def club_webhooks() -> QuerySet:
    """The active club's webhooks, each with its last delivery's status, time and HTTP code (one query)."""
    last = Delivery.objects.filter(webhook=OuterRef("pk")).order_by("-created_at", "-pk")
    return Webhook.objects.annotate(
        last_status=Subquery(last.values("status")[:1]),
        last_at=Subquery(last.values("created_at")[:1]),
        last_code=Subquery(last.values("last_status_code")[:1]),
    ).order_by("name", "pk")


def event_labels(events: list[str]) -> list[str]:
    labels = dict(EventKind.choices)
    return [str(labels.get(event, event)) for event in events or []]


def webhook_deliveries(webhook: Webhook, page_number) -> Page:
    """One page of the webhook's deliveries, newest first (no payload read: it can be large)."""
    rows = Delivery.objects.filter(webhook=webhook).defer("payload").order_by("-created_at", "-pk")
    return Paginator(rows, DELIVERIES_PER_PAGE).get_page(page_number)
