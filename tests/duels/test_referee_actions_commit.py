"""The referee's actions through the pages, with real commits as in production: no test transaction
around the request, so a service writing the audit log (or queueing after-commit work) without a
transaction of its own answers 500 here as it did for « Relever les absences ». Each action: the page
answers with its message, the audit entry is stored, the data changed."""
import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from audit.models import AuditLog
from duels.models import Declaration, DuelStatus, Exemption, Fault, Post, SlotStatus
from duels.services import exemption_request, magic_types_choose, window_expire_overdue
from tests.factories.duels import RefereeFactory
from tests.support.duels import declare, matched_duel, post, started_duel
from tests.support.permissions import staff_referee
from tests.support.web import client_for, text

pytestmark = pytest.mark.django_db(transaction=True)


def _done(response, message: str) -> str:
    assert response.status_code == 200, response.status_code  # followed the redirect: no 500
    page = text(response)
    assert message in page
    return page


def _audited(duel, action: str) -> AuditLog:
    return AuditLog.objects.get(duel=duel, action=action)


def test_absences_are_recorded_and_logged_after_the_deadline(time_machine):
    duel, referee, (a, b) = started_duel()
    post(duel, a, [])
    window = duel.windows.get()
    time_machine.move_to(window.due_at + dt.timedelta(seconds=1), tick=False)
    response = client_for(referee).post(reverse("duels:absences", args=[duel.pk]), follow=True)
    _done(response, "Absences relevées : 1.")
    entry = _audited(duel, "fault.record")
    assert entry.actor == referee and entry.data == {"window": window.pk, "absences": [b.engine_id]}
    fault = Fault.objects.get()
    assert (fault.participant, fault.kind, fault.window) == (b, "absence", window)
    duel.refresh_from_db()
    assert duel.status == DuelStatus.AWAITING_FIRST


def test_a_fault_is_recorded_and_logged():
    duel, referee, (a, b) = started_duel()
    response = client_for(referee).post(reverse("duels:fault", args=[duel.pk]), {
        "participant": b.pk, "kind": "other", "note": "Hors RP", "pf_penalty": "2"}, follow=True)
    _done(response, "Faute enregistrée.")
    assert _audited(duel, "fault.record").data["pf_penalty"] == 2
    assert Fault.objects.get().pf_penalty == 2


def test_the_declaration_is_prepared_published_and_logged():
    duel, referee, (a, b) = started_duel()
    post(duel, a, [])
    post(duel, b, [])
    client = client_for(referee)
    assert client.post(reverse("duels:prepare", args=[duel.pk])).status_code == 302
    response = client.post(reverse("duels:publish", args=[duel.pk]), {"comment": "Beau tour"}, follow=True)
    _done(response, "Déclaration publiée.")
    assert _audited(duel, "declaration.publish").reason == "Beau tour"
    assert Declaration.objects.get(window__duel=duel).is_published


def test_the_start_signal_is_given_and_logged():
    duel = matched_duel()
    referee = RefereeFactory()
    client = client_for(referee)
    _done(client.post(reverse("duels:take", args=[duel.pk]), follow=True), "Vous arbitrez le duel")
    assert _audited(duel, "duel.take").actor == referee
    for participant in duel.participants.select_related("duellist__user"):
        magic_types_choose(participant=participant, types=["malefices"], by=participant.duellist.user)
    _done(client.post(reverse("duels:start", args=[duel.pk]), follow=True), "Signal de départ donné")
    assert _audited(duel, "duel.start")
    duel.refresh_from_db()
    assert duel.status == DuelStatus.ACTION


def test_a_published_declaration_is_corrected_and_logged():
    duel, referee, (a, b) = started_duel()
    post(duel, a, [])
    post(duel, b, [])
    declaration = declare(duel, referee)
    response = client_for(referee).post(reverse("duels:correct", args=[duel.pk]), {
        "reason": "Relecture", "d0_target": b.engine_id, "d0_kind": "pm", "d0_value": "-1",
        "d0_reason": "Concentration perdue"}, follow=True)
    _done(response, "Déclaration corrigée")
    assert _audited(duel, "declaration.correct").reason == "Relecture"
    assert _audited(duel, "declaration.decision").reason == "Concentration perdue"
    declaration.refresh_from_db()
    assert declaration.revision == 1


def test_a_missed_post_is_reopened_and_logged():
    duel, referee, (a, b) = started_duel()
    post(duel, a, [])
    window = duel.windows.get()
    window_expire_overdue(now=window.due_at, window_id=window.pk)  # the sweep records b absent
    response = client_for(referee).post(reverse("duels:reopen", args=[duel.pk]), {
        "participant": b.pk, "reason": "Panne du forum"}, follow=True)
    _done(response, "peut poster à nouveau pendant 48 h")
    assert _audited(duel, "slot.reopen").reason == "Panne du forum"
    assert window.slots.get(participant=b).status == SlotStatus.WAITING
    window.refresh_from_db()
    assert [v["post"] for v in window.voided_posts] == [Post.objects.get(window=window, automatic=True).pk]


def test_the_deadline_is_extended_and_logged():
    duel, referee, (a, b) = started_duel()
    window = duel.windows.get()
    later = window.due_at + dt.timedelta(days=2)
    response = client_for(referee).post(reverse("duels:deadline_extend", args=[duel.pk]), {
        "deadline": timezone.localtime(later).strftime("%Y-%m-%dT%H:%M"), "reason": "Forum en panne"}, follow=True)
    _done(response, "Délai prolongé")
    assert _audited(duel, "window.extend").reason == "Forum en panne"
    window.refresh_from_db()
    assert window.due_at > later - dt.timedelta(minutes=1)


def test_staff_reassign_the_duel_and_it_is_logged():
    duel, referee, _participants = started_duel()
    newcomer = RefereeFactory()
    staff = staff_referee()
    response = client_for(staff).post(reverse("duels:reassign", args=[duel.pk]), {
        "referee": newcomer.pk, "reason": "Absent"}, follow=True)
    _done(response, "Arbitre du duel")
    assert _audited(duel, "duel.referee_assign").data["referee"] == newcomer.pk
    duel.refresh_from_db()
    assert duel.referee == newcomer


def test_the_referee_releases_a_duel_not_started_and_it_is_logged():
    duel = matched_duel()
    referee = RefereeFactory()
    client = client_for(referee)
    client.post(reverse("duels:take", args=[duel.pk]))
    response = client.post(reverse("duels:release", args=[duel.pk]), {"reason": "Indisponible"}, follow=True)
    _done(response, "Duel rendu à la file")
    assert _audited(duel, "duel.referee_release").reason == "Indisponible"
    duel.refresh_from_db()
    assert duel.referee is None


def test_the_referee_cancels_a_duel_not_started_and_it_is_logged():
    duel = matched_duel()
    referee = RefereeFactory()
    client = client_for(referee)
    client.post(reverse("duels:take", args=[duel.pk]))
    response = client.post(reverse("duels:cancel", args=[duel.pk]), {"reason": "Doublon", "confirm": "yes"},
                           follow=True)
    _done(response, "Duel annulé")
    assert _audited(duel, "duel.cancel").reason == "Doublon"
    duel.refresh_from_db()
    assert duel.status == DuelStatus.CANCELLED


@pytest.mark.parametrize("decision, message, status", [
    ("grant", "Dispense accordée.", "granted"), ("refuse", "Dispense refusée.", "refused")])
def test_an_exemption_is_decided_and_logged(decision, message, status):
    duel, referee, (a, b) = started_duel()
    window = duel.windows.get()
    exemption_request(duel=duel, by=b.duellist.user, reason="Partiels",
                      wished_deadline=window.due_at + dt.timedelta(days=1))
    exemption = Exemption.objects.get()
    response = client_for(referee).post(reverse("duels:exemption_decide", args=[exemption.pk]), {
        "decision": decision, "next": "duel"}, follow=True)
    _done(response, message)
    assert _audited(duel, "exemption.decide").data["granted"] is (decision == "grant")
    exemption.refresh_from_db()
    assert exemption.status == status
