"""`manage.py demo` shows a living cup: the demo's duellists in houses, luna prefect of Serdaigle, the
finished duel's points written by the ledger's subscriber, a few awards with reasons; a second run adds
nothing."""
import io

import pytest
from django.core.management import call_command

from audit.models import AuditAction, AuditLog
from cup.models import Cause, HouseMember, LedgerEntry, Prefect
from cup.selectors import standings
from duels.models import Duel, DuelStatus

pytestmark = pytest.mark.django_db


def test_the_demo_has_houses_a_prefect_duel_points_and_awards_once():
    out = io.StringIO()
    call_command("demo", stdout=out)
    assert "luna : préfète de Serdaigle" in out.getvalue() and "/club/coupe/" in out.getvalue()
    assert HouseMember.objects.get(duellist__forum_name="hermione").house.name == "Gryffondor"
    assert HouseMember.objects.count() == 14
    assert list(Prefect.objects.values_list("user__username", "house__name")) == [("luna", "Serdaigle")]
    finished = Duel.objects.get(status=DuelStatus.FINISHED)
    [duel_entry] = LedgerEntry.objects.filter(cause=Cause.DUEL)
    assert duel_entry.duel_id == finished.pk and (duel_entry.house.name, duel_entry.points) == ("Gryffondor", 10)
    assert {h.name: h.total for h in standings()} == {"Gryffondor": 10, "Serdaigle": 15, "Poufsouffle": 20,
                                                      "Serpentard": -5}
    assert set(LedgerEntry.objects.filter(cause=Cause.MANUAL).values_list("created_by__username", flat=True)) == {
        "luna", "equipe"}
    assert AuditLog.objects.filter(action=AuditAction.CUP_POINTS).count() == 3

    entries = LedgerEntry.objects.count()
    call_command("demo", stdout=io.StringIO())
    assert LedgerEntry.objects.count() == entries and HouseMember.objects.count() == 14
