"""The header's club menu: a member of several clubs reaches each of them from any club page; its list is
read when a membership is saved and kept in the cache (one statement when the cache has lost it), and
joining or leaving a club shows at once."""
import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from clubs.models import Membership
from clubs.roles import membership_join
from tests.factories.accounts import UserFactory
from tests.support.clubs import club_cache_warmed, other_club
from tests.support.web import client_for, text

pytestmark = pytest.mark.django_db


def menu_of(page: str) -> list[str]:
    found = re.search(r'<details class="club-menu">.*?</details>', page, re.S)
    return re.findall(r'<a href="([^"]+)"', found.group(0)) if found else []


def membership_reads(client, url) -> tuple[str, int]:
    with CaptureQueriesContext(connection) as queries:
        page = text(client.get(url))
    return page, sum("clubs_membership" in q["sql"] and "clubs_club" in q["sql"] for q in queries)


def test_a_member_of_two_clubs_switches_from_the_header(club):
    second = other_club()
    user = UserFactory()
    membership_join(user, club)
    membership_join(user, second)
    client = client_for(user)
    club_cache_warmed(club)
    page, reads = membership_reads(client, "/club/")
    assert menu_of(page) == ["/club/", "/ilvermorny/", "/clubs/"]  # by name: « Club de duel », « Ilvermorny »
    assert '<a href="/club/" aria-current="true">' in page
    assert reads == 0  # read when the memberships were saved
    cache.clear()
    club_cache_warmed(club)
    page, reads = membership_reads(client, "/club/duels/")
    assert menu_of(page) and reads == 1
    page, reads = membership_reads(client, "/club/duels/")
    assert menu_of(page) and reads == 0
    page = text(client.get("/ilvermorny/"))
    assert '<a href="/ilvermorny/" aria-current="true">' in page

    third = other_club("durmstrang", "Durmstrang")
    membership_join(user, third)
    assert "/durmstrang/" in menu_of(text(client.get("/club/")))
    Membership.objects.get(user=user, club=third).delete()
    assert "/durmstrang/" not in menu_of(text(client.get("/club/")))


def test_a_member_of_one_club_and_a_visitor_see_the_clubs_name_alone(club):
    user = UserFactory()
    membership_join(user, club)
    for client in (client_for(user), client_for(UserFactory())):
        page = text(client.get("/club/"))
        assert menu_of(page) == [] and 'class="club-name" href="/clubs/"' in page
    from django.test import Client

    assert 'class="club-name" href="/clubs/"' in text(Client().get("/club/"))
