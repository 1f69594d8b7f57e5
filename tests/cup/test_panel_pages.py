"""The cup's control panel pages (/<club>/gestion/coupe/): the club's staff (and owner) only; houses
added, changed, deleted (refused with points in the ledger); members' houses searched, filtered and
changed; prefects named and removed; the cup settings. Each change in the audit log."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from audit.models import AuditAction, AuditLog
from cup.models import CupSettings, House, HouseMember, Prefect
from cup.services.awards import points_award
from tests.cup.support import house, put
from tests.factories.accounts import DuellistFactory, UserFactory
from tests.support.clubs import club_cache_warmed, club_member, make_referee, other_club
from tests.support.permissions import club_staff
from tests.support.web import client_for, text

pytestmark = pytest.mark.django_db

PAGES = ["houses", "house_new", "members", "prefects", "settings"]


def url(name, *args):
    return reverse(f"clubs:cup_panel:{name}", args=args)


@pytest.fixture
def staff():
    return club_staff(username="intendant")


def people() -> dict:
    referee = UserFactory(username="arbitre")
    make_referee(referee)
    return {"referee": referee, "player": DuellistFactory(user__username="joueur").user,
            "outsider": UserFactory(username="passant"),
            "other_club_staff": club_staff(other_club(), username="equipe-ailleurs")}


def test_the_staff_and_the_owner_open_every_page(staff):
    owner = club_staff(owner=True, username="proprio")
    for user in (staff, owner):
        client = client_for(user)
        for name in PAGES + ["house_edit"]:
            path = url(name, house("Gryffondor").pk) if name == "house_edit" else url(name)
            assert client.get(path).status_code == 200, (user, name)


def test_nobody_else_opens_or_changes_anything(client):
    before = (House.objects.count(), Prefect.objects.count(), AuditLog.objects.count())
    gryffondor = house("Gryffondor")
    for role, user in people().items():
        theirs = client_for(user)
        for name in PAGES:
            assert theirs.get(url(name)).status_code == 403, (role, name)
            assert theirs.post(url(name), {"name": "Pris", "colour": "#123456", "house": gryffondor.pk,
                                           "prefect": "1", "username": user.username}).status_code == 403
        assert theirs.post(url("house_delete", gryffondor.pk)).status_code == 403
    assert (House.objects.count(), Prefect.objects.count(), AuditLog.objects.count()) == before
    anonymous = client.get(url("houses"))
    assert anonymous.status_code == 302 and anonymous["Location"].startswith(reverse("login"))


def test_a_house_is_added_with_its_colour_and_changed(staff):
    client = client_for(staff)
    response = client.post(url("house_new"), {"name": "Durmstrang", "colour": "#8b0000", "crest": "🐺",
                                              "position": 5})
    assert response.status_code == 302
    added = House.objects.get(name="Durmstrang")
    assert (added.colour, added.crest) == ("#8b0000", "🐺")
    assert 'type="color"' in text(client.get(url("house_edit", added.pk)))
    client.post(url("house_edit", added.pk), {"name": "Durmstrang", "colour": "#000000", "crest": "", "position": 5})
    added.refresh_from_db()
    assert added.colour == "#000000"
    assert AuditLog.objects.filter(action=AuditAction.CUP_HOUSE).count() == 2


def test_a_bad_house_is_refused_in_french_and_nothing_stored(staff):
    client = client_for(staff)
    taken = client.post(url("house_new"), {"name": "gryffondor", "colour": "#8b0000", "position": 5})
    assert taken.status_code == 422 and "Le club a déjà une maison de ce nom." in text(taken)
    colour = client.post(url("house_new"), {"name": "Autre", "colour": "rouge", "position": 5})
    assert colour.status_code == 422 and "#rrggbb" in text(colour)
    assert House.objects.count() == 4 and not AuditLog.objects.filter(action=AuditAction.CUP_HOUSE).exists()


def test_a_house_without_points_is_deleted_one_with_points_stays(staff):
    client = client_for(staff)
    poufsouffle, serpentard = house("Poufsouffle"), house("Serpentard")
    points_award(by=staff, house=serpentard, points=5, reason="Bravoure")
    assert client.post(url("house_delete", poufsouffle.pk)).status_code == 302
    assert not House.objects.filter(pk=poufsouffle.pk).exists()
    refused = client.post(url("house_delete", serpentard.pk), follow=True)
    assert "Cette maison a des points dans le registre" in text(refused)
    assert House.objects.filter(pk=serpentard.pk).exists()


def test_another_clubs_house_is_a_404(staff):
    club_b = other_club()
    theirs = House._base_manager.filter(club=club_b).first()
    client = client_for(staff)
    assert client.get(url("house_edit", theirs.pk)).status_code == 404
    assert client.post(url("house_delete", theirs.pk)).status_code == 404
    assert House._base_manager.filter(club=club_b).count() == 4


def test_members_are_searched_filtered_and_moved(staff):
    harry, drago = DuellistFactory(forum_name="Harry Potter"), DuellistFactory(forum_name="Drago Malefoy")
    DuellistFactory(forum_name="Luna Lovegood")
    put(drago, "Serpentard")
    client = client_for(staff)
    found = text(client.get(url("members"), {"q": "harry"}))
    assert "Harry Potter" in found and "Drago Malefoy" not in found
    in_house = text(client.get(url("members"), {"maison": house("Serpentard").pk}))
    assert "Drago Malefoy" in in_house and "Harry Potter" not in in_house
    without = text(client.get(url("members"), {"maison": "sans"}))
    assert "Harry Potter" in without and "Luna Lovegood" in without and "Drago Malefoy" not in without
    client.post(url("members"), {"duellist": harry.pk, "house": house("Gryffondor").pk})
    assert HouseMember.objects.get(duellist=harry).house.name == "Gryffondor"
    client.post(url("members"), {"duellist": drago.pk, "house": ""})
    assert not HouseMember.objects.filter(duellist=drago).exists()
    assert AuditLog.objects.filter(action=AuditAction.CUP_MEMBER).count() == 2


def test_a_member_is_not_put_in_another_clubs_house(staff):
    harry = DuellistFactory(forum_name="Harry Potter")
    theirs = House._base_manager.filter(club=other_club()).first()
    response = client_for(staff).post(url("members"), {"duellist": harry.pk, "house": theirs.pk}, follow=True)
    assert "Membre ou maison inconnus." in text(response)
    assert not HouseMember.objects.exists()


def members_page_queries(client, path) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(path).status_code == 200
    return len(queries)


def test_the_members_page_reads_as_many_statements_for_2_members_as_for_40(staff):
    club_cache_warmed()
    client = client_for(staff)
    for index in range(2):
        put(DuellistFactory(), "Gryffondor" if index % 2 else "Serdaigle")
    few = members_page_queries(client, url("members"))
    for index in range(38):
        put(DuellistFactory(), "Poufsouffle" if index % 2 else "Serpentard")
    assert members_page_queries(client, url("members")) == few


def test_a_prefect_is_named_among_the_clubs_members_and_removed(staff):
    hermione = club_member(username="hermione")
    stranger = UserFactory(username="inconnu")
    client = client_for(staff)
    gryffondor = house("Gryffondor")
    client.post(url("prefects"), {"house": gryffondor.pk, "prefect": "1", "username": "Hermione"})
    assert Prefect.objects.filter(user=hermione, house=gryffondor).exists()
    assert "hermione" in text(client.get(url("prefects")))
    refused = client.post(url("prefects"), {"house": gryffondor.pk, "prefect": "1", "username": stranger.username},
                          follow=True)
    assert "Aucun membre du club n&#x27;a le compte « inconnu »." in text(refused)
    client.post(url("prefects"), {"house": gryffondor.pk, "prefect": "0", "user": hermione.pk})
    assert not Prefect.objects.exists()
    assert AuditLog.objects.filter(action=AuditAction.CUP_PREFECT).count() == 2


def test_the_cup_settings_are_saved_and_custom_dates_are_required(staff):
    client = client_for(staff)
    missing = client.post(url("settings"), {"period": "custom"})
    assert missing.status_code == 422 and "Donnez le début et la fin de la période choisie." in text(missing)
    assert not CupSettings.objects.exists()
    client.post(url("settings"), {"period": "custom", "starts_on": "2026-09-01", "ends_on": "2026-12-31"})
    saved = CupSettings.objects.get()
    assert (saved.period, saved.prefects_own_house_only) == ("custom", False)
    client.post(url("settings"), {"period": "month", "prefects_own_house_only": "on"})
    assert CupSettings.objects.get().period == "month" and CupSettings.objects.get().prefects_own_house_only
    assert AuditLog.objects.filter(action=AuditAction.CUP_SETTINGS).count() == 2


def test_the_panel_menu_lists_the_cup(staff):
    assert "Coupe des maisons" in text(client_for(staff).get(reverse("clubs:panel")))
