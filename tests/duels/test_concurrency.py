"""Races on PostgreSQL row locks: real threads, real transactions (skipped elsewhere)."""
import datetime as dt

import pytest
from django.db import connection

from duels.models import DuelFormat, Fault, Post, Window
from duels.services import (
    DuelError,
    declaration_prepare,
    declaration_publish,
    post_submit,
    window_expire_overdue,
)
from tests.concurrency import in_club, run_together
from tests.support.clock import START
from tests.support.duels import RP_TEXT, post, started_duel

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def postgres_only(time_machine, settings):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL row locks")
    time_machine.move_to(START, tick=False)
    return time_machine


def test_posts_submitted_at_the_same_moment_get_distinct_orders():
    duel, _referee, participants = started_duel(format=DuelFormat.TWO_V_TWO, years=(1, 1, 1, 1))
    results = run_together(*[
        in_club(duel.club, lambda p=p: post_submit(duel=duel, user=p.duellist.user, rp_text=RP_TEXT, steps=[]))
        for p in participants
    ])
    assert all(isinstance(r, Post) for r in results), results
    assert sorted(r.order for r in results) == [1, 2, 3, 4]
    duel.refresh_from_db()
    assert duel.status == "awaiting_first"


def test_the_same_duellist_posting_twice_at_once_is_stored_once():
    duel, _referee, (a, _b) = started_duel()
    results = run_together(*[
        in_club(duel.club, lambda: post_submit(duel=duel, user=a.duellist.user, rp_text=RP_TEXT, steps=[]))
        for _ in range(3)
    ])
    assert sum(isinstance(r, Post) for r in results) == 1
    assert {r.code for r in results if isinstance(r, DuelError)} == {"one-post-per-phase"}
    assert Post.objects.filter(participant=a).count() == 1


@pytest.mark.parametrize("round_", range(3))
def test_a_sweep_racing_a_post_at_the_deadline_yields_exactly_one_outcome(postgres_only, round_):
    duel, _referee, (a, b) = started_duel()
    post(duel, a, [])
    postgres_only.move_to(START + dt.timedelta(hours=48), tick=False)  # on time for b, and due for the sweep
    post_result, sweep = run_together(
        in_club(duel.club, lambda: post_submit(duel=duel, user=b.duellist.user, rp_text=RP_TEXT, steps=[])),
        lambda: window_expire_overdue(),  # the sweep spans clubs
    )
    posts = list(Post.objects.filter(participant=b))
    faults = Fault.objects.filter(participant=b).count()
    assert len(posts) == 1
    if isinstance(post_result, Post):
        assert not posts[0].automatic and faults == 0 and sweep.expired_windows == []
        assert Window.objects.get(duel=duel).state == "closed"
    else:
        assert isinstance(post_result, DuelError) and post_result.code == "no-open-window"
        assert posts[0].automatic and faults == 1 and len(sweep.expired_windows) == 1
        assert Window.objects.get(duel=duel).state == "expired"
    duel.refresh_from_db()
    assert duel.status == "awaiting_first"


def test_concurrent_sweeps_process_a_window_once(postgres_only):
    duel, _referee, _participants = started_duel()
    postgres_only.move_to(START + dt.timedelta(hours=49), tick=False)
    reports = run_together(window_expire_overdue, window_expire_overdue, window_expire_overdue)
    assert sorted(len(r.expired_windows) for r in reports) == [0, 0, 1]
    assert Fault.objects.count() == 2 and Post.objects.filter(automatic=True).count() == 2


def test_concurrent_publishes_publish_once_and_open_one_window():
    duel, referee, (a, b) = started_duel()
    post(duel, a, [])
    post(duel, b, [])
    draft = declaration_prepare(duel=duel, by=referee)
    results = run_together(*[in_club(duel.club, lambda: declaration_publish(declaration=draft, by=referee))
                             for _ in range(3)])
    assert len({r.published_at for r in results}) == 1
    assert Window.objects.filter(duel=duel, turn=2).count() == 1
