"""Webhook deliveries and digests outside any club (a worker, beat): each row is found with its club and
sent for that club, its links into that club."""
import datetime as dt

import pytest
from django.core import mail
from django_scopes import ScopeError

from accounts.models import User
from clubs.scoping import activate_club, scopes_disabled
from tests.support.clubs import other_club, outside_any_club
from tests.support.duels import started_duel
from webhooks.models import Delivery, DeliveryStatus, EventKind, WebhookKind
from webhooks.services.digest import digests_send
from webhooks.tasks import deliveries_retry, webhook_deliver

pytestmark = pytest.mark.django_db


def test_a_delivery_of_another_club_is_sent_by_its_task_with_no_club_active(webhooks_clock, receiver, make_webhook):
    with activate_club(other_club()) as ilvermorny:
        make_webhook(kind=WebhookKind.SIGNED, events=[EventKind.DUEL_STARTED])
        duel, _referee, _duellists = started_duel()
        (delivery,) = Delivery.objects.all()
    with outside_any_club():
        with pytest.raises(ScopeError):
            Delivery.objects.count()  # nothing active: the task finds the delivery's club itself
        assert webhook_deliver.delay(delivery.pk).get() == DeliveryStatus.SENT
    (request,) = receiver.wait_for(1)
    assert request.json["duel"]["url"] == f"https://estrade.example/ilvermorny/duels/{duel.pk}/"
    with activate_club(ilvermorny):
        delivery.refresh_from_db()
        assert delivery.status == DeliveryStatus.SENT


def test_the_retry_sweep_sends_what_is_due_in_every_club(webhooks_clock, receiver, make_webhook):
    make_webhook(kind=WebhookKind.SIGNED, events=[EventKind.DUEL_STARTED])
    ours, _referee, _duellists = started_duel()
    with activate_club(other_club()):
        make_webhook(kind=WebhookKind.SIGNED, events=[EventKind.DUEL_STARTED])
        theirs, _their_referee, _their_duellists = started_duel()
    with outside_any_club():
        assert deliveries_retry.delay().get() == 2
    urls = {request.json["duel"]["url"] for request in receiver.wait_for(2)}
    assert urls == {f"https://estrade.example/club/duels/{ours.pk}/",
                    f"https://estrade.example/ilvermorny/duels/{theirs.pk}/"}
    with scopes_disabled():
        assert set(Delivery.objects.values_list("status", flat=True)) == {DeliveryStatus.SENT}


def test_digests_of_members_of_two_clubs_link_each_into_their_club(time_machine):
    time_machine.move_to(dt.datetime(2026, 6, 1, 18, 0, tzinfo=dt.UTC), tick=False)
    ours, _referee, (luna, _draco) = started_duel()
    with activate_club(other_club()):
        theirs, _their_referee, (cho, _x) = started_duel()
    for who, address in ((luna, "luna@example.org"), (cho, "cho@example.org")):
        User.objects.filter(pk=who.duellist.user_id).update(daily_digest=True, email=address)
    time_machine.move_to(dt.datetime(2026, 6, 2, 6, 30, tzinfo=dt.UTC), tick=False)  # 8:30 in Paris
    with outside_any_club():  # beat's job: no club active
        assert digests_send().sent == 2
    body = {message.to[0]: message.body for message in mail.outbox}
    assert f"https://estrade.example/club/duels/{ours.pk}/#agir" in body["luna@example.org"]
    assert f"https://estrade.example/ilvermorny/duels/{theirs.pk}/#agir" in body["cho@example.org"]
    assert "ilvermorny" not in body["luna@example.org"]


def test_a_member_of_two_clubs_gets_one_digest_with_each_duel_linked_into_its_club(time_machine):
    time_machine.move_to(dt.datetime(2026, 6, 1, 18, 0, tzinfo=dt.UTC), tick=False)
    ours, _referee, (luna, _draco) = started_duel()
    with activate_club(other_club()):
        theirs, _their_referee, (luna_there, _x) = started_duel()
        luna_there.duellist.user = luna.duellist.user  # the same account, a character in each club
        luna_there.duellist.save(update_fields=["user"])
    User.objects.filter(pk=luna.duellist.user_id).update(daily_digest=True, email="luna@example.org")
    time_machine.move_to(dt.datetime(2026, 6, 2, 6, 30, tzinfo=dt.UTC), tick=False)
    with outside_any_club():
        assert digests_send().sent == 1
    (message,) = mail.outbox
    assert f"https://estrade.example/club/duels/{ours.pk}/#agir" in message.body
    assert f"https://estrade.example/ilvermorny/duels/{theirs.pk}/#agir" in message.body
