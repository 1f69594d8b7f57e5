"""`manage.py demo`: the catalog, two clubs (the first named Poudlard, and Ilvermorny) with their referee,
staff, players and duels in several states, one account in both; idempotent."""
import datetime as dt
import io

import pytest
from django.contrib.auth import authenticate
from django.core.management import call_command
from django.test import Client

from accounts.models import Duellist, User
from accounts.services.members import eligibility
from clubs.models import Club, Membership
from clubs.scoping import activate_club
from duels.models import Duel, DuelStatus
from spells.models import Spell
from tests.support.clubs import home_club

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
    assert statuses == sorted([DuelStatus.FINISHED, DuelStatus.ACTION, DuelStatus.DEFENCE, DuelStatus.AWAITING_FIRST,
                               DuelStatus.ACTION])
    joueur1_duel = Duel.objects.get(participants__duellist__forum_name="joueur1")
    assert list(joueur1_duel.windows.get(state="open").slots.filter(status="waiting").values_list(
        "participant__duellist__forum_name", flat=True)) == ["joueur1"]

    again = io.StringIO()
    call_command("demo", stdout=again)
    assert "déjà là" in again.getvalue()
    assert Duel.objects.count() == 5
    with activate_club(Club.objects.get(slug="ilvermorny")):
        assert Duel.objects.count() == 2


def roles(username: str) -> dict[str, tuple[bool, bool, bool]]:
    return {m.club.slug: (m.is_referee, m.is_staff, m.is_owner)
            for m in Membership.objects.filter(user__username=username).select_related("club")}


def test_two_clubs_each_with_its_referee_staff_and_duels_and_one_member_in_both():
    out = io.StringIO()
    call_command("demo", stdout=out)
    home, second = home_club(), Club.objects.get(slug="ilvermorny")
    assert (home.slug, home.name, second.name) == ("club", "Poudlard", "Ilvermorny")
    assert roles("arbitre") == {"club": (True, False, False)}  # nobody in Ilvermorny
    assert roles("equipe") == {"club": (False, True, True)}
    assert roles("seraphina") == {"ilvermorny": (True, False, False)}
    assert roles("isolt") == {"ilvermorny": (False, True, True)}
    assert roles("voyageur") == {"club": (False, False, False), "ilvermorny": (False, False, False)}
    operator = User.objects.get(username="operateur")
    assert operator.is_superuser and operator.is_staff and roles("operateur") == {}

    traveller = User.objects.get(username="voyageur")
    in_home = Duellist.objects.get(user=traveller)
    assert in_home.forum_name == "Elwyn Carrow"
    assert Duel.objects.get(participants__duellist=in_home).status == DuelStatus.ACTION
    with activate_club(second):
        in_second = Duellist.objects.get(user=traveller)
        assert in_second.forum_name == "Ezra Thornquist"
        assert Duel.objects.get(participants__duellist=in_second).status == DuelStatus.DEFENCE
        assert sorted(Duel.objects.values_list("status", flat=True)) == sorted([DuelStatus.DEFENCE,
                                                                               DuelStatus.FINISHED])
        assert {d.referee.username for d in Duel.objects.select_related("referee")} == {"seraphina"}
    text = out.getvalue()
    for name in ("Poudlard", "Ilvermorny", "seraphina", "isolt", "operateur", "Ezra Thornquist", "/ilvermorny/"):
        assert name in text, name

    client = Client()
    assert client.login(username="voyageur", password="estrade-demo")
    assert "contre ernie" in client.get("/club/duels/").content.decode()
    assert "contre tina" in client.get("/ilvermorny/duels/").content.decode()


def test_the_demo_fills_the_first_club_not_its_second():
    from django.core.management.base import CommandError

    call_command("demo", stdout=io.StringIO())
    with pytest.raises(CommandError, match="son second club"):
        call_command("demo", "--club", "ilvermorny", stdout=io.StringIO())
