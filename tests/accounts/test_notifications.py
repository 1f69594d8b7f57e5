import pytest
from django.core import mail
from django.urls import reverse

from accounts.models import Notification
from accounts.services.notifications import notification_send, notifications_mark_read
from tests.factories.accounts import UserFactory

pytestmark = pytest.mark.django_db


def test_a_notice_with_a_dedupe_key_is_stored_and_mailed_once(django_capture_on_commit_callbacks):
    user = UserFactory(email="luna@example.org")
    with django_capture_on_commit_callbacks(execute=True):
        first = notification_send(user=user, kind="reminder", message="Plus que 24 h.", dedupe_key="r24:1")
        second = notification_send(user=user, kind="reminder", message="Plus que 24 h.", dedupe_key="r24:1")
    assert first is not None and second is None
    assert Notification.objects.count() == 1
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["luna@example.org"]
    assert "Rappel d'échéance" in mail.outbox[0].subject


def test_no_email_without_an_address(django_capture_on_commit_callbacks):
    user = UserFactory(email="")
    with django_capture_on_commit_callbacks(execute=True):
        notification_send(user=user, kind="duel", message="Votre duel commence.")
    assert mail.outbox == []


def test_the_bell_counts_unread_notices_and_marking_read_clears_it(client):
    user = UserFactory()
    other = UserFactory()
    for n in range(3):
        notification_send(user=user, kind="duel", message=f"notice {n}")
    notification_send(user=other, kind="duel", message="not yours")
    client.force_login(user)
    page = client.get(reverse("notifications")).content.decode()
    assert "Notifications <span class=\"count\" title=\"non lues\">(3)</span>" in page and "not yours" not in page
    one = Notification.objects.filter(user=user).first()
    client.post(reverse("notifications_read"), {"id": one.id})
    assert 'data-unread="2"' in client.get(reverse("home")).content.decode()
    client.post(reverse("notifications_read"))
    assert 'data-unread="0"' in client.get(reverse("home")).content.decode()


def test_marking_read_never_touches_another_users_notices():
    user, other = UserFactory(), UserFactory()
    theirs = notification_send(user=other, kind="duel", message="x")
    assert notifications_mark_read(user=user, ids=[theirs.id]) == 0
    theirs.refresh_from_db()
    assert theirs.read_at is None


def test_notification_pages_need_login_and_post_with_csrf(client):
    assert client.get(reverse("notifications")).status_code == 302
    assert client.get(reverse("notifications_read")).status_code == 302


def menu_statements(client, url) -> tuple[str, list[str]]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        page = client.get(url).content.decode()
    return page, [q["sql"] for q in queries if "accounts_notification" in q["sql"] or "auth_group" in q["sql"]]


@pytest.mark.parametrize("referee", [False, True])
def test_the_menu_reads_the_bell_and_the_referee_link_in_one_statement(client, referee):
    from tests.factories.duels import RefereeFactory

    user = RefereeFactory() if referee else UserFactory()
    notification_send(user=user, kind="duel", message="une")
    notification_send(user=user, kind="duel", message="deux")
    client.force_login(user)
    page, statements = menu_statements(client, reverse("home"))
    assert 'data-unread="2"' in page
    assert (f'href="{reverse("duels:referee")}"' in page) is referee
    assert len(statements) == 1


def test_a_referee_page_that_checked_the_group_counts_the_bell_alone(client):
    from tests.factories.duels import RefereeFactory

    referee = RefereeFactory()
    notification_send(user=referee, kind="duel", message="une")
    client.force_login(referee)
    page, statements = menu_statements(client, reverse("duels:referee"))
    assert 'data-unread="1"' in page and f'href="{reverse("duels:referee")}"' in page
    counts = [sql for sql in statements if "accounts_notification" in sql]
    assert len(counts) == 1 and "auth_group" not in counts[0]  # the permission checked the group already
