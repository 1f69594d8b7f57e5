"""Races through the task path on PostgreSQL row locks: real threads, real transactions."""
import datetime as dt

import pytest
from django.db import connection

from clubs.scoping import activate_club
from duels.models import Fault, Post, Window
from duels.services import DuelError, post_submit
from duels.tasks import send_reminders, sweep_deadlines, window_expire
from tests.concurrency import run_together
from tests.support.clock import H48, START
from tests.support.duels import RP_TEXT, post, started_duel

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def postgres_only(time_machine):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL row locks (set DATABASE_URL=postgres://…)")
    time_machine.move_to(START, tick=False)
    return time_machine


@pytest.mark.parametrize("round_", range(3))
def test_a_post_in_the_last_second_vs_the_expiry_task_has_exactly_one_outcome(postgres_only, round_):
    duel, _referee, (a, b) = started_duel()
    post(duel, a, [])
    window = Window.objects.get(duel=duel)
    postgres_only.move_to(START + H48, tick=False)  # the last instant b may post, and the window is due

    def post_in_the_clubs_page():
        with activate_club(duel.club):  # the post page serves its club; the task finds the window's itself
            return post_submit(duel=duel, user=b.duellist.user, rp_text=RP_TEXT, steps=[])

    posted, expired = run_together(post_in_the_clubs_page, lambda: window_expire.apply(args=[window.pk]).get())
    [stored] = Post.objects.filter(participant=b)
    window.refresh_from_db()
    if isinstance(posted, Post):
        assert not stored.automatic and expired == [] and window.state == "closed"
        assert not Fault.objects.exists()
    else:
        assert isinstance(posted, DuelError) and posted.code == "no-open-window"
        assert stored.automatic and expired == [window.pk] and window.state == "expired"
        assert Fault.objects.get().participant == b


def test_the_eta_task_and_beat_sweeps_running_at_once_expire_the_window_once(postgres_only):
    duel, _referee, _participants = started_duel()
    window = Window.objects.get(duel=duel)
    postgres_only.move_to(START + H48 + dt.timedelta(seconds=5), tick=False)
    results = run_together(
        lambda: window_expire.apply(args=[window.pk]).get(),
        lambda: window_expire.apply(args=[window.pk]).get(),
        lambda: sweep_deadlines.apply().get(),
        lambda: sweep_deadlines.apply().get(),
    )
    assert sorted(map(len, results)) == [0, 0, 0, 1], results
    assert Fault.objects.count() == 2 and Post.objects.filter(automatic=True).count() == 2


def test_overlapping_reminder_runs_send_each_reminder_once(postgres_only):
    from accounts.models import Notification

    started_duel()
    postgres_only.move_to(START + H48 - dt.timedelta(hours=24), tick=False)
    results = run_together(*[lambda: send_reminders.apply().get() for _ in range(4)])
    assert sum(results) == 2, results
    assert Notification.objects.filter(kind="reminder").count() == 2


def test_a_reminder_and_a_post_on_the_same_slot_do_not_deadlock(postgres_only):
    """A post holds its duel's row, then locks its slot; the reminder job must take the duel first too.
    Claiming the slot first, its notice (a row referring to the duel) would wait on the post, which waits
    on the slot: PostgreSQL would kill one of them (seen in the production stack)."""
    import threading
    import time

    from django.db import transaction

    from accounts.models import Notification
    from duels.services.common import duel_lock
    from duels.services.reminders import reminders_send

    duel, _referee, (a, b) = started_duel()
    post(duel, a, [])
    postgres_only.move_to(START + H48 - dt.timedelta(hours=5), tick=False)  # b's 6 h reminder is due
    duel_held = threading.Event()

    def post_holding_the_duel_first():
        with activate_club(duel.club), transaction.atomic():
            duel_lock(duel)
            duel_held.set()
            time.sleep(0.5)  # the reminder job starts meanwhile
            return post_submit(duel=duel, user=b.duellist.user, rp_text=RP_TEXT, steps=[])

    def reminders_once_the_duel_is_held():
        duel_held.wait(5)
        return reminders_send()

    posted, reminded = run_together(post_holding_the_duel_first, reminders_once_the_duel_is_held)
    assert isinstance(posted, Post), posted
    assert reminded.failed_slots == [] and reminded.sent == []  # it waited for the post, then b had posted
    assert not Notification.objects.filter(user=b.duellist.user, kind=Notification.Kind.REMINDER).exists()
