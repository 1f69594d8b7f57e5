"""Notices have a lifetime: the scheduled job prunes read ones and those of ended duels past the
retention, keeps the rest, and runs from Celery beat and from run_scheduler."""
import datetime as dt
import io

import pytest
from django.conf import settings
from django.core.management import call_command
from django.utils import timezone

from accounts.models import Notification
from accounts.services.retention import notifications_prune
from accounts.tasks import prune_notifications
from duels.models import DuelStatus
from tests.factories.duels import DuelFactory, UserFactory
from tests.support.duels import finished_duel

pytestmark = pytest.mark.django_db

NOW = timezone.now()
OLD = NOW - dt.timedelta(days=settings.NOTIFICATION_RETENTION_DAYS + 1)
RECENT = NOW - dt.timedelta(days=settings.NOTIFICATION_RETENTION_DAYS - 1)


def notice(user, *, at, read=False, duel=None, path=""):
    row = Notification.objects.create(user=user, duel=duel, kind="duel", message="m", read_at=at if read else None,
                                      url=f"/duels/{duel.pk}/{path}" if duel else "")
    Notification.objects.filter(pk=row.pk).update(created_at=at)  # created_at is auto_now_add
    return row.pk


def test_read_and_ended_duels_notices_past_the_retention_are_pruned_the_rest_kept():
    user = UserFactory()
    ended = finished_duel(at=OLD)
    ended_lately = finished_duel(at=RECENT)
    running = DuelFactory(status=DuelStatus.MATCHED)
    cancelled = DuelFactory(status=DuelStatus.CANCELLED, cancelled_at=OLD)
    pruned = {
        notice(user, at=OLD, read=True),
        notice(user, at=OLD, read=True, duel=running),
        notice(user, at=OLD, duel=ended),
        notice(user, at=OLD, duel=ended, path="arbitrage/"),
        notice(user, at=OLD, duel=cancelled),
    }
    kept = {
        notice(user, at=RECENT, read=True),
        notice(user, at=RECENT, duel=ended),
        notice(user, at=OLD, duel=ended_lately),
        notice(user, at=OLD, duel=running),
        notice(user, at=OLD),
    }
    report = notifications_prune(now=NOW)
    assert (report.read, report.of_ended_duels) == (2, 3)
    assert set(Notification.objects.values_list("pk", flat=True)) == kept
    assert not Notification.objects.filter(pk__in=pruned).exists()
    assert notifications_prune(now=NOW).describe() == "no notice to prune"  # idempotent


def test_pruning_goes_in_batches(monkeypatch):
    from accounts.services import retention

    monkeypatch.setattr(retention, "BATCH", 3)
    user = UserFactory()
    ended = finished_duel(at=OLD)
    for _ in range(7):
        notice(user, at=OLD, read=True)
        notice(user, at=OLD, duel=ended)
    report = notifications_prune(now=NOW)
    assert (report.read, report.of_ended_duels) == (7, 7) and not Notification.objects.exists()


def test_the_scheduled_jobs_prune(settings):
    user = UserFactory()
    notice(user, at=OLD, read=True)
    assert settings.CELERY_BEAT_SCHEDULE["accounts.tasks.prune_notifications"]["schedule"] == settings.PRUNE_SECONDS
    assert prune_notifications.delay().get() == 1
    notice(user, at=OLD, read=True)
    out = io.StringIO()
    call_command("run_scheduler", "--once", stdout=out, stderr=io.StringIO())
    assert "Notices pruning: 1 read notice(s)" in out.getvalue() and not Notification.objects.exists()


def test_notices_sent_about_a_duel_know_it():
    from tests.support.duels import started_duel

    duel, referee, (a, _b) = started_duel()
    told = Notification.objects.filter(user=a.duellist.user)
    assert told.exists() and set(told.values_list("duel", flat=True)) == {duel.pk}
    assert set(Notification.objects.filter(user=referee).values_list("duel", flat=True)) <= {duel.pk}
