"""The platform operator suspends a club: every address of the club says so (pages and API), nothing is
deleted, other clubs go on; reinstated, the club is back as it was. Only the operator suspends."""
import pytest
from django.urls import reverse

from clubs.opening import ClubRefused, club_reinstate, club_suspend
from clubs.scoping import activate_club
from duels.models import Duel
from tests.factories.accounts import UserFactory
from tests.support.clubs import other_club
from tests.support.duels import started_duel

pytestmark = pytest.mark.django_db


def test_a_suspended_clubs_pages_and_api_say_so_and_nothing_is_deleted(client, club):
    duel, _referee, _ab = started_duel()
    operator = UserFactory(is_superuser=True, is_staff=True)
    club_suspend(club=club, by=operator, reason="Spam dans les sujets de duel")
    page = client.get(reverse("duels:duel", args=[duel.pk]))
    assert page.status_code == 403
    text = page.content.decode()
    assert "est suspendu" in text and "Spam dans les sujets de duel" in text and "Duel n°" not in text
    api = client.get(f"/api/v1/clubs/{club.slug}/duels/")
    assert api.status_code == 403 and api.json()["code"] == "club-suspended"
    assert client.post(reverse("duels:register")).status_code == 403
    assert Duel.objects.filter(pk=duel.pk).exists()
    club_reinstate(club=club, by=operator)
    assert client.get(reverse("duels:duel", args=[duel.pk])).status_code == 200


def test_another_club_is_not_affected(client, club):
    ilvermorny = other_club()
    club_suspend(club=club, by=UserFactory(is_superuser=True), reason="Abus")
    with activate_club(ilvermorny):
        assert client.get(reverse("duels:running")).status_code == 200
    assert "Club de duel" not in client.get("/clubs/").content.decode()  # no longer listed


def test_only_the_operator_suspends_and_a_reason_is_required(club):
    owner = UserFactory(is_staff=True)
    with pytest.raises(ClubRefused) as refused:
        club_suspend(club=club, by=owner, reason="Parce que")
    assert refused.value.code == "operator-only"
    with pytest.raises(ClubRefused) as refused:
        club_suspend(club=club, by=UserFactory(is_superuser=True), reason="  ")
    assert refused.value.code == "reason-required"
    club.refresh_from_db()
    assert not club.is_suspended
