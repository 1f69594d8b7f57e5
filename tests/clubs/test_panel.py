"""The club's management pages (/<club>/gestion/): its staff edit the club's settings; a new forum address
must be verified again; anyone else (a player, another club's staff) is refused and nothing changes."""
import pytest
from django.utils import timezone

from audit.models import AuditLog
from clubs.club_settings import club_settings_store
from clubs.models import Membership
from clubs.opening import ClubRefused
from tests.factories.accounts import UserFactory
from tests.support.clubs import other_club
from tests.support.web import client_for

pytestmark = pytest.mark.django_db
SETTINGS = {"name": "Club de duel de Poudlard", "forum_url": "https://poudlard.example", "forum_origins": "",
            "duel_section": "7", "forum_profile_url": "", "language": "fr", "time_zone": "Europe/Paris",
            "is_public": "on"}


def _staff_of(club):
    user = UserFactory(is_staff=True)
    Membership.objects.create(user=user, club=club, is_staff=True)
    return user


@pytest.fixture
def verified_home(club):
    club.forum_url, club.verified_at = "https://poudlard.example", timezone.now()
    club.save()
    return club


def test_the_clubs_staff_edit_its_settings_and_the_change_is_logged(verified_home):
    staff = _staff_of(verified_home)
    client = client_for(staff)
    assert client.get("/club/gestion/").status_code == 200
    page = client.get("/club/gestion/reglages/")
    assert page.status_code == 200 and 'value="https://poudlard.example"' in page.content.decode()
    response = client.post("/club/gestion/reglages/", {**SETTINGS, "time_zone": "America/New_York"})
    assert response.status_code == 302
    verified_home.refresh_from_db()
    assert (verified_home.name, verified_home.time_zone, verified_home.duel_section) == (
        "Club de duel de Poudlard", "America/New_York", 7)
    assert verified_home.is_verified  # the same forum: still verified
    entry = AuditLog.objects.get(action="club.settings")
    assert entry.actor == staff and entry.data["after"]["time_zone"] == "America/New_York"


def test_a_new_forum_address_must_be_verified_again(verified_home):
    client_for(_staff_of(verified_home)).post("/club/gestion/reglages/",
                                              {**SETTINGS, "forum_url": "https://nouveau-forum.example"})
    verified_home.refresh_from_db()
    assert verified_home.forum_url == "https://nouveau-forum.example" and not verified_home.is_verified


def test_the_operator_moving_the_forum_keeps_the_club_trusted(verified_home):
    operator = UserFactory(is_staff=True, is_superuser=True)
    club_settings_store(club=verified_home, by=operator, values={
        **SETTINGS, "forum_url": "https://ailleurs.example", "forum_origins": [], "duel_section": 7, "is_public": True})
    verified_home.refresh_from_db()
    assert verified_home.is_verified


@pytest.mark.parametrize(("changes", "message"), [
    ({"time_zone": "Mars/Olympus"}, "Fuseau horaire inconnu"),
    ({"forum_origins": "pas une adresse"}, "n&#x27;est pas une adresse de site"),
    ({"name": ""}, "Ce champ est obligatoire."),
    ({"duel_section": "-1"}, "supérieure ou égale à 0"),
    ({"forum_url": "https://ilvermorny.example"}, "Ce forum a déjà son club sur Estrade."),
])
def test_bad_settings_are_refused_in_french_and_nothing_changes(verified_home, changes, message):
    ilvermorny = other_club()
    ilvermorny.forum_url = "https://ilvermorny.example"
    ilvermorny.save()
    before = (verified_home.name, verified_home.time_zone, verified_home.forum_url)
    response = client_for(_staff_of(verified_home)).post("/club/gestion/reglages/", {**SETTINGS, **changes})
    assert response.status_code in (409, 422) and message in response.content.decode()
    verified_home.refresh_from_db()
    assert (verified_home.name, verified_home.time_zone, verified_home.forum_url) == before
    assert not AuditLog.objects.filter(action="club.settings").exists()


def test_a_player_and_another_clubs_staff_are_refused(verified_home):
    player = UserFactory()
    Membership.objects.create(user=player, club=verified_home)
    strangers = [player, _staff_of(other_club())]
    for user in strangers:
        client = client_for(user)
        assert client.get("/club/gestion/").status_code == 403
        assert client.post("/club/gestion/reglages/", {**SETTINGS, "name": "Pris"}).status_code == 403
        with pytest.raises(ClubRefused):
            club_settings_store(club=verified_home, by=user, values={
                **SETTINGS, "name": "Pris", "forum_origins": [], "duel_section": 7, "is_public": True})
    verified_home.refresh_from_db()
    assert verified_home.name != "Pris"


def test_the_first_steps_tick_themselves_as_the_club_moves_in(django_assert_max_num_queries):
    from clubs.opening import club_open
    from clubs.scoping import activate_club
    from tests.factories.accounts import DuellistFactory
    from tests.support.clubs import make_referee

    owner = UserFactory()
    opened = club_open(by=owner, name="Beauxbâtons", slug="beauxbatons", forum_url="https://bx.example")
    client = client_for(owner)

    def ticks():
        page = client.get("/beauxbatons/gestion/").content.decode()
        return [part.split('"')[0] for part in page.split('data-done="')[1:]]

    assert ticks() == ["non", "non", "non", "non"]
    opened.verified_at = timezone.now()
    opened.save()
    with activate_club(opened):
        DuellistFactory()
        make_referee(UserFactory())
    assert ticks() == ["oui", "oui", "oui", "non"]
    with django_assert_max_num_queries(8):
        client.get("/beauxbatons/gestion/")


@pytest.mark.parametrize(("pattern", "link"), [
    ("https://poudlard.example/u{forum_id}", "https://poudlard.example/u4242"),
    ("https://poudlard.example/u{membre}", None),  # mistyped by the club: no link, no error
    ("", None),
])
def test_the_profile_links_to_the_members_profile_on_the_clubs_forum(club, pattern, link):
    from tests.factories.accounts import DuellistFactory

    club.forum_profile_url = pattern
    club.save()
    duellist = DuellistFactory(forum_id=4242)
    page = client_for(duellist.user).get("/club/profil/")
    assert page.status_code == 200
    assert (f'href="{link}"' in page.content.decode()) if link else "poudlard.example/u" not in page.content.decode()


@pytest.mark.parametrize("pattern", ["https://poudlard.example/u123", "poudlard.example/u{forum_id}",
                                     "https://poudlard.example/u{forum_id}{0}"])
def test_a_profile_address_without_the_members_number_is_refused(verified_home, pattern):
    response = client_for(_staff_of(verified_home)).post("/club/gestion/reglages/",
                                                         {**SETTINGS, "forum_profile_url": pattern})
    assert response.status_code == 422 and "à la place du numéro du membre" in response.content.decode()


def _owner_of(club):
    user = UserFactory()
    Membership.objects.create(user=user, club=club, is_staff=True, is_owner=True)
    return user


def test_the_management_page_has_a_clean_title(verified_home):
    page = client_for(_staff_of(verified_home)).get("/club/gestion/").content.decode()
    assert "<title>Gestion du club — Club de duel</title>" in page


def test_the_owner_names_and_removes_staff_and_it_is_logged(verified_home):
    owner, member = _owner_of(verified_home), UserFactory(username="hermione")
    Membership.objects.create(user=member, club=verified_home)
    client = client_for(owner)
    page = client.get("/club/gestion/membres/").content.decode()
    assert 'data-member="hermione"' in page and "Nommer hermione au staff" in page
    client.post(f"/club/gestion/membres/{member.pk}/role/", {"role": "staff", "granted": "1"})
    assert Membership.objects.get(user=member, club=verified_home).is_staff
    assert client_for(member).get("/club/gestion/").status_code == 200  # staff now
    client.post(f"/club/gestion/membres/{member.pk}/role/", {"role": "staff", "granted": "0"})
    assert not Membership.objects.get(user=member, club=verified_home).is_staff
    assert client_for(member).get("/club/gestion/").status_code == 403
    assert [e.data["granted"] for e in AuditLog.objects.filter(action="account.role").order_by("pk")] == [True, False]


def test_staff_see_the_members_but_only_the_owner_changes_roles(verified_home):
    staff, member = _staff_of(verified_home), UserFactory()
    Membership.objects.create(user=member, club=verified_home)
    client = client_for(staff)
    page = client.get("/club/gestion/membres/").content.decode()
    assert "Nommer" not in page  # no buttons for the staff
    response = client.post(f"/club/gestion/membres/{member.pk}/role/", {"role": "staff", "granted": "1"}, follow=True)
    assert "Seul le propriétaire du club nomme son staff." in response.content.decode()
    assert not Membership.objects.get(user=member, club=verified_home).is_staff
    outsider = UserFactory()
    assert client_for(outsider).post(f"/club/gestion/membres/{member.pk}/role/",
                                     {"role": "staff", "granted": "1"}).status_code == 403


def test_the_owner_hands_the_club_over_and_stays_staff(verified_home):
    owner, heir = _owner_of(verified_home), UserFactory(username="heritiere")
    Membership.objects.create(user=heir, club=verified_home)
    client = client_for(owner)
    unconfirmed = client.post(f"/club/gestion/membres/{heir.pk}/role/", {"role": "owner"}, follow=True)
    assert "confirmez la transmission" in unconfirmed.content.decode()
    assert not Membership.objects.get(user=heir, club=verified_home).is_owner
    client.post(f"/club/gestion/membres/{heir.pk}/role/", {"role": "owner", "confirm": "yes"})
    former, new = (Membership.objects.get(user=u, club=verified_home) for u in (owner, heir))
    assert (new.is_owner, new.is_staff) == (True, True) and (former.is_owner, former.is_staff) == (False, True)
    refused = client.post(f"/club/gestion/membres/{heir.pk}/role/", {"role": "staff", "granted": "0"}, follow=True)
    assert "Seul le propriétaire du club nomme son staff." in refused.content.decode()


def test_the_owner_cannot_drop_their_own_staff_role_nor_name_a_stranger(verified_home):
    owner, stranger = _owner_of(verified_home), UserFactory()
    client = client_for(owner)
    mine = client.post(f"/club/gestion/membres/{owner.pk}/role/", {"role": "staff", "granted": "0"}, follow=True)
    assert "Le propriétaire reste du staff" in mine.content.decode()
    theirs = client.post(f"/club/gestion/membres/{stranger.pk}/role/", {"role": "staff", "granted": "1"}, follow=True)
    assert "n&#x27;est pas membre du club" in theirs.content.decode()
    assert not Membership.objects.filter(user=stranger).exists()


def test_a_club_without_a_forum_is_asked_for_its_address_first(club):
    club.forum_url = ""
    club.save()
    page = client_for(_staff_of(club)).get("/club/gestion/").content.decode()
    assert "data-no-forum" in page and "Forum vérifié" not in page
    assert page.split('data-done="')[1].startswith("non")
