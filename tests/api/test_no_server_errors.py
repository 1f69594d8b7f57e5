"""Every input the bad-input probe answered with a 5xx: now a clear 4xx (JSON in the API, a
French page elsewhere) or an ordinary answer, on SQLite and on PostgreSQL, and nothing half-written."""
import json

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import Duellist, Notification
from duels.models import DuelStatus
from rankings.models import Season
from tests.factories.accounts import UserFactory
from tests.factories.duels import RefereeFactory
from tests.support.clubs import club_member, club_path
from tests.support.duels import RP_TEXT, matched_duel, started_duel
from tests.support.web import client_for

pytestmark = pytest.mark.django_db

BEYOND_BIGINT = "99999999999999999999999"


def answered(response, *, allowed=(200, 400)):
    assert response.status_code in allowed, (response.status_code, response.content[:300])
    if response.status_code >= 400 and response["Content-Type"].startswith("application/json"):
        body = response.json()
        assert set(body) >= {"code", "message"}, body
    return response


@pytest.mark.parametrize("query, found", [
    ("created_before=9999-12-31", 1), ("created_after=0001-01-01", 1), ("finished_before=9999-12-31", 0),
    ("finished_after=0001-01-01", 0), ("created_before=0001-01-01", 0), ("created_after=9999-12-31", 0),
])
def test_duel_list_date_filters_at_the_ends_of_the_calendar(player, query, found):
    matched_duel()  # created today, not finished (listed for members only, as on the site)
    response = answered(player.get(f"/api/v1/duels/?{query}"), allowed=(200,))
    assert response.json()["count"] == found and len(response.json()["results"]) == found


def test_the_latest_day_keeps_every_duel_and_the_earliest_none():
    duel = matched_duel()  # not started: listed for members only, as on the site
    client = Client()
    client.force_login(club_member())
    assert [d["id"] for d in client.get("/api/v1/duels/?created_before=9999-12-31").json()["results"]] == [duel.pk]
    assert client.get("/api/v1/duels/?created_after=0001-01-01").json()["count"] == 1
    assert client.get("/api/v1/duels/?created_before=0001-01-01").json()["count"] == 0


@pytest.mark.parametrize("path", [
    "/api/v1/rankings/?page=9223372036854775807", f"/api/v1/rankings/?page={BEYOND_BIGINT}",
    "/api/v1/rankings/?page=-1", "/api/v1/rankings/?page_size=9223372036854775807",
    f"/api/v1/duels/?page={BEYOND_BIGINT}", f"/api/v1/duellists/?page={BEYOND_BIGINT}",
    f"/api/v1/seasons/?page={BEYOND_BIGINT}", f"/api/v1/rankings.bbcode?limit={BEYOND_BIGINT}",
    f"/api/v1/duels/?duellist={BEYOND_BIGINT}", f"/api/v1/duels/{BEYOND_BIGINT}/",
    f"/api/v1/duellists/{BEYOND_BIGINT}/", "/api/v1/rankings/?year=99999999999999999999",
])
def test_huge_numbers_in_the_query_or_the_path(anonymous, path):
    answered(anonymous.get(path), allowed=(200, 400, 404))


def test_a_page_far_beyond_the_last_is_a_json_404(anonymous):
    response = anonymous.get("/api/v1/rankings/?page=9223372036854775807")
    assert response.status_code == 404 and response.json()["code"] == "not_found"


@pytest.mark.parametrize("path", [
    "/api/v1/duellists/?search=a%00b", "/api/v1/rankings/?season=a%00b", "/api/v1/seasons/a%00b/",
    "/api/v1/duels/?status=a%00b",
])
def test_nul_bytes_in_the_query_are_a_json_400(anonymous, path):
    response = answered(anonymous.get(path), allowed=(400, 404))
    assert response["Content-Type"].startswith("application/json")


def test_nul_bytes_in_a_page_query_are_a_french_400():
    response = answered(Client().get(club_path("/classement/?season=a%00b")), allowed=(400,))
    assert "caractère nul" in response.content.decode()


@pytest.mark.parametrize("value", ["²", "٣", BEYOND_BIGINT, "9223372036854775808", "-1", "1e3", ""])
def test_mark_read_with_odd_ids_marks_nothing_and_answers(value):
    user = UserFactory()
    notice = Notification.objects.create(user=user, kind="duel", message="Bonjour")
    client = client_for(user, raise_request_exception=False)
    response = client.post(reverse("notifications_read"), {"id": value})
    assert response.status_code == 302
    notice.refresh_from_db()
    assert notice.read_at is None


def test_mark_read_with_a_good_id_among_bad_ones_marks_it():
    user = UserFactory()
    notice = Notification.objects.create(user=user, kind="duel", message="Bonjour")
    client = client_for(user, raise_request_exception=False)
    client.post(reverse("notifications_read"), {"id": ["²", BEYOND_BIGINT, str(notice.pk)]})
    notice.refresh_from_db()
    assert notice.read_at is not None


def test_a_nul_byte_in_the_rp_text_is_refused_and_nothing_posted():
    duel, _referee, participants = started_duel()
    client = client_for(participants[0].duellist.user, raise_request_exception=False)
    response = client.post(reverse("duels:post", args=[duel.pk]), {"rp_text": RP_TEXT + "\x00", "cast": ""})
    assert response.status_code == 400
    assert "caractère nul" in response.content.decode()
    assert not duel.windows.filter(posts__isnull=False).exists()


def test_a_nul_byte_in_the_cancel_reason_is_refused_and_the_duel_stays():
    duel = matched_duel()
    referee = RefereeFactory()
    duel.referee = referee
    duel.save(update_fields=["referee"])
    response = client_for(referee, raise_request_exception=False).post(
        reverse("duels:cancel", args=[duel.pk]), {"reason": "a\x00b", "confirm": "yes"})
    assert response.status_code == 400
    duel.refresh_from_db()
    assert duel.status != DuelStatus.CANCELLED


def member(**overrides) -> dict:
    return {"forum_name": "Nymphadora", "joined_on": "2020-01-01", "post_count": 10, "homework_year": 3,
            **overrides}


@pytest.mark.parametrize("overrides", [
    {"post_count": 3000000000}, {"post_count": 2**63}, {"forum_name": "x" * 101}, {"character_name": "x" * 151},
    {"forum_name": "a\x00b"}, {"homework_year": 2**70},
])
def test_forum_member_put_out_of_the_models_range_is_a_400(staff, overrides):
    response = answered(staff.put("/api/v1/forum-members/12/", member(**overrides), format="json"), allowed=(400,))
    assert response.json()["code"] == "invalid"
    assert not Duellist.objects.exists()


@pytest.mark.parametrize("forum_id", ["2147483648", "3000000000", BEYOND_BIGINT])
def test_forum_ids_beyond_the_column_are_refused(staff, forum_id):
    put = staff.put(f"/api/v1/forum-members/{forum_id}/", member(), format="json")
    answered(put, allowed=(400, 404))
    answered(staff.get(f"/api/v1/forum-members/{forum_id}/"), allowed=(404,))
    bulk = staff.post("/api/v1/forum-members/bulk/", [member(forum_id=int(forum_id))], format="json")
    answered(bulk, allowed=(400,))
    assert not Duellist.objects.exists()


def test_bulk_with_one_post_count_too_big_writes_nothing(staff):
    batch = [member(forum_id=1, forum_name="Un"), member(forum_id=2, forum_name="Deux", post_count=3000000000)]
    response = answered(staff.post("/api/v1/forum-members/bulk/", batch, format="json"), allowed=(400,))
    assert "post_count" in response.json()["errors"]["1"]
    assert not Duellist.objects.exists()


@pytest.mark.parametrize("starts_on, ends_on", [
    ("0001-01-01", "9999-12-31"), ("9999-12-31", "9999-12-31"), ("0001-01-01", "0001-01-01"),
])
def test_seasons_at_the_ends_of_the_calendar(staff, starts_on, ends_on):
    response = staff.post("/api/v1/seasons/", {"name": "Tout", "slug": "tout", "starts_on": starts_on,
                                               "ends_on": ends_on}, format="json")
    answered(response, allowed=(201, 400))
    if response.status_code == 201:
        answered(staff.get("/api/v1/rankings/?season=tout"), allowed=(200,))
        answered(Client().get("/classement/?season=tout"), allowed=(200,))
    else:
        assert not Season.objects.exists()


def test_api_errors_in_production_are_json(anonymous, settings):
    settings.DEBUG = False
    response = anonymous.get("/api/v1/nowhere/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json")
    assert response.json()["code"] == "not_found"


def test_a_server_error_in_the_api_is_json_in_production(settings):
    settings.DEBUG = False
    from django.test import RequestFactory

    from config.errors import server_error

    response = server_error(RequestFactory().get("/api/v1/duels/"))
    assert response.status_code == 500 and response["Content-Type"] == "application/json"
    assert json.loads(response.content)["code"] == "server_error"
    assert server_error(RequestFactory().get("/duels/"))["Content-Type"].startswith("text/html")


def test_an_rp_text_over_the_limit_is_refused_in_french_and_nothing_posted(settings):
    settings.RP_TEXT_MAX_LENGTH = 2000
    duel, _referee, participants = started_duel()
    client = client_for(participants[0].duellist.user, raise_request_exception=False)
    response = client.post(reverse("duels:post", args=[duel.pk]), {"rp_text": RP_TEXT + " x" * 1000, "cast": ""})
    assert response.status_code == 422
    assert "Le texte RP est trop long" in response.content.decode()
    assert not duel.windows.filter(posts__isnull=False).exists()


def test_the_rp_text_limit_defaults_to_20000_characters():
    from django.conf import settings

    assert settings.RP_TEXT_MAX_LENGTH == 20000
