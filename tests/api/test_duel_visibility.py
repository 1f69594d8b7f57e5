"""The duels API shows exactly the duels the site shows: without an account, the duels started
(running or finished) only, as the duel page (a pairing, a cancelled duel: the login page); a member of
the club, logged in on the site or through a token, every duel of the club, as on the site."""
import pytest
from django.urls import reverse

from duels.models import DuelStatus
from duels.services import duel_cancel
from tests.support.clubs import club_member
from tests.support.duels import matched_duel, started_duel
from tests.support.permissions import staff_referee

pytestmark = pytest.mark.django_db


@pytest.fixture
def duels():
    cancelled = matched_duel()
    duel_cancel(duel=cancelled, by=staff_referee(), reason="Doublon")
    cancelled.refresh_from_db()
    running, _referee, _participants = started_duel()
    return {"cancelled": cancelled, "pairing": matched_duel(), "running": running}


def listed(client, **query) -> set[int]:
    response = client.get("/api/v1/duels/", query)
    assert response.status_code == 200
    return {duel["id"] for duel in response.json()["results"]}


def site_shows(client, duel) -> bool:
    response = client.get(reverse("duels:duel", args=[duel.pk]))
    assert response.status_code in (200, 302)
    return response.status_code == 200


def test_without_an_account_the_api_shows_what_the_duel_pages_show(anonymous, client, duels):
    cancelled, pairing, running = duels["cancelled"], duels["pairing"], duels["running"]
    assert cancelled.status == DuelStatus.CANCELLED
    for duel in (cancelled, pairing, running):
        shown = anonymous.get(f"/api/v1/duels/{duel.pk}/")
        assert (shown.status_code == 200) == site_shows(client, duel), duel.status
    assert anonymous.get(f"/api/v1/duels/{cancelled.pk}/").json()["code"] == "not_found"
    assert listed(anonymous) == {running.pk}
    assert listed(anonymous, status="cancelled") == set()
    assert listed(anonymous, status=["matched", "cancelled", "action"]) == {running.pk}


def test_members_see_every_duel_as_on_the_site(player, client, duels):
    client.force_login(club_member())
    every = {duel.pk for duel in duels.values()}
    for api in (player, client):  # a member's token, or the site's session
        assert listed(api) == every
        assert listed(api, status="cancelled") == {duels["cancelled"].pk}
        assert api.get(f"/api/v1/duels/{duels['cancelled'].pk}/").status_code == 200
    assert all(site_shows(client, duel) for duel in duels.values())
