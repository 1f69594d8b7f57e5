"""Commands that act on a club's data take `--club` (default: the home club) and run inside that club:
they read and write its rows only and print its addresses; an unknown club is an error, never another
club's data."""
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from accounts.models import Duellist, Invitation
from clubs.scoping import activate_club
from tests.factories.accounts import DuellistFactory
from tests.factories.duels import DuelFactory
from tests.support.clubs import other_club

pytestmark = pytest.mark.django_db

HEADER = "forum_id,forum_name,joined_on,post_count,homework_year\n"


def run(*args) -> str:
    out = StringIO()
    call_command(*args, stdout=out, stderr=StringIO())
    return out.getvalue()


def test_an_unknown_club_is_refused_with_the_known_ones_and_nothing_written(tmp_path):
    other_club()
    path = tmp_path / "membres.csv"
    path.write_text(HEADER + "7001,Padma,2025-01-10,40,3\n")
    with pytest.raises(CommandError, match="Club inconnu : « poudlard » .*club, ilvermorny"):
        run("import_forum_members", str(path), "--club", "poudlard")
    assert not Duellist.objects.exists()


def test_the_import_writes_into_the_named_club_only(tmp_path, club):
    ilvermorny = other_club()
    path = tmp_path / "membres.csv"
    path.write_text(HEADER + "7001,Padma,2025-01-10,40,3\n")
    run("import_forum_members", str(path), "--club", "ilvermorny")
    assert not Duellist.objects.exists()  # the home club (the test's) got nobody
    with activate_club(ilvermorny):
        assert list(Duellist.objects.values_list("forum_name", flat=True)) == ["Padma"]
    run("import_forum_members", str(path))  # by default: the home club
    assert Duellist.objects.get().club == club


def test_invitation_links_lead_into_the_club_they_were_made_for(tmp_path):
    other_club()
    DuellistFactory(user=None, forum_name="Hannah", forum_id=11)  # in the home club
    path = tmp_path / "membres.csv"
    path.write_text(HEADER + "11,Ernie,2025-01-10,40,3\n")  # the same forum id, on another forum
    run("import_forum_members", str(path), "--club", "ilvermorny")
    out = run("invitations", "--all-pending", "--club", "ilvermorny", "--base-url", "https://estrade.example")
    assert "Ernie" in out and "Hannah" not in out
    assert "https://estrade.example/ilvermorny/invitation/" in out
    assert not Invitation.objects.exists()


def test_a_duel_of_another_club_is_not_found():
    duel = DuelFactory()
    with pytest.raises(CommandError, match=f"Duel n°{duel.pk} introuvable"):
        run("duel_export", str(duel.pk), "--club", other_club().slug)
    with pytest.raises(CommandError, match=f"Duel n°{duel.pk} introuvable"):
        run("verify_dice", str(duel.pk), "--club", "ilvermorny")
    assert f'"id": {duel.pk}' in run("duel_export", str(duel.pk))
