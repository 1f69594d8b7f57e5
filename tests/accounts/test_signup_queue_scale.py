"""The staff's sign-up queue stays flat in both counts (pending requests, members without an account): one
text field per request (the member's name), a search of at most 20 names, 25 requests a page, and the
same number of queries whatever the data. The approval page has a « Copier » button for the PM text."""
import html

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from accounts.models import Duellist, Invitation, SignupRequest
from accounts.selectors import MEMBERS_FOUND, SIGNUPS_PER_PAGE
from tests.factories.accounts import DuellistFactory
from tests.support.clubs import club_cache_warmed
from tests.support.permissions import club_staff
from tests.support.web import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff():
    return client_for(club_staff())


def grow(requests: int, members: int) -> None:
    start = Duellist.objects.count()
    Duellist.objects.bulk_create([
        Duellist(forum_id=50_000 + start + n, forum_name=f"Membre {start + n}", forum_joined_on="2024-01-01")
        for n in range(members)
    ])
    SignupRequest.objects.bulk_create([SignupRequest(forum_name=f"Membre {start + n * 3}") for n in range(requests)])


def first_page(client) -> tuple[int, int]:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(reverse("signup_queue"))
    assert response.status_code == 200
    return len(queries), len(response.content)


def test_the_queue_is_flat_in_requests_and_members(staff):
    club_cache_warmed()  # the first page pays no more than the others for reading its club
    grow(2, 5)
    small_queries, _small_bytes = first_page(staff)
    grow(28, 10)
    full_queries, full_bytes = first_page(staff)  # a full page of requests
    grow(92, 1000)
    large_queries, large_bytes = first_page(staff)
    assert small_queries == full_queries == large_queries
    assert large_bytes < full_bytes * 1.1  # more requests and members: the same page
    page = staff.get(reverse("signup_queue")).content.decode()
    assert page.count("<option") <= 2  # the footer's languages: never a list of the members
    assert page.count('name="member"') == SIGNUPS_PER_PAGE
    assert "Page 1 sur 5" in page
    last = staff.get(reverse("signup_queue"), {"page": 5}).content.decode()
    assert last.count('name="member"') == 122 - 4 * SIGNUPS_PER_PAGE


def test_the_member_search_shows_at_most_twenty_names(staff):
    grow(1, 60)
    page = staff.get(reverse("signup_queue"), {"q": "membre"}).content.decode()
    assert page.count("<li>Membre ") == MEMBERS_FOUND
    one = staff.get(reverse("signup_queue"), {"q": "Membre 17"}).content.decode()
    assert "<li>Membre 17 " in one and "<li>Membre 18 " not in one
    none = staff.get(reverse("signup_queue"), {"q": "<b>Personne</b>"}).content.decode()
    assert "Aucun membre sans compte ne correspond à « &lt;b&gt;Personne&lt;/b&gt; »." in none


def test_a_request_is_approved_with_the_members_name_typed(staff):
    member = DuellistFactory(user=None, forum_name="Cho Chang")
    signup = SignupRequest.objects.create(forum_name="Cho")
    response = staff.post(reverse("signup_decide", args=[signup.pk]), {"decision": "approve", "member": "cho chang"})
    page = response.content.decode()
    assert response.status_code == 200 and Invitation.objects.filter(duellist=member).count() == 1
    assert 'data-copy' in page and "Copier" in page and "js/duel" in page  # the PM text's copy button


def test_an_unknown_name_is_refused_with_a_message_and_nothing_changes(staff):
    DuellistFactory(forum_name="Lié")  # has an account: not offered
    signup = SignupRequest.objects.create(forum_name="Lié")
    for name in ("Lié", "Inconnu"):
        response = staff.post(reverse("signup_decide", args=[signup.pk]), {"decision": "approve", "member": name},
                              follow=True)
        assert f"Aucun membre synchronisé sans compte ne s'appelle « {name} »" in html.unescape(
            response.content.decode())
    signup.refresh_from_db()
    assert signup.status == SignupRequest.Status.PENDING and not Invitation.objects.exists()
