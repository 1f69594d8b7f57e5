"""`manage.py demo`: the catalog, a referee, players and duels in several states; idempotent."""
import datetime as dt
import io

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command

from accounts.services.members import eligibility
from duels.models import Duel, DuelStatus
from spells.models import Spell

pytestmark = pytest.mark.django_db


def test_demo_creates_duels_in_several_states_and_is_idempotent():
    out = io.StringIO()
    call_command("demo", stdout=out)
    assert "estrade-demo" in out.getvalue() and "joueur4" in out.getvalue()
    assert Spell.objects.count() > 40
    referee = authenticate(username="arbitre", password="estrade-demo")
    assert referee is not None and referee.is_referee
    for name in ("joueur1", "joueur2", "joueur3", "joueur4"):
        user = authenticate(username=name, password="estrade-demo")
        assert user is not None and eligibility(user.duellists.get(), dt.date.today()) == []
    statuses = sorted(Duel.objects.values_list("status", flat=True))
    assert statuses == sorted([DuelStatus.FINISHED, DuelStatus.ACTION, DuelStatus.DEFENCE, DuelStatus.AWAITING_FIRST])
    joueur1_duel = Duel.objects.get(participants__duellist__forum_name="joueur1")
    assert list(joueur1_duel.windows.get(state="open").slots.filter(status="waiting").values_list(
        "participant__duellist__forum_name", flat=True)) == ["joueur1"]

    again = io.StringIO()
    call_command("demo", stdout=again)
    assert "déjà là" in again.getvalue()
    assert Duel.objects.count() == 4
