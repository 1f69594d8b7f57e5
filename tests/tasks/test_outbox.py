"""The notices' outbox: stored in the action's transaction, e-mailed after commit through one sender that
applies the member's choices, one broker message per commit, a failing broker or SMTP server never
loses a notice nor undoes the action, and the minute sweep delivers what was left behind."""
import datetime as dt
import smtplib
from unittest import mock

import pytest
from django.core import mail
from django.core.mail import get_connection
from django.db import transaction
from kombu.exceptions import OperationalError as BrokerError

from accounts import tasks as account_tasks
from accounts.models import EmailPreference, Notification
from accounts.services import emails
from accounts.services.notifications import notification_send
from common import after_commit
from config.celery import app as celery_app
from duels.models import Window
from duels.services import declaration_prepare, declaration_publish
from duels.tasks import sweep_deadlines, window_expire
from tests.support.clock import H48, START
from tests.support.duels import post, started_duel

pytestmark = pytest.mark.django_db
State = Notification.EmailState


@pytest.fixture(autouse=True)
def fresh_broker_state():
    after_commit.broker_pause_reset()
    yield
    after_commit.broker_pause_reset()


def with_addresses(*users):
    for number, user in enumerate(users):
        user.email = f"membre{number}@example.org"
        user.save(update_fields=["email"])


@pytest.fixture
def duel_with_addresses(clock):
    duel, referee, (a, b) = started_duel()
    with_addresses(a.duellist.user, b.duellist.user, referee)
    return duel, referee, (a, b)


def closed_turn(duel, a, b, capture):
    with capture(execute=True):  # as committed: the referee's "declaration due" e-mailed
        post(duel, a, [])
        post(duel, b, [])
    mail.outbox.clear()
    return declaration_prepare(duel=duel, by=duel.referee)


def test_the_notices_commit_with_the_action_and_only_their_e_mails_wait_for_the_commit(
    duel_with_addresses, django_capture_on_commit_callbacks
):
    duel, referee, (a, b) = duel_with_addresses
    draft = closed_turn(duel, a, b, django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        declaration_publish(declaration=draft, by=referee)
        stored = Notification.objects.filter(dedupe_key__contains=f"declaration:{draft.pk}:published")
        assert stored.count() == 2  # in the transaction, before any commit hook ran
        assert set(stored.values_list("email_state", flat=True)) == {State.PENDING}
    assert mail.outbox == []
    task = account_tasks.notices_email
    with mock.patch.object(task, "apply_async", wraps=task.apply_async) as enqueue:
        for callback in callbacks:
            callback()
    [(_args, sent)] = enqueue.call_args_list  # the published and the opened notices: one message
    opened = Notification.objects.filter(dedupe_key__contains=":opened:", email_state=State.SENT)
    assert sorted(sent["args"][0]) == sorted([*stored.values_list("pk", flat=True), *opened.values_list("pk", flat=True)])
    assert sent["retry"] is False
    assert len(mail.outbox) == 4 and not Notification.objects.filter(email_state=State.PENDING).exists()


def test_a_rolled_back_action_leaves_no_notice_and_sends_nothing(duel_with_addresses, django_capture_on_commit_callbacks):
    duel, referee, (a, b) = duel_with_addresses
    draft = closed_turn(duel, a, b, django_capture_on_commit_callbacks)
    before = Notification.objects.count()
    with django_capture_on_commit_callbacks(execute=True) as callbacks, pytest.raises(RuntimeError), transaction.atomic():
        declaration_publish(declaration=draft, by=referee)
        raise RuntimeError("the request failed after the service")
    assert callbacks == [] and mail.outbox == []
    assert Notification.objects.count() == before and not Window.objects.filter(duel=duel, turn=2).exists()


def test_the_action_commits_with_its_notices_when_the_enqueue_raises_and_the_sweep_delivers(
    duel_with_addresses, django_capture_on_commit_callbacks, caplog
):
    duel, referee, (a, b) = duel_with_addresses
    draft = closed_turn(duel, a, b, django_capture_on_commit_callbacks)
    celery_app.conf.task_always_eager = False  # a real broker, which refuses
    try:
        with mock.patch.object(account_tasks.notices_email, "apply_async",
                               side_effect=BrokerError("Redis unreachable")) as enqueue:
            with django_capture_on_commit_callbacks(execute=True):
                declaration_publish(declaration=draft, by=referee)
            with django_capture_on_commit_callbacks(execute=True):  # the next action: the broker is left alone
                post(duel, a, [])
    finally:
        celery_app.conf.task_always_eager = True
    assert enqueue.call_count == 1
    assert "Broker unavailable (Redis unreachable)" in caplog.text and "left to its sweep" in caplog.text
    assert Window.objects.filter(duel=duel, turn=2, state="open").exists()
    published = Notification.objects.filter(dedupe_key__contains=f"declaration:{draft.pk}:published")
    assert published.count() == 2 and mail.outbox == []
    assert account_tasks.notices_email_due.delay().get() == 4  # the published and opened notices
    assert {m.to[0] for m in mail.outbox} == {"membre0@example.org", "membre1@example.org"}
    assert account_tasks.notices_email_due.delay().get() == 0  # each once


def test_the_expired_window_notices_follow_the_members_email_choice(duel_with_addresses, clock, committed):
    """The "délai expiré" notices are stored set-based by the sweep; their e-mails go through the same
    sender: a duellist who turned those e-mails off still sees the notice, without the e-mail."""
    duel, referee, (a, b) = duel_with_addresses
    EmailPreference.objects.create(user=b.duellist.user, kind=Notification.Kind.WINDOW_EXPIRED, send_email=False)
    post(duel, a, [])
    clock.move_to(START + H48 + dt.timedelta(seconds=30), tick=False)
    mail.outbox.clear()
    with committed():
        assert sweep_deadlines.delay().get() == [Window.objects.get(duel=duel).pk]
    absent = Notification.objects.get(user=b.duellist.user, kind="window_expired")
    assert absent.email_state == State.SKIPPED
    assert Notification.objects.get(user=referee, kind="window_expired").email_state == State.SENT
    assert [m.to for m in mail.outbox] == [[referee.email]]


def test_a_choice_changed_before_delivery_counts(duel_with_addresses, django_capture_on_commit_callbacks):
    duel, referee, (a, b) = duel_with_addresses
    with django_capture_on_commit_callbacks(execute=False):
        post(duel, a, [])
        post(duel, b, [])  # the referee is told the declaration is due
    EmailPreference.objects.create(user=referee, kind=Notification.Kind.DECLARATION_DUE, send_email=False)
    assert account_tasks.notices_email_due.delay().get() == 0
    assert Notification.objects.get(user=referee, kind="declaration_due").email_state == State.SKIPPED


def test_an_smtp_failure_is_retried_by_the_sweep_then_given_up(duel_with_addresses, django_capture_on_commit_callbacks):
    duel, referee, (a, b) = duel_with_addresses
    with django_capture_on_commit_callbacks(execute=False):
        post(duel, a, [])
        post(duel, b, [])
    due = Notification.objects.get(user=referee, kind="declaration_due")
    with mock.patch.object(emails, "send_mail", side_effect=smtplib.SMTPServerDisconnected("gone")):
        for attempt in range(1, emails.EMAIL_MAX_ATTEMPTS):
            assert account_tasks.notices_email_due.delay().get() == 0
            due.refresh_from_db()
            assert (due.email_state, due.email_attempts) == (State.PENDING, attempt)
    assert account_tasks.notices_email_due.delay().get() == 1 and len(mail.outbox) == 1

    due.email_state, due.email_attempts = State.PENDING, 0
    due.save()
    with mock.patch.object(emails, "send_mail", side_effect=smtplib.SMTPServerDisconnected("gone")):
        for _ in range(emails.EMAIL_MAX_ATTEMPTS):
            account_tasks.notices_email_due.delay().get()
    due.refresh_from_db()
    assert (due.email_state, due.email_attempts) == (State.FAILED, emails.EMAIL_MAX_ATTEMPTS)


def test_a_notice_claimed_by_a_dead_process_is_sent_again_later_and_never_twice(duel_with_addresses, clock):
    duel, referee, (a, b) = duel_with_addresses
    notice = notification_send(user=referee, kind=Notification.Kind.DUEL, message="Votre duel commence.")
    Notification.objects.filter(pk=notice.pk).update(email_state=State.SENDING, email_claimed_at=START)
    assert emails.notices_email(ids=[notice.pk], now=START + dt.timedelta(minutes=5)).sent == []
    assert emails.notices_email(ids=[notice.pk], now=START + dt.timedelta(minutes=11)).sent == [notice.pk]
    assert emails.notices_email(ids=[notice.pk], now=START + dt.timedelta(minutes=30)).sent == []
    assert len(mail.outbox) == 1


def test_no_message_is_queued_for_a_deadline(clock, committed):
    with mock.patch.object(window_expire, "apply_async") as queued, \
            mock.patch.object(celery_app, "send_task") as sent, committed():
        duel, referee, (a, b) = started_duel()
        post(duel, a, [])
    assert queued.call_count == 0 and sent.call_count == 0


def test_the_invitation_email_leaves_through_the_one_sender(monkeypatch):
    calls = []
    monkeypatch.setattr(emails, "send_mail", lambda **kwargs: calls.append(kwargs))
    assert emails.email_send(subject="s", body="b", address="nouveau@example.org") is True
    assert emails.email_send(subject="s", body="b", address="") is False
    assert [c["recipient_list"] for c in calls] == [["nouveau@example.org"]]
    smtp = get_connection("django.core.mail.backends.smtp.EmailBackend")
    assert smtp.timeout == 10  # EMAIL_TIMEOUT: a silent SMTP server cannot hold a worker


@pytest.mark.django_db(transaction=True)
def test_a_real_commit_sends_one_message_for_all_its_notices_and_none_for_a_rolled_back_savepoint():
    from tests.factories.accounts import UserFactory

    members = [UserFactory(email=f"m{n}@example.org") for n in range(3)]
    task = account_tasks.notices_email
    with mock.patch.object(task, "apply_async") as enqueue:
        with transaction.atomic():
            try:
                with transaction.atomic():  # a savepoint that fails: its notice and its batch go
                    notification_send(user=members[0], kind=Notification.Kind.DUEL, message="Annulé.")
                    raise RuntimeError("rolled back")
            except RuntimeError:
                pass
            for member in members[1:]:
                notification_send(user=member, kind=Notification.Kind.DUEL, message="Votre duel commence.")
            assert enqueue.call_count == 0  # nothing before the commit
    kept = list(Notification.objects.order_by("pk").values_list("pk", flat=True))
    assert len(kept) == 2
    enqueue.assert_called_once_with(args=[kept], retry=False)


def test_without_redis_the_scheduler_sends_the_e_mails_left_behind(duel_with_addresses):
    from io import StringIO

    from django.core.management import call_command

    duel, referee, (a, b) = duel_with_addresses
    with mock.patch.object(emails, "send_mail", side_effect=smtplib.SMTPServerDisconnected("gone")):
        notification_send(user=referee, kind=Notification.Kind.DUEL, message="Le duel reprend.")  # eager: fails
    out = StringIO()
    call_command("run_scheduler", "--once", stdout=out)
    assert "Notice e-mails: 1 e-mailed, 0 not wanted" in out.getvalue()
    assert [m.body for m in mail.outbox] == ["Le duel reprend."]
