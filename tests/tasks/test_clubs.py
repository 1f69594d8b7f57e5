"""The scheduled jobs serve every club: one sweep finds the work of all clubs, and acts for each row inside
its own club (its links, its time zone); a task naming a row of any club runs with no club active, as in a
worker; a broken club does not stop the others."""
import datetime as dt

import pytest
from django_scopes import ScopeError

from accounts.models import Notification, User
from clubs.models import Club
from clubs.scoping import activate_club, scopes_disabled
from duels.models import Window, WindowState
from duels.tasks import send_reminders, sweep_deadlines, window_expire
from tests.support.clock import H48, START
from tests.support.clubs import other_club, outside_any_club
from tests.support.duels import started_duel

pytestmark = pytest.mark.django_db
SITE = "https://estrade.example"


@pytest.fixture(autouse=True)
def site_url(settings):
    settings.SITE_URL = SITE


def with_addresses(*participants) -> None:
    for participant in participants:
        User.objects.filter(pk=participant.duellist.user_id).update(email=f"{participant.duellist.forum_name}@example.org")


def test_one_sweep_expires_both_clubs_windows_and_links_each_notice_into_its_club(club, clock, committed, mailoutbox):
    ours, _referee, (a, b) = started_duel()
    with_addresses(a, b)
    with activate_club(other_club()) as ilvermorny:
        theirs, _their_referee, (c, d) = started_duel()
        with_addresses(c, d)
    clock.move_to(START + H48, tick=False)
    with outside_any_club(), committed():  # beat's message, run by a worker: no club
        expired = sweep_deadlines.delay().get()
    with scopes_disabled():
        windows = Window.objects.filter(duel__in=[ours, theirs])
        assert sorted(expired) == sorted(w.pk for w in windows)
        assert {w.state for w in windows} == {WindowState.EXPIRED}
        urls = {(n.club_id, n.user_id): n.url for n in Notification.objects.filter(kind="window_expired")}
    for who, home, duel in ((a, club, ours), (b, club, ours), (c, ilvermorny, theirs), (d, ilvermorny, theirs)):
        assert urls[home.pk, who.duellist.user_id] == f"/{home.slug}/duels/{duel.pk}/"
    mails = {m.to[0]: m.body for m in mailoutbox if "délai expiré" in m.body}
    assert f"{SITE}/club/duels/{ours.pk}/" in mails[f"{a.duellist.forum_name}@example.org"]
    assert f"{SITE}/ilvermorny/duels/{theirs.pk}/" in mails[f"{d.duellist.forum_name}@example.org"]
    assert len(mails) == 4


def test_a_task_for_a_window_of_another_club_runs_with_no_club_active(clock, committed, mailoutbox):
    with activate_club(other_club()) as ilvermorny:
        duel, referee, (a, b) = started_duel()
        with_addresses(a)
        window = Window.objects.get(duel=duel)
    clock.move_to(START + H48, tick=False)
    with outside_any_club():
        with pytest.raises(ScopeError):
            Window.objects.count()  # nothing is active here: the task must find the window's club itself
        with committed():
            assert window_expire.delay(window.pk).get() == [window.pk]
    with activate_club(ilvermorny):
        window.refresh_from_db()
        assert window.state == WindowState.EXPIRED
        notice = Notification.objects.get(user=a.duellist.user, kind="window_expired")
        assert notice.url == f"/ilvermorny/duels/{duel.pk}/"
    (mail,) = [m for m in mailoutbox if "délai expiré" in m.body]
    assert f"{SITE}/ilvermorny/duels/{duel.pk}/" in mail.body


def test_reminders_go_out_in_every_club_with_their_clubs_link(clock, committed):
    ours, _referee, (a, _b) = started_duel()
    with activate_club(other_club()):
        theirs, _their_referee, (c, _d) = started_duel()
    clock.move_to(START + H48 - dt.timedelta(hours=6), tick=False)  # 6 h before the deadline
    with outside_any_club(), committed():
        assert send_reminders.delay().get() == 4
    with scopes_disabled():
        links = {n.user_id: n.url for n in Notification.objects.filter(kind="reminder")}
    assert links[a.duellist.user_id] == f"/club/duels/{ours.pk}/"
    assert links[c.duellist.user_id] == f"/ilvermorny/duels/{theirs.pk}/"


def test_a_broken_club_does_not_stop_the_sweep_for_the_others(club, clock, committed):
    ours, _referee, _duellists = started_duel()
    broken = other_club()
    with activate_club(broken):
        theirs, _their_referee, _their_duellists = started_duel()
    Club.objects.filter(pk=broken.pk).update(time_zone="Nowhere/Never")  # its time zone no longer exists
    clock.move_to(START + H48, tick=False)
    with outside_any_club(), committed():
        expired = sweep_deadlines.delay().get()
    with scopes_disabled():
        assert expired == [Window.objects.get(duel=ours).pk]
        assert Window.objects.get(duel=theirs).state == WindowState.OPEN  # left for the next run
