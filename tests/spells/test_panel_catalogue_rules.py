"""The catalogue editor's rules: the first edit copies the default catalogue for the club alone (the default and
the other clubs never change), a retired spell leaves new duels but not running ones, an import is all or
nothing and an export imports back unchanged, and the list costs the same queries whatever its size."""
import json
from io import StringIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from audit.models import AuditAction, AuditLog
from clubs.scoping import activate_club
from common.errors import RefusedError
from duels.services import duel_start, magic_types_choose, referee_assign, rules
from spells.catalog_format import DEFAULT_CATALOG_PATH, read_catalog_file
from spells.models import Spell
from spells.selectors import catalogue_has_copy
from spells.services import catalogue_copy_for, catalogue_spell_retire
from tests.factories.duels import RefereeFactory
from tests.support.clubs import club_cache_warmed, club_member, home_club, other_club
from tests.support.duels import matched_duel
from tests.support.permissions import club_staff
from tests.support.web import client_for, text

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def default_catalogue():
    call_command("catalog_load", stdout=StringIO(), stderr=StringIO())
    return read_catalog_file(DEFAULT_CATALOG_PATH)


def rows(club) -> list[dict]:
    return [{**s.to_catalog_dict(), "retired": s.retired_at is not None}
            for s in Spell.rows.owned_by(club).prefetch_related("modulations").select_related("magic_type")
            .order_by("slug")]


def duel_started_on_the_catalogue():
    """A duel of the active club started with its catalogue (the snapshot of its start signal)."""
    duel = matched_duel()
    referee = RefereeFactory()
    referee_assign(duel=duel, referee=referee, by=referee)
    for participant in duel.participants.select_related("duellist__user"):
        magic_types_choose(participant=participant, types=["malefices"], by=participant.duellist.user)
    return duel_start(duel=duel, by=referee)


def slugs_of(duel) -> set[str]:
    """The spells a duel offers its duellists: its snapshot, from which the engine state (hence the player's
    action form) is rebuilt."""
    frozen = {spell["slug"] for spell in duel.spells}
    assert set(rules.state_load(duel.state, duel.spells).spells) == frozen
    return frozen


def test_the_first_edit_copies_the_catalogue_for_this_club_alone():
    other = other_club()
    catalogue_copy_for(other)
    default_before, other_before = rows(None), rows(other)
    client = client_for(club_staff())
    response = client.post(reverse("clubs:catalogue:retire", args=["stupefix"]), {"retired": "1"})
    assert response.status_code == 302
    assert catalogue_has_copy(home_club())
    assert rows(None) == default_before and rows(other) == other_before
    mine = {spell["slug"]: spell for spell in rows(home_club())}
    assert len(mine) == len(default_before) and mine["stupefix"]["retired"]
    assert sum(spell["retired"] for spell in mine.values()) == 1


def test_a_retired_spell_leaves_new_duels_but_a_running_duel_keeps_it():
    running = duel_started_on_the_catalogue()
    assert "stupefix" in slugs_of(running)
    staff = club_staff()
    client = client_for(staff)
    client.post(reverse("clubs:catalogue:retire", args=["stupefix"]), {"retired": "1"})
    running.refresh_from_db()
    assert "stupefix" in slugs_of(running)  # its snapshot
    new = duel_started_on_the_catalogue()
    assert "stupefix" not in slugs_of(new)
    # nor on the catalogue page, its spell page or the API; still in the staff's list, marked
    assert "stupefix" not in text(client.get(reverse("spells:catalog")))
    assert client.get(reverse("spells:detail", args=["stupefix"])).status_code == 404
    assert "stupefix" not in {s["slug"] for s in client.get(reverse("api-spells"), {"page_size": 100}).json()["results"]}
    assert client.get(reverse("api-spell", args=["stupefix"])).status_code == 404
    listing = text(client.get(reverse("clubs:catalogue:list"), {"state": "retired"}))
    assert 'data-spell="stupefix" class="retired"' in listing and 'data-spell="protego"' not in listing
    assert Spell.rows.filter(slug="stupefix").count() == 2  # nothing deleted: the default's and the copy's
    # brought back: offered again
    client.post(reverse("clubs:catalogue:retire", args=["stupefix"]), {"retired": "0"})
    assert "stupefix" in slugs_of(duel_started_on_the_catalogue())
    assert [(e.action, e.data["retired"]) for e in AuditLog.objects.filter(action=AuditAction.CATALOGUE_RETIRE)] == [
        (AuditAction.CATALOGUE_RETIRE, True), (AuditAction.CATALOGUE_RETIRE, False)]


def test_the_services_refuse_anyone_but_the_club_staff():
    for user in (club_member(), club_staff(other_club())):
        with pytest.raises(RefusedError) as refused:
            catalogue_spell_retire(club=home_club(), by=user, slug="stupefix")
        assert refused.value.status == 403
    assert not catalogue_has_copy(home_club())


def upload(data, name="catalogue.json") -> SimpleUploadedFile:
    body = data if isinstance(data, bytes) else json.dumps(data, ensure_ascii=False).encode()
    return SimpleUploadedFile(name, body, content_type="application/json")


def test_an_import_with_bad_entries_lists_each_problem_and_stores_nothing(default_catalogue):
    data = json.loads(json.dumps(default_catalogue))
    spells = {spell["slug"]: spell for spell in data["spells"]}
    spells["stupefix"]["level"] = 4  # a good change, not stored either
    spells["protego"]["level"] = 12
    spells["expelliarmus"]["effect"] = {"explode": 1}
    response = client_for(club_staff()).post(reverse("clubs:catalogue:import"), {"file": upload(data)})
    assert response.status_code == 422
    problems = response.context["problems"]
    assert len(problems) == 2
    assert problems[0].startswith("expelliarmus : « effect.explode » : effet inconnu")
    assert problems[1] == "protego : « level » doit être un entier de 1 à 8 (reçu : 12)."
    page = text(response)
    assert "a été importé : 2 problèmes" in page
    assert not catalogue_has_copy(home_club()) and Spell.objects.get(slug="stupefix").level == 3
    assert not AuditLog.objects.exists()


@pytest.mark.parametrize(("body", "message"), [
    (b'{"spells": [', "catalogue.json n&#x27;est pas un JSON valide (ligne 1"),
    (b"\xff\xfe", "Le fichier doit être un texte UTF-8."),
    (b'{"spells": 3}', "« spells » doit être une liste de sorts (reçu : 3)."),
])
def test_an_unreadable_file_is_refused_in_french(body, message):
    response = client_for(club_staff()).post(reverse("clubs:catalogue:import"), {"file": upload(body)})
    assert response.status_code == 422
    assert message in text(response)
    assert not catalogue_has_copy(home_club())


def test_export_then_import_changes_nothing_and_an_edited_export_imports():
    client = client_for(club_staff())
    client.post(reverse("clubs:catalogue:retire", args=["avis"]), {"retired": "1"})
    before = rows(home_club())
    exported = client.get(reverse("clubs:catalogue:export"))
    assert exported["Content-Disposition"] == 'attachment; filename="catalogue-club.json"'
    data = json.loads(exported.content)
    assert "avis" not in {spell["slug"] for spell in data["spells"]}  # the offered catalogue
    response = client.post(reverse("clubs:catalogue:import"), {"file": upload(exported.content)})
    assert response.status_code == 302
    assert rows(home_club()) == before  # the retired spell stays retired
    assert "0 créé(s), 0 mis à jour" in text(client.get(reverse("clubs:catalogue:list")))
    for spell in data["spells"]:
        if spell["slug"] == "stupefix":
            spell["range"] = 7
    assert client.post(reverse("clubs:catalogue:import"), {"file": upload(data)}).status_code == 302
    assert Spell.objects.get(slug="stupefix").range == 7
    assert Spell.rows.owned_by(None).get(slug="stupefix").range == 5
    assert AuditLog.objects.filter(action=AuditAction.CATALOGUE_IMPORT).count() == 2


def test_the_list_costs_the_same_queries_whatever_the_number_of_spells(default_catalogue):
    club = club_cache_warmed(home_club())
    client = client_for(club_staff())
    client.get(reverse("clubs:catalogue:list"))  # the session and roles read once

    def measured() -> int:
        with CaptureQueriesContext(connection) as queries:
            assert client.get(reverse("clubs:catalogue:list")).status_code == 200
        return len(queries)

    few = measured()
    print(f"catalogue list: {few} queries")
    catalogue_copy_for(club)
    copies = [Spell(club=club, slug=f"sort-{n}", name=f"Sort {n}", level=1 + n % 8, range=3, target="opponent",
                    effect={"damage": 1}) for n in range(40)]
    Spell.rows.bulk_create(copies)
    with activate_club(club):
        assert Spell.objects.count() == len(default_catalogue["spells"]) + 40
    assert measured() == few, "the list's queries grow with its spells"
    assert few <= 12
