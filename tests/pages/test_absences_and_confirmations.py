"""Absence faults come only from a missed window (RULES.md §6), and whatever disqualifies a duellist or
ends a duel asks the referee to confirm, saying so, before anything is stored."""
import datetime as dt

import pytest
from django.urls import reverse

from duels.models import DuelStatus, Fault
from duels.services import fault_record
from tests.support.duels import code_of, miss_windows, post, started_duel
from tests.support.web import client_for, text

pytestmark = pytest.mark.django_db


def test_the_referee_cannot_record_an_absence_while_the_window_is_open():
    duel, referee, (a, b) = started_duel()
    client = client_for(referee)
    for _ in range(3):  # three clicks used to disqualify a duellist whose deadline was two days away
        response = client.post(reverse("duels:fault", args=[duel.pk]),
                               {"participant": b.pk, "kind": "absence", "note": "", "pf_penalty": "0"})
        assert response.status_code == 422
    assert code_of(fault_record, duel=duel, participant=b, by=referee, kind="absence") == "absence-from-window"
    b.refresh_from_db()
    duel.refresh_from_db()
    assert not Fault.objects.exists() and b.absence_faults == 0 and duel.is_running
    page = text(client.get(reverse("duels:adjudicate", args=[duel.pk])))
    assert '<option value="absence"' not in page and "Relever les absences" not in page


def test_absences_before_the_deadline_are_refused():
    duel, referee, (a, b) = started_duel()
    post(duel, a, [])
    response = client_for(referee).post(reverse("duels:absences", args=[duel.pk]), follow=True)
    assert "Aucune phase en retard" in text(response)
    assert not Fault.objects.exists()


def test_after_the_deadline_the_referee_records_the_absence_without_waiting_for_the_sweep(time_machine):
    duel, referee, (a, b) = started_duel()
    post(duel, a, [])
    window = duel.windows.get()
    time_machine.move_to(window.due_at + dt.timedelta(seconds=1), tick=False)
    client = client_for(referee)
    assert "Relever les absences" in text(client.get(reverse("duels:adjudicate", args=[duel.pk])))
    response = client.post(reverse("duels:absences", args=[duel.pk]))
    assert response.status_code == 302  # the first absence ends nothing: no confirmation needed
    fault = Fault.objects.get()
    assert (fault.participant, fault.kind, fault.window) == (b, "absence", window)
    duel.refresh_from_db()
    assert duel.status == DuelStatus.AWAITING_FIRST


def test_a_third_absence_asks_for_confirmation_saying_it_disqualifies_and_ends_the_duel(time_machine):
    duel, referee, (a, b) = started_duel()
    miss_windows(duel, referee, b, count=2)
    duel.refresh_from_db()
    window = duel.windows.get(state="open")
    post(duel, a, [], now=window.opened_at)
    window.refresh_from_db()
    time_machine.move_to(window.due_at + dt.timedelta(seconds=1), tick=False)
    client = client_for(referee)
    page = text(client.post(reverse("duels:absences", args=[duel.pk])))
    name = b.duellist.forum_name
    assert f"{name} atteint 3 fautes d'absence : disqualifié·e" in page
    assert f"Le duel se termine aussitôt : victoire de {a.duellist.forum_name}." in page
    assert 'name="confirm" value="yes"' in page
    b.refresh_from_db()
    duel.refresh_from_db()
    assert b.absence_faults == 2 and duel.is_running  # nothing happened yet
    client.post(reverse("duels:absences", args=[duel.pk]), {"confirm": "yes"})
    duel.refresh_from_db()
    assert duel.status == DuelStatus.FINISHED and duel.winner_team == 1


def test_a_penalty_that_knocks_out_asks_for_confirmation_first():
    duel, referee, (a, b) = started_duel()
    client = client_for(referee)
    fields = {"participant": b.pk, "kind": "other", "note": "Triche", "pf_penalty": "50"}
    page = text(client.post(reverse("duels:fault", args=[duel.pk]), fields))
    assert f"{b.duellist.forum_name} tombe à 0 PF : hors combat." in page
    assert f"Le duel se termine aussitôt : victoire de {a.duellist.forum_name}." in page
    assert not Fault.objects.exists()
    client.post(reverse("duels:fault", args=[duel.pk]), {**fields, "confirm": "yes"})
    duel.refresh_from_db()
    assert Fault.objects.count() == 1 and duel.status == DuelStatus.FINISHED


def test_a_small_penalty_needs_no_confirmation():
    duel, referee, (a, b) = started_duel()
    response = client_for(referee).post(reverse("duels:fault", args=[duel.pk]),
                                        {"participant": b.pk, "kind": "other", "note": "Hors RP", "pf_penalty": "2"})
    assert response.status_code == 302 and Fault.objects.get().pf_penalty == 2
