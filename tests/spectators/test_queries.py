"""Spectator pages run a fixed number of queries, whatever the number of turns."""
import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.support.clubs import club_cache_warmed
from tests.support.duels import duel_after

pytestmark = pytest.mark.django_db


def count(client, url, status=200, **headers) -> int:
    cache.clear()  # measure the uncached work (of the page: the club is looked up from the cache)
    club_cache_warmed()
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url, **headers).status_code == status
    return len(queries)


@pytest.fixture
def measured(client):
    out = {}
    for turns in (2, 12):
        duel, _referee, _a, _b = duel_after(turns)
        out[turns] = {
            "duel": count(client, reverse("duels:duel", args=[duel.pk])),
            "live": count(client, reverse("duels:duel", args=[duel.pk]), HTTP_HX_REQUEST="true", HTTP_HX_TARGET="live"),
            "embed": count(client, reverse("duels:embed", args=[duel.pk])),
            "stage": count(client, reverse("duels:stage_png", args=[duel.pk])),
            "turn": count(client, reverse("duels:turn_stage_png", args=[duel.pk, 1])),
            "running": count(client, reverse("duels:running")),
            "statistics": count(client, reverse("rankings:statistics")),
        }
    return out


def test_spectator_query_counts_do_not_grow_with_turns_or_duels(measured):
    assert measured[2] == measured[12], measured


@pytest.mark.parametrize("page, limit", [("duel", 12), ("live", 11), ("embed", 7), ("stage", 3), ("turn", 3),
                                         ("running", 4), ("statistics", 6)])
def test_spectator_query_counts_are_small(measured, page, limit):
    assert measured[12][page] <= limit, measured[12]
