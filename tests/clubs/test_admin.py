"""The platform operator sees every club in the Django admin, whichever club a link came from."""
import pytest

from clubs.scoping import activate_club
from tests.factories.accounts import UserFactory
from tests.factories.duels import DuelFactory
from tests.support.clubs import other_club

pytestmark = pytest.mark.django_db


def test_the_operator_lists_the_clubs_their_members_and_every_clubs_duels(client):
    ilvermorny = other_club()
    with activate_club(ilvermorny):
        theirs = DuelFactory()
    mine = DuelFactory()
    client.force_login(UserFactory(username="operateur", is_staff=True, is_superuser=True))
    clubs = client.get("/admin/clubs/club/").content.decode()
    assert "Ilvermorny" in clubs and "Club de duel" in clubs
    assert client.get(f"/admin/clubs/club/{ilvermorny.pk}/change/").status_code == 200
    assert client.get("/admin/clubs/membership/").status_code == 200
    duels = client.get("/club/admin/duels/duel/").content.decode()  # a link built inside a club
    assert f"/admin/duels/duel/{theirs.pk}/change/" in duels and f"/admin/duels/duel/{mine.pk}/change/" in duels


def _operator(client):
    client.force_login(UserFactory(username="operateur", is_staff=True, is_superuser=True))


def test_the_operator_suspends_a_club_with_a_reason_and_reinstates_it(client):
    from django.utils import timezone

    ilvermorny = other_club()
    _operator(client)
    change = f"/admin/clubs/club/{ilvermorny.pk}/change/"
    form = {"name": ilvermorny.name, "slug": ilvermorny.slug, "forum_url": "", "forum_origins": "[]",
            "duel_section": 0, "forum_profile_url": "", "language": "fr", "time_zone": "Europe/Paris",
            "is_public": "on", "created_at_0": "01/12/2026", "created_at_1": "10:00:00", "house_rules": "{}",
            "verified_at_0": "01/12/2026", "verified_at_1": "10:00:00",
            "suspended_at_0": timezone.localdate().strftime("%d/%m/%Y"), "suspended_at_1": "12:00:00",
            "suspension_reason": "", "memberships-TOTAL_FORMS": 0, "memberships-INITIAL_FORMS": 0}
    refused = client.post(change, form)
    assert refused.status_code == 200 and "Donnez le motif de la suspension." in refused.content.decode()
    ilvermorny.refresh_from_db()
    assert not ilvermorny.is_suspended
    assert client.post(change, {**form, "suspension_reason": "Spam"}).status_code == 302
    ilvermorny.refresh_from_db()
    assert ilvermorny.is_suspended and client.get("/ilvermorny/classement/").status_code == 403
    client.post("/admin/clubs/club/", {"action": "reinstate", "_selected_action": [ilvermorny.pk]})
    ilvermorny.refresh_from_db()
    assert not ilvermorny.is_suspended and client.get("/ilvermorny/classement/").status_code == 200


def test_a_club_the_operator_adds_is_trusted(client):
    from clubs.models import Club

    _operator(client)
    response = client.post("/admin/clubs/club/add/", {
        "name": "Durmstrang", "slug": "durmstrang", "forum_url": "https://durmstrang.example", "forum_origins": "[]",
        "duel_section": 3, "forum_profile_url": "", "language": "fr", "time_zone": "Europe/Paris",
        "created_at_0": "01/12/2026", "created_at_1": "10:00:00", "house_rules": "{}",
        "memberships-TOTAL_FORMS": 0, "memberships-INITIAL_FORMS": 0})
    assert response.status_code == 302, response.content.decode()[:3000]
    assert Club.objects.get(slug="durmstrang").is_verified
