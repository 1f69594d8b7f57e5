"""Pages and rules that read the club's history read a bounded part of it: the wand rest asks for at
most 4 duels, the bell counts at most 100 notices, the staff lists and "Mes duels" cost the same
number of queries with 3 duels as with 30, and none of them loads a duel's spell snapshot."""
import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from accounts.models import Notification
from audit.services import audit_record
from duels.models import Participant
from duels.selectors.wand_rest import WAND_REST_DUELS, wand_rest_remaining
from rankings.models import Result
from tests.factories.duels import DuellistFactory, UserFactory
from tests.support.clubs import club_cache_warmed
from tests.support.duels import finished_duel
from tests.support.permissions import club_staff
from tests.support.web import client_for, text

pytestmark = pytest.mark.django_db

BIG_SNAPSHOT = [{"slug": f"sort-{n}", "name": "x" * 200} for n in range(40)]


def history(duellist, count: int, *, start: dt.datetime | None = None) -> list:
    """`count` finished duels of `duellist` against new opponents, one a day, with results and audit rows."""
    start = start or timezone.now() - dt.timedelta(days=count + 1)
    duels = []
    for n in range(count):
        at = start + dt.timedelta(days=n)
        duel = finished_duel(duellist, at=at)
        duel.spells = BIG_SNAPSHOT
        duel.save(update_fields=["spells"])
        opponent = DuellistFactory()
        theirs = Participant.objects.create(duel=duel, duellist=opponent, engine_id=opponent.forum_name, team=2,
                                            year=3)
        mine = duel.participants.get(duellist=duellist)
        Result.objects.create(duel=duel, participant=mine, duellist=duellist, year=3, outcome="win",
                              champion_points=1, recorded_at=at)
        Result.objects.create(duel=duel, participant=theirs, duellist=opponent, year=3, outcome="loss",
                              recorded_at=at)
        audit_record(actor=duel.referee, action="declaration.publish", duel=duel)
        duels.append(duel)
    return duels


def queries_of(client, url) -> list[str]:
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200, url
    return [q["sql"] for q in captured.captured_queries]


def test_the_wand_rest_reads_at_most_four_duels_ended_since():
    veteran = DuellistFactory()
    history(veteran, 1)
    others = [finished_duel(at=timezone.now() - dt.timedelta(hours=n)) for n in range(6, 0, -1)]
    assert wand_rest_remaining(duellist=veteran) == 0
    with CaptureQueriesContext(connection) as captured:
        wand_rest_remaining(duellist=veteran)
    assert any(f"LIMIT {WAND_REST_DUELS}" in q["sql"] for q in captured.captured_queries)
    assert not any("COUNT(" in q["sql"].upper() for q in captured.captured_queries)
    for duel in others[-4:]:  # fewer than 4 ended since: what is left is counted exactly
        duel.finished_at = timezone.now() - dt.timedelta(days=30)
        duel.save(update_fields=["finished_at"])
    assert wand_rest_remaining(duellist=veteran) == WAND_REST_DUELS - 2


def test_the_bell_counts_at_most_a_hundred_notices_and_shows_99_plus():
    user = UserFactory()
    client = client_for(user)
    Notification.objects.bulk_create([Notification(user=user, kind="duel", message=f"n{n}") for n in range(99)])
    assert 'data-unread="99"' in text(client.get(reverse("home")))
    Notification.objects.bulk_create([Notification(user=user, kind="duel", message=f"m{n}") for n in range(30)])
    page = text(client.get(reverse("home")))
    assert 'data-unread="99+"' in page and "(99+)" in page
    assert user.menu_facts()["unread"] == 100  # counted up to the bound only
    bell = [q for q in queries_of(client, reverse("home")) if "accounts_notification" in q]
    assert bell and all("LIMIT 100" in q for q in bell)


@pytest.mark.parametrize("url", ["/admin/duels/duel/", "/admin/rankings/result/", "/admin/audit/auditlog/"])
def test_staff_lists_cost_the_same_with_ten_times_the_history(url):
    staff = UserFactory(is_staff=True, is_superuser=True)
    client = client_for(staff)
    history(DuellistFactory(), 3)
    few = queries_of(client, url)
    history(DuellistFactory(), 27)
    many = queries_of(client, url)
    assert len(many) == len(few)
    assert not any('"duels_duel"."spells"' in q for q in many)  # the snapshots are not read for a list


def test_the_audit_log_list_scans_neither_its_dates_nor_its_actors():
    staff = UserFactory(is_staff=True, is_superuser=True)
    history(DuellistFactory(), 3)
    sql = queries_of(client_for(staff), "/admin/audit/auditlog/")
    log = [q for q in sql if "audit_auditlog" in q]
    assert not any("DISTINCT" in q.upper() for q in log)  # no date hierarchy, no distinct actors or actions
    assert sum("COUNT(" in q.upper() for q in log) == 1


def test_my_duels_is_paginated_and_flat_in_the_number_of_duels():
    veteran = DuellistFactory(user=UserFactory())
    client = client_for(veteran.user)
    history(veteran, 5)
    club_cache_warmed()  # the club's address known, as on a running site
    few = queries_of(client, reverse("duels:dashboard"))
    history(veteran, 40, start=timezone.now() - dt.timedelta(days=100))
    many = queries_of(client, reverse("duels:dashboard"))
    assert len(many) == len(few)
    assert not any('"duels_duel"."spells"' in q for q in many)
    page = text(client.get(reverse("duels:dashboard")))
    assert page.count('class="duel-row') == 20 and "Page 1 sur 3" in page
    last = text(client.get(reverse("duels:dashboard") + "?page=3"))
    assert last.count('class="duel-row') == 5


def test_the_record_and_rewards_pages_do_not_load_spell_snapshots():
    veteran = DuellistFactory(user=UserFactory())
    history(veteran, 4)
    Result.objects.update(purse=10)
    record = queries_of(client_for(veteran.user), reverse("rankings:duellist", args=[veteran.forum_id]))
    rewards = queries_of(client_for(club_staff()), reverse("rankings:rewards"))
    assert not any('"duels_duel"."spells"' in q for q in record + rewards)


def test_the_referee_dashboard_lists_duels_without_their_snapshots():
    from tests.support.duels import post, started_duel

    duel, referee, (a, b) = started_duel()
    post(duel, a, [])
    post(duel, b, [])  # a declaration is due
    sql = queries_of(client_for(referee), reverse("duels:referee"))
    assert any("duels_duel" in q for q in sql)
    assert not any('"duels_duel"."spells"' in q or '"duels_duel"."state"' in q for q in sql)


def test_a_deep_page_of_the_duels_api_reads_ids_first_and_matches_the_direct_read(monkeypatch):
    from common.pagination import IdsFirstPagination

    history(DuellistFactory(), 7)
    client = client_for(UserFactory())
    direct = client.get("/api/v1/duels/?status=finished&page_size=2&page=3").json()
    monkeypatch.setattr(IdsFirstPagination, "DEEP", 0)  # every page is "deep"
    with CaptureQueriesContext(connection) as captured:
        deep = client.get("/api/v1/duels/?status=finished&page_size=2&page=3").json()
    assert deep == direct and [d["id"] for d in deep["results"]]
    duel_reads = [q["sql"] for q in captured.captured_queries if q["sql"].startswith('SELECT "duels_duel"."id"')]
    assert any(q.startswith('SELECT "duels_duel"."id" AS "pk" FROM') for q in duel_reads)  # the ids alone first
    assert client.get("/api/v1/duels/?status=finished&page_size=2&page=last").json()["results"]
