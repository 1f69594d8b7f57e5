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
