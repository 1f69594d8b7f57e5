"""Deadline tools, handover and the audit entries of every referee/staff action."""
import datetime as dt

import pytest

from audit.models import AuditLog
from duels.models import Declaration, DuelStatus, Exemption, Fault, Post, SlotStatus, Window, WindowState
from duels.selectors import referee_queue
from duels.services import (
    declaration_prepare,
    duel_cancel,
    exemption_decide,
    exemption_request,
    fault_record,
    post_submit,
    referee_assign,
    window_expire_overdue,
)
from duels.services.corrections import declaration_correct
from duels.services.referee_tools import (
    missed_post_reopen,
    referee_reassign,
    referee_release,
    window_deadline_extend,
)
from tests.factories.duels import RefereeFactory, UserFactory
from tests.support.clock import H48, START
from tests.support.duels import RP_TEXT, code_of, declare, matched_duel, post, started_duel
from tests.support.permissions import staff_referee

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("clock")]


def actions(duel) -> list[str]:
    return list(AuditLog.objects.filter(duel=duel).values_list("action", flat=True))


def test_every_referee_action_is_in_the_audit_log_with_who_and_why():
    duel = matched_duel()
    referee = RefereeFactory()
    referee_assign(duel=duel, referee=referee, by=referee)
    assert actions(duel) == ["duel.take"]
    assert AuditLog.objects.get(duel=duel).actor == referee
    other = matched_duel()
    staff = staff_referee()
    duel_cancel(duel=other, by=staff, reason="Doublon")
    assert AuditLog.objects.filter(duel=other).values_list("action", "actor", "reason").get() == (
        "duel.cancel", staff.pk, "Doublon")

    duel, referee, (a, b) = started_duel()
    assert actions(duel)[-1] == "duel.start"
    fault_record(duel=duel, participant=a, by=referee, note="Hors RP", pf_penalty=1)
    exemption = exemption_request(duel=duel, by=b.duellist.user, reason="Examens", wished_deadline=START + 3 * H48 / 2)
    exemption_decide(exemption=exemption, by=referee, grant=True)
    post(duel, a, [])
    post(duel, b, [])
    declare(duel, referee, comment="Tour calme")
    entries = list(AuditLog.objects.filter(duel=duel).order_by("pk"))
    assert [e.action for e in entries[-3:]] == ["fault.record", "exemption.decide", "declaration.publish"]
    assert entries[-3].reason == "Hors RP" and entries[-3].data["pf_penalty"] == 1
    assert entries[-2].data["granted"] is True and entries[-1].reason == "Tour calme"


def test_a_failed_action_leaves_no_entry():
    duel, referee, (a, _b) = started_duel()
    before = AuditLog.objects.count()
    assert code_of(fault_record, duel=duel, participant=a, by=referee, note="", kind="other") == "note-required"
    assert code_of(fault_record, duel=duel, participant=a, by=RefereeFactory(), note="x") == "not-referee"
    assert AuditLog.objects.count() == before


def test_extending_the_deadline_moves_every_awaited_duellist(django_capture_on_commit_callbacks):
    duel, referee, (a, b) = started_duel()
    post(duel, a, [])
    later = START + H48 + dt.timedelta(days=2)
    with django_capture_on_commit_callbacks(execute=True):
        window = window_deadline_extend(duel=duel, by=referee, deadline=later, reason="Panne du forum")
    slots = {s.participant_id: s for s in window.slots.all()}
    assert slots[b.pk].deadline == later and slots[a.pk].status == SlotStatus.POSTED
    window.refresh_from_db()
    assert window.due_at == later
    entry = AuditLog.objects.filter(duel=duel, action="window.extend").get()
    assert entry.reason == "Panne du forum" and entry.actor == referee
    assert b.duellist.user.notifications.filter(message__contains="prolongé").count() == 1
    # at the old deadline nothing expires any more
    assert window_expire_overdue(now=START + H48 + dt.timedelta(minutes=1)).expired_windows == []
    post_submit(duel=duel, user=b.duellist.user, rp_text=RP_TEXT, steps=[], now=START + H48 + dt.timedelta(hours=1))


def test_deadline_extension_refusals():
    duel, referee, (a, b) = started_duel()
    later = START + 3 * H48
    assert code_of(window_deadline_extend, duel=duel, by=a.duellist.user, deadline=later, reason="x") == "not-referee"
    assert code_of(window_deadline_extend, duel=duel, by=RefereeFactory(), deadline=later, reason="x") == "not-referee"
    assert code_of(window_deadline_extend, duel=duel, by=referee, deadline=later, reason=" ") == "reason-required"
    assert code_of(window_deadline_extend, duel=duel, by=referee, deadline=START + H48,
                   reason="x") == "deadline-not-later"
    assert code_of(window_deadline_extend, duel=duel, by=referee, deadline=START + dt.timedelta(days=30),
                   reason="x") == "extension-too-late"
    post(duel, a, [])
    post(duel, b, [])
    assert code_of(window_deadline_extend, duel=duel, by=referee, deadline=later, reason="x") == "window-not-open"
    assert not AuditLog.objects.filter(action="window.extend").exists()


@pytest.fixture
def missed(clock):
    """A posted, B missed the turn-1 action window: the sweep recorded the absence."""
    duel, referee, (a, b) = started_duel()
    post(duel, a, [{"move": 5}])
    clock.move_to(START + H48 + dt.timedelta(minutes=1), tick=False)
    window_expire_overdue()
    duel.refresh_from_db()
    b.refresh_from_db()
    assert duel.status == DuelStatus.AWAITING_FIRST and b.absence_faults == 1
    return duel, referee, a, b


def test_reopening_a_missed_post_lifts_the_absence_and_gives_48h(missed, clock, django_capture_on_commit_callbacks):
    duel, referee, a, b = missed
    now = START + H48 + dt.timedelta(hours=1)
    clock.move_to(now, tick=False)
    with django_capture_on_commit_callbacks(execute=True):
        window = missed_post_reopen(duel=duel, participant=b, by=referee, reason="Panne chez B")
    b.refresh_from_db()
    duel.refresh_from_db()
    assert b.absence_faults == 0 and duel.status == DuelStatus.ACTION and window.state == WindowState.OPEN
    slot = window.slots.get(participant=b)
    assert slot.status == SlotStatus.WAITING and slot.deadline == now + H48
    assert "Levée par l'arbitre : Panne chez B" in Fault.objects.get(participant=b, window=window).note
    assert b.duellist.user.notifications.filter(message__contains="poster à nouveau").count() == 1
    replacement = post(duel, b, [{"move": 7}], now=now + dt.timedelta(hours=1))
    assert replacement.replaces == Post.objects.get(window=window, participant=b, automatic=True)
    duel.refresh_from_db()
    assert duel.status == DuelStatus.AWAITING_FIRST
    draft = declaration_prepare(duel=duel, by=referee)
    assert "passe" not in draft.text and {e["actor"] for e in draft.events if e["kind"] == "move"} == {
        a.engine_id, b.engine_id}
    assert AuditLog.objects.filter(duel=duel, action="slot.reopen").get().reason == "Panne chez B"


def test_reopen_refusals(missed):
    duel, referee, a, b = missed
    assert code_of(missed_post_reopen, duel=duel, participant=b, by=a.duellist.user, reason="x") == "not-referee"
    assert code_of(missed_post_reopen, duel=duel, participant=b, by=referee, reason="") == "reason-required"
    assert code_of(missed_post_reopen, duel=duel, participant=a, by=referee, reason="x") == "slot-not-absent"
    declare(duel, referee)
    assert code_of(missed_post_reopen, duel=duel, participant=b, by=referee, reason="x") in (
        "not-awaiting-declaration", "declaration-published")


def test_a_referee_releases_a_duel_before_its_start_and_staff_hand_over_a_running_one():
    duel = matched_duel()
    referee = RefereeFactory()
    referee_assign(duel=duel, referee=referee, by=referee)
    assert code_of(referee_release, duel=duel, by=RefereeFactory()) == "not-referee"
    referee_release(duel=duel, by=referee, reason="Vacances")
    duel.refresh_from_db()
    assert duel.referee is None and duel.status == DuelStatus.MATCHED and duel in referee_queue()
    assert actions(duel)[-1] == "duel.referee_release"

    running, referee, (a, _b) = started_duel()
    assert code_of(referee_release, duel=running, by=referee) == "referee-release-started"
    newcomer = RefereeFactory()
    for someone in (referee, newcomer, a.duellist.user):
        assert code_of(referee_reassign, duel=running, referee=newcomer, by=someone) == "not-referee"
    staff = staff_referee()
    assert code_of(referee_reassign, duel=running, referee=UserFactory(), by=staff) == "not-a-referee"
    referee_reassign(duel=running, referee=newcomer, by=staff, reason="Arbitre absent")
    running.refresh_from_db()
    assert running.referee == newcomer
    entry = AuditLog.objects.filter(duel=running).last()
    assert (entry.action, entry.reason, entry.data["previous_referee"]) == (
        "duel.referee_assign", "Arbitre absent", referee.pk)


def test_a_correction_can_reopen_the_voided_post_for_48h(clock):
    duel, referee, (a, b) = started_duel()
    post(duel, a, [{"cast": "bolt", "target": b.engine_id, "bet": "123"}])
    post(duel, b, [])
    declaration = declare(duel, referee)
    hit = Post.objects.get(window=declaration.window, participant=a)
    now = START + dt.timedelta(hours=2)
    clock.move_to(now, tick=False)
    corrected = declaration_correct(declaration=declaration, by=referee, reason="Texte RP hors sujet",
                                    void_post=hit, void_mode="repost")
    duel.refresh_from_db()
    assert corrected.status == "draft" and duel.status == DuelStatus.ACTION
    assert not Window.objects.filter(duel=duel, turn=1, phase="defence").exists()
    slot = declaration.window.slots.get(participant=a)
    assert slot.status == SlotStatus.WAITING and slot.deadline == now + H48
    again = post(duel, a, [{"move": 6}], now=now + dt.timedelta(hours=1))
    assert again.replaces_id == hit.pk
    published = declare(duel, referee)
    assert published.pk == declaration.pk and published.revision == 1
    assert all(r["post_order"] != hit.order for r in published.rolls)
    assert Declaration.objects.get(pk=declaration.pk).revisions.count() == 1


def test_exemption_decided_is_logged_when_refused_too():
    duel, referee, (_a, b) = started_duel()
    exemption = exemption_request(duel=duel, by=b.duellist.user, reason="Examens", wished_deadline=START + 3 * H48 / 2)
    exemption_decide(exemption=exemption, by=referee, grant=False)
    entry = AuditLog.objects.filter(duel=duel, action="exemption.decide").get()
    assert entry.data["granted"] is False and entry.reason == "Examens"
    assert Exemption.objects.get(pk=exemption.pk).status == "refused"


def test_the_duel_export_carries_the_audit_trail(capsys):
    import json

    from django.core.management import call_command

    duel, referee, (a, _b) = started_duel()
    fault_record(duel=duel, participant=a, by=referee, note="Hors RP")
    call_command("duel_export", str(duel.pk))
    archive = json.loads(capsys.readouterr().out)
    assert [e["action"] for e in archive["auditlog"]] == ["duel.take", "duel.start", "fault.record"]
