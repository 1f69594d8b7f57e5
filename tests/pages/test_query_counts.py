"""The duel page and the dashboards run a bounded number of queries, whatever the number of turns."""
from types import MappingProxyType

import pytest
from django.core.cache import cache
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from clubs.scoping import activate_club
from tests.support.clubs import club_cache_warmed
from tests.support.duels import duel_after
from tests.support.web import client_for

pytestmark = pytest.mark.django_db


def count(client, url, **headers) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url, **headers).status_code == 200
    return len(queries)


def measure() -> dict:
    """Query counts of every page for a 2-turn and a 30-turn duel."""
    out = {}
    for turns in (2, 30):
        duel, referee, a, b = duel_after(turns)
        player, ref = client_for(a.duellist.user), client_for(referee)
        out[turns] = MappingProxyType({
            "duel, first view": count(player, reverse("duels:duel", args=[duel.pk])),  # the thread's HTML cached
            "duel": count(player, reverse("duels:duel", args=[duel.pk])),
            "live": count(player, reverse("duels:duel", args=[duel.pk]), HTTP_HX_REQUEST="true", HTTP_HX_TARGET="live"),
            "live, same version again": count(player, reverse("duels:duel", args=[duel.pk]),
                                              HTTP_HX_REQUEST="true", HTTP_HX_TARGET="live"),
            "dashboard": count(player, reverse("duels:dashboard")),
            "adjudicate": count(ref, reverse("duels:adjudicate", args=[duel.pk])),
            "referee": count(ref, reverse("duels:referee")),
        })
    return MappingProxyType(out)


@pytest.fixture(scope="module")
def measured(django_db_setup, django_db_blocker):
    """Measured once for the module (building a 30-turn duel takes seconds), in a transaction rolled
    back at once, from an empty cache to an empty cache: every test starts from the database and the
    cache the others start from, and only reads the counts (read-only mappings)."""
    with django_db_blocker.unblock():
        cache.clear()
        try:
            # Module-scoped: the test's club is not active yet. Its address is read from a warm cache.
            with transaction.atomic(), activate_club(club_cache_warmed()):
                counts = measure()
                transaction.set_rollback(True)
        finally:
            cache.clear()
    return counts


def test_query_counts_do_not_grow_with_turns(measured):
    assert measured[2] == measured[30], measured


# Measured: duel 11, live 8 (the HTMX poll: no menu, no bell; the first poll of a duel in a process also
# reads who plays it, kept afterwards), 4 for the same version again (rendered once: duels/pages/live_poll.py), dashboard 10, adjudicate 11 (the overdue window taken from the windows it read), referee 11;
# full pages get one query of headroom for the site menu's referee check. The duel page reads the last
# two turns' outline (its version computed from it) and its "Journal de l'arbitrage" (one query, whatever
# its length: tests/duels/test_referee_tool_pages.py). The first view of a phase also reads its posts
# and declaration to cache its HTML, the journal's entries to cache theirs, the action form's magic type names, and the charts read the
# declarations' states once per declaration.
@pytest.mark.parametrize("page, limit", [("duel, first view", 17), ("duel", 12), ("live", 8), ("live, same version again", 4), ("dashboard", 11), ("adjudicate", 12), ("referee", 12)])
def test_query_counts_are_small(measured, page, limit):
    assert measured[30][page] <= limit, measured[30]


def test_the_measure_leaves_no_row_behind(measured):
    from duels.models import Duel

    assert measured[30]["duel"] > 0 and not Duel.objects.exists()
