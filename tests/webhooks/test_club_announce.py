"""The club's other events (tournaments, the house cup) are stored and queued as a duel's are: one delivery
per webhook carrying the event, rolled back with the action, and a broken body never breaks the action."""
import pytest
from django.db import transaction

from webhooks.models import Delivery, EventKind, WebhookKind
from webhooks.services.club_events import club_announce

pytestmark = pytest.mark.django_db


def announce_points(sentence=lambda: "Serdaigle gagne 5 points."):
    return club_announce(EventKind.CUP_POINTS, title="Coupe des maisons", sentence=sentence,
                         subject={"house": "Serdaigle"}, link="https://estrade.example/club/coupe/")


def test_one_delivery_per_webhook_carrying_the_event(webhooks_clock, make_webhook):
    make_webhook(kind=WebhookKind.SIGNED, events=[EventKind.CUP_POINTS])
    make_webhook(kind=WebhookKind.DISCORD, events=[EventKind.CUP_POINTS], url="https://discord.com/api/webhooks/1/x")
    make_webhook(kind=WebhookKind.SIGNED, events=[EventKind.DUEL_STARTED])  # does not carry it
    ids = announce_points()
    rows = Delivery.objects.filter(pk__in=ids)
    assert len(ids) == 2 and len({row.event_id for row in rows}) == 1  # one event, two bodies
    signed = rows.get(webhook__kind=WebhookKind.SIGNED).payload
    assert signed["text"] == "Serdaigle gagne 5 points." and signed["subject"] == {"house": "Serdaigle"}
    discord = rows.get(webhook__kind=WebhookKind.DISCORD).payload
    assert discord["embeds"][0]["description"] == "Serdaigle gagne 5 points."


def test_the_deliveries_roll_back_with_the_action(webhooks_clock, make_webhook):
    make_webhook(kind=WebhookKind.SIGNED, events=[EventKind.CUP_POINTS])
    with pytest.raises(RuntimeError), transaction.atomic():
        assert len(announce_points()) == 1
        raise RuntimeError("the action failed after announcing")
    assert Delivery.objects.count() == 0


def test_a_broken_body_never_breaks_the_action(webhooks_clock, make_webhook):
    make_webhook(kind=WebhookKind.SIGNED, events=[EventKind.CUP_POINTS])

    def broken():
        raise ValueError("bug")

    with transaction.atomic():
        assert announce_points(sentence=broken) == []
        assert Delivery.objects.count() == 0  # the savepoint rolled back, the transaction goes on
