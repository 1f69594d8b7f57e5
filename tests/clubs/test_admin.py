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
