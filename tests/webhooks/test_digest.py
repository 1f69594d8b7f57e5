"""The daily digest (time pinned): one e-mail a day listing the duels that wait for the member, none when
nothing waits, and no per-turn "à vous de poster" e-mail for those who chose it."""
import datetime as dt

import pytest
from django.core import mail
from django.core.management import call_command

from accounts.models import User
from tests.support.duels import post, started_duel
from webhooks.services.digest import digests_send

pytestmark = pytest.mark.django_db

MORNING = dt.datetime(2026, 6, 2, 6, 30, tzinfo=dt.UTC)  # 8:30 in Paris (summer time)
OPENED = dt.datetime(2026, 6, 1, 18, 0, tzinfo=dt.UTC)


def digest_wanted(participant, email="luna@example.org", wanted=True) -> User:
    user = participant.duellist.user
    User.objects.filter(pk=user.pk).update(daily_digest=wanted, email=email)
    user.refresh_from_db()
    return user


def test_one_mail_a_day_with_the_right_duels_and_none_when_nothing_waits(time_machine):
    time_machine.move_to(OPENED, tick=False)
    waiting, referee, (luna, draco) = started_duel()
    other, _referee2, (luna_elsewhere, _x) = started_duel()
    posted, _referee3, (luna_posted, _y) = started_duel()
    # Luna is the same member in three duels: one post due in `waiting`, one in `other`, none in `posted`.
    for participant in (luna_elsewhere, luna_posted):
        participant.duellist = luna.duellist
        participant.save(update_fields=["duellist"])
    post(posted, luna_posted, [])
    user = digest_wanted(luna)
    digest_wanted(draco, email="draco@example.org", wanted=False)  # did not choose it

    time_machine.move_to(MORNING - dt.timedelta(hours=1), tick=False)  # 7:30 in Paris: not yet
    assert digests_send().describe() == "no digest due" and mail.outbox == []

    time_machine.move_to(MORNING, tick=False)
    report = digests_send()
    assert (report.sent, report.empty) == (1, 0)
    (message,) = mail.outbox
    assert message.to == [user.email] and message.subject.startswith("[Estrade] Vos duels en attente")
    assert f"Duel n°{waiting.pk} " in message.body and f"Duel n°{other.pk} " in message.body
    assert f"Duel n°{posted.pk} " not in message.body
    assert "avant le 3 juin 2026 20:00" in message.body  # the deadline, site time
    assert f"https://estrade.example/club/duels/{waiting.pk}/#agir" in message.body

    time_machine.move_to(MORNING + dt.timedelta(hours=5), tick=False)
    assert digests_send().sent == 0 and len(mail.outbox) == 1  # once a day

    post(waiting, luna, [])
    post(other, luna_elsewhere, [])
    time_machine.move_to(MORNING + dt.timedelta(days=1), tick=False)
    report = digests_send()
    assert (report.sent, report.empty) == (0, 1) and len(mail.outbox) == 1  # nothing waits: nothing sent


def test_a_referee_is_told_the_declarations_to_write(time_machine):
    time_machine.move_to(OPENED, tick=False)
    duel, referee, (luna, draco) = started_duel()
    post(duel, luna, [])
    post(duel, draco, [])
    User.objects.filter(pk=referee.pk).update(daily_digest=True, email="arbitre@example.org", language="en")
    time_machine.move_to(MORNING, tick=False)
    assert digests_send().sent == 1
    (message,) = mail.outbox
    assert message.subject.startswith("[Estrade] Your duels waiting")
    assert "the declaration is yours to write (turn 1, action phase)" in message.body


def test_digest_members_get_no_mail_per_turn_but_others_do(time_machine, django_capture_on_commit_callbacks):
    time_machine.move_to(OPENED, tick=False)
    from tests.support.duels import matched_duel

    duel = matched_duel()
    luna, draco = duel.participants.select_related("duellist__user").order_by("team")
    digest_wanted(luna)
    User.objects.filter(pk=draco.duellist.user_id).update(email="draco@example.org")
    from duels.services import duel_start, magic_types_choose, referee_assign
    from tests.factories.duels import TEST_SPELLS, RefereeFactory

    referee = RefereeFactory()
    with django_capture_on_commit_callbacks(execute=True):  # each service's e-mails leave after its commit
        referee_assign(duel=duel, referee=referee, by=referee)
        for participant in (luna, draco):
            magic_types_choose(participant=participant, types=["malefices"], by=participant.duellist.user)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        duel_start(duel=duel, by=referee, spells=TEST_SPELLS)
    turn_mails = [m for m in mail.outbox if "À vous de poster" in m.body or "à vous de poster" in m.body]
    assert [m.to for m in turn_mails] == [["draco@example.org"]]
    assert luna.duellist.user.notifications.filter(dedupe_key__contains=":opened:").exists()  # still in the bell


def test_the_scheduler_runs_the_digest(time_machine, capsys):
    time_machine.move_to(OPENED, tick=False)
    _duel, _referee, (luna, _draco) = started_duel()
    digest_wanted(luna)
    time_machine.move_to(MORNING, tick=False)
    call_command("run_scheduler", "--once")
    assert "Daily digest: 1 digest(s) sent" in capsys.readouterr().out
    assert len(mail.outbox) == 1
