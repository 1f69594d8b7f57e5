"""The tournament page and the list run a fixed number of queries, whatever the number of entrants,
matches and tournaments."""
import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.support.clubs import club_cache_warmed
from tests.support.tournament_pages import play_round, stored_tournament
from tournaments.models import TournamentFormat

pytestmark = pytest.mark.django_db


def count(client, url, **headers) -> int:
    cache.clear()
    club_cache_warmed()
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url, **headers).status_code == 200
    return len(queries)


def test_the_tournament_page_does_not_grow_with_the_field(client):
    small = stored_tournament(field=4, slug="petit")
    large = stored_tournament(field=16, slug="grand")
    play_round(large)
    counts = [count(client, reverse("tournaments:page", args=[t.slug])) for t in (small, large)]
    assert counts[0] == counts[1] <= 8, counts
    live = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "tournament-live"}
    assert count(client, reverse("tournaments:page", args=["grand"]), **live) <= counts[1]


def test_groups_and_swiss_pages_stay_fixed_too(client):
    groups = stored_tournament(field=12, slug="poules", format=TournamentFormat.GROUPS_THEN_ELIMINATION,
                               group_count=3, qualifiers_per_group=2)
    swiss = stored_tournament(field=4, slug="suisse", format=TournamentFormat.SWISS, swiss_rounds=2)
    counts = [count(client, reverse("tournaments:page", args=[t.slug])) for t in (groups, swiss)]
    assert counts[0] == counts[1] <= 8, counts


def test_the_list_does_not_grow_with_the_tournaments(client):
    stored_tournament(field=2, slug="un")
    one = count(client, reverse("tournaments:list"))
    for slug in ("deux", "trois", "quatre"):
        stored_tournament(field=4, slug=slug)
    assert count(client, reverse("tournaments:list")) == one <= 4
