"""Every endpoint: reads public, writes staff only (token auth); throttling; errors in French JSON."""
import pytest
from rest_framework.throttling import SimpleRateThrottle

from tests.factories.accounts import DuellistFactory
from tests.support.rankings import at, duellists, finished_duel

pytestmark = pytest.mark.django_db


@pytest.fixture
def data():
    from tests.factories.spells import MagicTypeFactory, SpellFactory

    a, b = duellists(2)
    duel = finished_duel([a], [b], when=at(1))
    SpellFactory(slug="eclair", magic_type=MagicTypeFactory(slug="soins"))
    from rankings.models import Season

    Season.objects.create(name="Printemps", slug="printemps", starts_on=at(0).date(), ends_on=at(30).date())
    return {"duel": duel.pk, "forum_id": a.forum_id}


READ_ONLY = [
    "/api/v1/rankings/", "/api/v1/rankings.bbcode", "/api/v1/rankings.html", "/api/v1/duellists/",
    "/api/v1/duellists/{forum_id}/", "/api/v1/duels/", "/api/v1/duels/{duel}/", "/api/v1/spells/",
    "/api/v1/spells/eclair/", "/api/v1/magic-types/", "/api/v1/magic-types/soins/",
]
STAFF_WRITABLE_READS = ["/api/v1/seasons/", "/api/v1/seasons/printemps/"]


@pytest.mark.parametrize("url", READ_ONLY + STAFF_WRITABLE_READS)
@pytest.mark.parametrize("who", ["anonymous", "player", "staff"])
def test_reads_are_public_for_everyone(request, data, url, who):
    client = request.getfixturevalue(who)
    assert client.get(url.format(**data)).status_code == 200


@pytest.mark.parametrize("url", READ_ONLY)
@pytest.mark.parametrize("method", ["post", "put", "patch", "delete"])
def test_writes_on_read_only_endpoints(anonymous, player, staff, data, url, method):
    url = url.format(**data)
    anon = getattr(anonymous, method)(url, {}, format="json")
    assert anon.status_code == 401 and anon.json()["code"] == "not_authenticated"
    assert "Authentification requise" in anon.json()["message"]
    refused = getattr(player, method)(url, {}, format="json")
    assert refused.status_code == 403 and refused.json() == {
        "code": "permission_denied", "message": "Action réservée au staff du forum."}
    not_allowed = getattr(staff, method)(url, {}, format="json")
    assert not_allowed.status_code == 405 and not_allowed.json()["code"] == "method_not_allowed"


@pytest.mark.parametrize("who", ["anonymous", "player"])
def test_member_sync_endpoints_are_staff_only_even_to_read(request, data, who):
    client = request.getfixturevalue(who)
    assert client.get(f"/api/v1/forum-members/{data['forum_id']}/").status_code in (401, 403)
    assert client.post("/api/v1/forum-members/bulk/", [], format="json").status_code in (401, 403)


def test_staff_reads_a_member(staff, data):
    assert staff.get(f"/api/v1/forum-members/{data['forum_id']}/").json()["forum_id"] == data["forum_id"]


@pytest.fixture
def low_rates(monkeypatch):
    """DRF binds the rates when the throttle classes are defined: patch them where they are read."""
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {"anon": "3/min", "user": "5/min"})


def test_anonymous_clients_are_throttled_in_french(anonymous, low_rates):
    for _ in range(3):
        assert anonymous.get("/api/v1/rankings/").status_code == 200
    throttled = anonymous.get("/api/v1/duels/")  # one budget per client across endpoints
    assert throttled.status_code == 429 and throttled.json()["code"] == "throttled"
    assert throttled.json()["message"].startswith("Trop de requêtes : réessayez dans ")
    assert int(throttled["Retry-After"]) > 0


def test_token_clients_have_their_own_budget(anonymous, player, staff, low_rates):
    for _ in range(3):
        anonymous.get("/api/v1/spells/")
    assert anonymous.get("/api/v1/spells/").status_code == 429
    for _ in range(5):
        assert player.get("/api/v1/spells/").status_code == 200
    assert player.get("/api/v1/spells/").status_code == 429
    assert staff.get("/api/v1/spells/").status_code == 200


def test_staff_sync_is_throttled_too(staff, low_rates):
    DuellistFactory(forum_id=77)
    for _ in range(5):
        assert staff.get("/api/v1/forum-members/77/").status_code == 200
    response = staff.put("/api/v1/forum-members/77/", {}, format="json")
    assert response.status_code == 429 and response.json()["code"] == "throttled"


def test_a_304_is_still_counted(anonymous, low_rates):
    etag = anonymous.get("/api/v1/rankings/")["ETag"]
    assert anonymous.get("/api/v1/rankings/", HTTP_IF_NONE_MATCH=etag).status_code == 304
    anonymous.get("/api/v1/rankings/")
    assert anonymous.get("/api/v1/rankings/", HTTP_IF_NONE_MATCH=etag).status_code == 429
