"""`manage.py demo` ends by naming the players free to register for a duel, computed from the real state
with registration's own check (registration_refusal): a player registered, in a duel or whose wand rests
is not named."""
import io
import re

import pytest
from django.core.management import call_command
from django.utils import timezone

from accounts.models import Duellist
from duels.models import DuelFormat, DuelKind
from duels.services import matchmaking_run, registration_create
from duels.services.registration import registration_refusal
from tests.support.duels import finished_duel

pytestmark = pytest.mark.django_db


def last_line(out: io.StringIO) -> str:
    return out.getvalue().strip().splitlines()[-1]


def free_named(line: str) -> list[str]:
    found = re.search(r"Libres pour s'inscrire à un duel : ([^.]+)\.", line)
    return found.group(1).split(", ") if found else []


def test_the_last_line_names_exactly_who_registration_would_accept():
    first = io.StringIO()
    call_command("demo", stdout=first)
    assert free_named(last_line(first)) == ["ginny", "cho", "cedric", "fred"]  # hermione and ron: wand rest
    member = {d.forum_name: d for d in Duellist.objects.filter(forum_name__in=["ginny", "cho", "cedric", "fred"])}
    registration_create(duellist=member["ginny"], kind=DuelKind.NON_RP, format=DuelFormat.ONE_V_ONE, year=3)
    for a, b in (("cho", "cedric"), ("cedric", "cho")):
        registration_create(duellist=member[a], kind=DuelKind.NON_RP, format=DuelFormat.ONE_V_ONE, year=4,
                            named_opponent=member[b])
    matchmaking_run()
    finished_duel(member["fred"], at=timezone.now())

    again = io.StringIO()
    call_command("demo", stdout=again)
    line = last_line(again)
    assert free_named(line) == []
    assert "Aucun joueur de la démo n'est libre pour s'inscrire à un duel" in line
    codes = {name: registration_refusal(duellist).code for name, duellist in member.items()}
    assert codes == {"ginny": "already-registered", "cho": "already-in-duel", "cedric": "already-in-duel",
                     "fred": "wand-rest"}
