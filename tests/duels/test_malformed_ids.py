"""A number field of the duel pages that is not a number (`abc`, `1e9`, `²`, `1.5`, `0x1`, `-1`) is
answered 400 with a French message naming the field, and nothing changes; never a 500. The referee's
and the players' forms, the live poll's `?w=` and the API's `?page=`."""
import html

import pytest
from django.test import Client
from django.urls import reverse

from audit.models import AuditLog
from duels.models import Declaration
from duels.services import declaration_prepare
from tests.support.duels import post, started_duel
from tests.support.permissions import club_staff

pytestmark = pytest.mark.django_db

MALFORMED = ["abc", "1e9", "²", "1.5", "0x1", "-1", "12345678901234567890123"]


@pytest.fixture
def duel_and_referee():
    duel, referee, (a, b) = started_duel()
    post(duel, a, [])
    post(duel, b, [])
    declaration_prepare(duel=duel, by=referee)
    return duel, referee


def client_of(user) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


def assert_refused_by_name(response, field: str, value: str):
    page = html.unescape(response.content.decode())
    assert response.status_code == 400, (field, value, response.status_code)
    assert f"Champ « {field} » mal formé" in page and "Rien n'a été enregistré" in page
    assert 'class="site-header"' in page  # the site's own page, with its way back


# every number a referee's form posts; (view, field, the form's other fields)
REFEREE_FIELDS = [
    ("reopen", "participant", {"reason": "Panne du forum"}),
    ("reassign", "referee", {"reason": "Vacances"}),
    ("publish_as_is", "declaration", {"prepared_at": "2026-01-01T00:00:00+00:00"}),
]


@pytest.mark.parametrize("value", MALFORMED)
@pytest.mark.parametrize(("view", "field", "other"), REFEREE_FIELDS, ids=lambda v: v if isinstance(v, str) else "")
def test_the_duels_referee_gets_a_400_naming_the_field(duel_and_referee, view, field, other, value):
    duel, referee = duel_and_referee
    before = (AuditLog.objects.count(), Declaration.objects.filter(published_at__isnull=False).count())
    response = client_of(referee).post(reverse(f"duels:{view}", args=[duel.pk]), {field: value, **other})
    assert_refused_by_name(response, field, value)
    duel.refresh_from_db()
    assert duel.referee_id == referee.pk
    assert (AuditLog.objects.count(), Declaration.objects.filter(published_at__isnull=False).count()) == before


@pytest.mark.parametrize("value", ["1e9", "abc"])
def test_staff_reassigning_with_a_malformed_referee_gets_the_400_too(duel_and_referee, value):
    duel, referee = duel_and_referee
    staff = club_staff()  # the club's staff may hand any duel over
    response = client_of(staff).post(reverse("duels:reassign", args=[duel.pk]),
                                                          {"referee": value, "reason": "Vacances"})
    assert_refused_by_name(response, "referee", value)
    duel.refresh_from_db()
    assert duel.referee_id == referee.pk


@pytest.mark.parametrize("value", MALFORMED)
def test_the_live_poll_refuses_a_malformed_last_phase(duel_and_referee, value):
    duel, referee = duel_and_referee
    player = duel.participants.first().duellist.user
    for client in (client_of(player), Client(raise_request_exception=False)):
        response = client.get(reverse("duels:duel", args=[duel.pk]), {"v": "x", "w": value},
                              HTTP_HX_REQUEST="true", HTTP_HX_TARGET="live")
        assert_refused_by_name(response, "w", value)


def test_well_formed_numbers_still_work(duel_and_referee):
    duel, referee = duel_and_referee
    page = client_of(referee).post(reverse("duels:reopen", args=[duel.pk]), {"participant": "999999", "reason": "x"})
    assert page.status_code == 404  # a number, but no such duellist in this duel
    poll = Client().get(reverse("duels:duel", args=[duel.pk]), {"v": "x", "w": ""},
                        HTTP_HX_REQUEST="true", HTTP_HX_TARGET="live")
    assert poll.status_code == 200


@pytest.mark.parametrize("value", ["²", "abc", "1e9"])
def test_the_duels_api_page_number_is_never_a_500(duel_and_referee, value):
    response = Client(raise_request_exception=False).get(reverse("api-duels"), {"page": value})
    assert response.status_code == 404 and response.json()["code"] == "not_found"
