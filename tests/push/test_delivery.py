"""Web push through the services: a real (loopback) push service receives each message, which the test
decrypts with the browser's keys and whose VAPID signature it checks."""
import datetime as dt
import time

import pytest
from django.db import transaction

from accounts.models import Notification
from accounts.services.notifications import notification_send
from push.models import Category, PushMessage, PushStatus, PushSubscription
from push.services.delivery import background_pushes_join, notices_push, pushes_retry_due
from push.services.preferences import preferences_set
from push.services.subscriptions import subscription_save
from tests.factories.accounts import UserFactory
from tests.support.clock import START
from tests.support.duels import declare, post, started_duel
from tests.support.push import BrowserKeys, push_message, vapid_claims

PARIS_NIGHT = dt.datetime(2026, 6, 1, 21, 30, tzinfo=dt.UTC)  # 23:30 in Paris (the club's time zone)


def subscribed(user, push_service, keys=None) -> tuple[PushSubscription, BrowserKeys]:
    keys = keys or BrowserKeys()
    subscription = subscription_save(user=user, endpoint=push_service.endpoint(), p256dh=keys.p256dh,
                                     auth=keys.auth, device="Firefox sur Android")
    return subscription, keys


def turn_notice(user, *, key="duel:1:turn:1:action:opened:1", url="/club/duels/1/#agir") -> Notification:
    return notification_send(user=user, kind=Notification.Kind.DUEL, url=url, dedupe_key=key,
                             message_id="%(duel)s : à vous de poster (%(window)s), avant le %(deadline)s.",
                             params={"duel": "Duel n°1", "window": "tour 1", "deadline": "demain"})


@pytest.mark.django_db(transaction=True)
def test_the_referee_publishing_a_declaration_pushes_a_vous_de_poster_with_the_duels_link(push_on, push_service):
    duel, referee, (a, b) = started_duel()
    background_pushes_join()  # the start's notices, pushed to nobody yet
    player = a.duellist.user
    _subscription, keys = subscribed(player, push_service)
    post(duel, a, [])
    post(duel, b, [])

    started = time.monotonic()
    declare(duel, referee)  # commits: the next window opens, « à vous de poster » is stored, then pushed
    assert time.monotonic() - started < 5
    background_pushes_join()

    messages = [push_message(r, keys) for r in push_service.received]
    turn = [m for m in messages if m["title"] == "À vous de poster"]
    assert len(turn) == 1, messages
    assert "à vous de poster (tour 2, phase d'action)" in turn[0]["body"]
    assert turn[0]["url"] == f"https://estrade.example/{duel.club.slug}/duels/{duel.pk}/#agir"
    published = [m for m in messages if m["title"] == "Déclaration publiée"]
    assert len(published) == 1 and "l'arbitre a publié la déclaration (tour 1" in published[0]["body"]

    claims = vapid_claims(push_service.received[0].headers["Authorization"], public_key=push_on.public_key)
    assert claims["aud"] == push_service.origin
    assert claims["sub"] == "mailto:staff@estrade.example" and claims["exp"] > time.time()
    assert push_service.received[0].headers["TTL"] and push_service.received[0].headers["Urgency"]
    assert PushSubscription.objects.get().last_success_at is not None


@pytest.mark.django_db
def test_the_message_is_in_the_members_language(push_on, push_service):
    player = UserFactory(language="en")
    _subscription, keys = subscribed(player, push_service)
    notice = turn_notice(player)
    notices_push(notification_ids=[notice.pk])
    (received,) = push_service.wait_for(1)
    message = push_message(received, keys)
    assert message["title"] == "Your turn to post"
    assert message["url"] == "https://estrade.example/club/duels/1/#agir"


@pytest.mark.django_db
def test_every_device_of_the_member_gets_it_once_however_many_runs(push_on, push_service):
    player = UserFactory()
    _phone, phone_keys = subscribed(player, push_service)
    _laptop, laptop_keys = subscribed(player, push_service)
    subscribed(UserFactory(), push_service)  # someone else's device: not theirs
    notice = turn_notice(player)
    notices_push(notification_ids=[notice.pk])
    notices_push(notification_ids=[notice.pk])  # the task delivered twice
    first, second = push_service.wait_for(2)
    assert {push_message(first, phone_keys)["title"], push_message(second, laptop_keys)["title"]} == {
        "À vous de poster"}
    assert len(push_service.received) == 2
    assert PushMessage.objects.filter(status=PushStatus.SENT).count() == 2


@pytest.mark.django_db
@pytest.mark.parametrize("status", [404, 410])
def test_a_subscription_the_push_service_forgot_is_removed(push_on, push_service, status):
    player = UserFactory()
    gone, _keys = subscribed(player, push_service)
    kept, _keys = subscribed(player, push_service)
    push_service.status_for[f"/push/device-{1}"] = status
    report = notices_push(notification_ids=[turn_notice(player).pk])
    assert (report.sent, report.gone) == (1, 1)
    assert list(PushSubscription.objects.values_list("pk", flat=True)) == [kept.pk]
    assert not PushMessage.objects.filter(subscription_id=gone.pk).exists()


@pytest.mark.django_db
def test_each_category_is_pushed_only_if_the_member_chose_it(push_on, push_service):
    player = UserFactory()
    _subscription, keys = subscribed(player, push_service)
    preferences_set(user=player, categories=[Category.REMINDER], quiet_start=None, quiet_end=None)
    turn = turn_notice(player)
    reminder = notification_send(user=player, kind=Notification.Kind.REMINDER, url="/club/duels/1/",
                                 dedupe_key="slot:1:reminder-24h:20260602200000", message="Rappel : postez.")
    found = notification_send(user=player, kind=Notification.Kind.DUEL, url="/club/duels/1/",
                              dedupe_key="duel:1:matched:1", message="Adversaire trouvé.")
    notices_push(notification_ids=[turn.pk, reminder.pk, found.pk])
    (received,) = push_service.wait_for(1)
    assert push_message(received, keys) == {"title": "Rappel d'échéance", "body": "Rappel : postez.",
                                            "url": "https://estrade.example/club/duels/1/",
                                            "tag": f"estrade-notice-{reminder.pk}"}
    time.sleep(0.2)
    assert len(push_service.received) == 1


@pytest.mark.django_db
def test_quiet_hours_hold_the_push_until_they_end(push_on, push_service, time_machine):
    time_machine.move_to(PARIS_NIGHT, tick=False)
    player = UserFactory()
    _subscription, keys = subscribed(player, push_service)
    preferences_set(user=player, categories=list(Category.values), quiet_start=dt.time(22, 0),
                    quiet_end=dt.time(7, 30))
    notice = turn_notice(player)
    assert notices_push(notification_ids=[notice.pk]).sent == 0
    message = PushMessage.objects.get()
    assert message.next_try_at == dt.datetime(2026, 6, 2, 5, 30, tzinfo=dt.UTC)  # 07:30 in Paris

    time_machine.move_to(dt.datetime(2026, 6, 2, 5, 29, tzinfo=dt.UTC), tick=False)
    assert pushes_retry_due().describe() == "no push due"
    time_machine.move_to(dt.datetime(2026, 6, 2, 5, 31, tzinfo=dt.UTC), tick=False)
    assert pushes_retry_due().sent == 1
    (received,) = push_service.wait_for(1)
    assert push_message(received, keys)["title"] == "À vous de poster"


@pytest.mark.django_db
def test_outside_quiet_hours_it_leaves_at_once(push_on, push_service, time_machine):
    time_machine.move_to(dt.datetime(2026, 6, 1, 12, 0, tzinfo=dt.UTC), tick=False)
    player = UserFactory()
    subscribed(player, push_service)
    preferences_set(user=player, categories=list(Category.values), quiet_start=dt.time(22, 0),
                    quiet_end=dt.time(7, 30))
    assert notices_push(notification_ids=[turn_notice(player).pk]).sent == 1


@pytest.mark.django_db
def test_a_turn_notice_read_meanwhile_is_not_pushed_late(push_on, push_service, time_machine):
    time_machine.move_to(PARIS_NIGHT, tick=False)
    player = UserFactory()
    subscribed(player, push_service)
    preferences_set(user=player, categories=list(Category.values), quiet_start=dt.time(22, 0),
                    quiet_end=dt.time(7, 30))
    notice = turn_notice(player)
    notices_push(notification_ids=[notice.pk])
    Notification.objects.filter(pk=notice.pk).update(read_at=PARIS_NIGHT)  # the member posted meanwhile
    time_machine.move_to(dt.datetime(2026, 6, 2, 6, 0, tzinfo=dt.UTC), tick=False)
    pushes_retry_due()
    assert PushMessage.objects.get().status == PushStatus.SKIPPED
    assert push_service.received == []


@pytest.mark.django_db
def test_a_failing_push_service_is_tried_again_later_like_a_webhook(push_on, push_service, clock, settings):
    settings.PUSH_MAX_ATTEMPTS = 2
    player = UserFactory()
    subscription, _keys = subscribed(player, push_service)
    push_service.status_for["/push/device-1"] = 503
    notices_push(notification_ids=[turn_notice(player).pk])
    message = PushMessage.objects.get()
    assert (message.status, message.attempts, message.last_status_code) == (PushStatus.PENDING, 1, 503)
    assert message.next_try_at == START + dt.timedelta(seconds=30)
    clock.move_to(START + dt.timedelta(seconds=31), tick=False)
    pushes_retry_due()
    message.refresh_from_db()
    assert (message.status, message.attempts) == (PushStatus.FAILED, 2)
    assert PushSubscription.objects.filter(pk=subscription.pk).exists()  # a 5xx says nothing of the device


@pytest.mark.django_db(transaction=True)
def test_a_push_service_that_never_answers_neither_fails_nor_holds_the_action(push_on, push_service, settings):
    settings.PUSH_DEADLINE_SECONDS = 1
    push_service.hang.set()
    duel, referee, (a, b) = started_duel()
    background_pushes_join()
    subscribed(a.duellist.user, push_service)
    subscribed(b.duellist.user, push_service)
    post(duel, a, [])
    started = time.monotonic()
    post(duel, b, [])  # the referee's « déclaration à rédiger » (not subscribed) and nothing else…
    declare(duel, referee)  # …then the declaration: both duellists' pushes hang
    assert time.monotonic() - started < 2
    duel.refresh_from_db()
    assert duel.turn == 2  # the action committed
    push_service.wait_for(1)
    background_pushes_join()  # each push gave up at its deadline, the service still silent
    push_service.released.set()
    waiting = PushMessage.objects.filter(status=PushStatus.PENDING, last_status_code=None, attempts=1)
    assert waiting.count() == PushMessage.objects.count() >= 2  # tried again by the sweep, later


@pytest.mark.django_db
def test_push_off_without_vapid_keys_stores_nothing(push_service, settings):
    from push.keys import vapid_keys

    settings.VAPID_PRIVATE_KEY = ""
    vapid_keys.cache_clear()
    player = UserFactory()
    with transaction.atomic():
        turn_notice(player)
    assert notices_push(notification_ids=list(Notification.objects.values_list("pk", flat=True))).sent == 0
    assert pushes_retry_due().describe() == "no push due"


@pytest.mark.django_db
def test_a_worker_outside_any_club_pushes_with_the_notices_club_links(push_on, push_service):
    from tests.support.clubs import outside_any_club

    player = UserFactory(language="fr")
    _subscription, keys = subscribed(player, push_service)
    notice = turn_notice(player, url="/club/duels/7/#agir")
    with outside_any_club():
        assert notices_push(notification_ids=[notice.pk]).sent == 1
    (received,) = push_service.wait_for(1)
    assert push_message(received, keys)["url"] == "https://estrade.example/club/duels/7/#agir"


@pytest.mark.django_db
def test_with_a_broker_one_message_goes_to_the_push_task_which_pushes(push_on, push_service, monkeypatch,
                                                                     django_capture_on_commit_callbacks):
    from common.after_commit import _task
    from config.celery import app

    queued = []
    monkeypatch.setattr("push.services.delivery.task_enqueue", lambda name, *args: queued.append((name, args)))
    player = UserFactory()
    _subscription, keys = subscribed(player, push_service)
    app.conf.task_always_eager = False  # the autouse eager_tasks fixture puts it back
    with django_capture_on_commit_callbacks(execute=True):
        first, second = turn_notice(player), turn_notice(player, key="duel:2:turn:1:action:opened:1")
    assert queued == [("push.tasks.notices_push", ([first.pk, second.pk],))]  # one message per commit
    task = _task(app, "push.tasks.notices_push")
    assert task.run([first.pk, second.pk]) == 2
    assert len(push_service.wait_for(2)) == 2
