"""On PostgreSQL `rankings_rebuild` compares the table in the database: it finds the same differences
as folding every result in Python, and fixes them (a few under row locks, many in bulk)."""
import datetime as dt

import pytest
from django.db import connection
from django.db.models import F
from django.utils import timezone

from rankings.models import ScopeSize, Season, Standing
from rankings.services import standings_sql
from rankings.services.rebuild import rebuild_in_python, standings_rebuild
from tests.support.corrections import backfire, finished

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _postgres_only():
    if connection.vendor != "postgresql":
        pytest.skip("the comparison in the database is PostgreSQL SQL (set DATABASE_URL=postgres://…)")


def history():
    today = timezone.localdate()
    Season.objects.create(name="Now", slug="now", starts_on=today - dt.timedelta(days=2),
                          ends_on=today + dt.timedelta(days=2))
    Season.objects.create(name="Soon", slug="soon", starts_on=today + dt.timedelta(days=3),
                          ends_on=today + dt.timedelta(days=9))
    duels = [finished(winner) for winner in (1, 2, 1)]
    duel, referee, hitter, _hit, declaration = duels[-1]
    backfire(declaration, referee, hitter)


def corrupt():
    lines = list(Standing.objects.order_by("pk"))
    lines[0].delete()  # missing
    Standing.objects.filter(pk=lines[1].pk).update(points=7, purse=F("purse") + 3)  # changed
    Standing.objects.filter(pk=lines[2].pk).update(reached_at=lines[2].reached_at - dt.timedelta(hours=1))
    extra = lines[3]
    extra.pk, extra.year = None, 7  # a line no result calls for
    extra.save()
    ScopeSize.objects.filter(pk=ScopeSize.objects.order_by("pk").first().pk).update(lines=99)


def summary(report):
    return (set(report.missing), set(report.extra), {(k, tuple(h), tuple(w)) for k, h, w in report.changed},
            set(report.sizes), report.checked)


def test_the_database_finds_the_differences_folding_in_python_finds():
    history()
    assert standings_rebuild(fix=False).differences == 0
    corrupt()
    in_database, in_python = standings_rebuild(fix=False), rebuild_in_python(fix=False)
    assert in_database.differences >= 5
    assert summary(in_database) == summary(in_python)
    season = Season.objects.get(slug="now")
    assert summary(standings_rebuild(season=season, fix=False)) == summary(rebuild_in_python(season=season, fix=False))


@pytest.mark.parametrize("small_fix", [standings_sql.SMALL_FIX, 0])
def test_the_differences_are_fixed_in_either_way(small_fix, monkeypatch):
    monkeypatch.setattr(standings_sql, "SMALL_FIX", small_fix)  # 0: the bulk path
    history()
    corrupt()
    assert standings_rebuild(fix=True).fixed
    assert rebuild_in_python(fix=False).differences == 0
    assert standings_rebuild(fix=False).differences == 0


def test_a_table_rebuilt_from_nothing_equals_the_fold():
    history()
    Standing.objects.all().delete()
    ScopeSize.objects.all().delete()
    report = standings_rebuild(fix=True)
    assert report.fixed and len(report.missing) == report.checked > 0
    assert rebuild_in_python(fix=False).differences == 0
