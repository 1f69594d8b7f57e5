"""The ledger page: each line in words built at display time (a duel linked to its page, a correction
naming what it reverses, a manual entry's reason and author), filters by house, cause and period, 50 a
page, bad filters a French message, and a query count that does not grow with entries or houses."""
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from cup.models import Cause, House, LedgerEntry
from tests.cup.public_support import correction, entry_at, local
from tests.cup.support import house, put
from tests.factories.accounts import DuellistFactory, UserFactory
from tests.support.clubs import club_cache_warmed
from tests.support.corrections import backfire, finished

pytestmark = pytest.mark.django_db


def ledger(client, **params) -> str:
    response = client.get(reverse("cup:ledger"), params)
    assert response.status_code == 200
    return response.content.decode()


def rows(page: str) -> list[str]:
    return [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", row)).strip()
            for row in re.findall(r'<tr class="cup-entry[^"]*">(.*?)</tr>', page, re.S)]


def test_a_duels_line_links_to_the_duel_and_its_correction_says_what_it_reverses(client):
    duel, referee, hitter, hit, declaration = finished()
    put(hitter.duellist, "Gryffondor")
    put(hit.duellist, "Serpentard")
    from cup.services.ledger import duel_points_record

    duel_points_record(duel=duel)
    backfire(declaration, referee, hitter)  # the other one wins: the first entry reversed, a new one written
    page = ledger(client, period="all")
    name, other = hitter.duellist.forum_name, hit.duellist.forum_name
    assert f'<a href="{reverse("duels:duel", args=[duel.pk])}">Duel n°{duel.pk} : victoire de {name}</a>' in page
    assert f"Correction : annule « Duel n°{duel.pk} : victoire de {name} »" in page
    assert f"Duel n°{duel.pk} : victoire de {other}" in page
    lines = rows(page)
    assert len(lines) == 3 and all("automatique" in line for line in lines)
    assert any("Gryffondor -10" in line for line in lines) and any("Serpentard +10" in line for line in lines)


def test_a_manual_entry_shows_its_reason_and_author_and_its_cancellation(client):
    prefect = UserFactory(username="percy")
    entry = entry_at("Gryffondor", 15, local(2026, 11, 3, 20), reason="Aide aux premières années", by=prefect)
    correction(entry, reason="Erreur de maison", by=UserFactory(username="minerva"))
    lines = rows(ledger(client, period="month", month="2026-11"))
    assert len(lines) == 2  # newest first: the correction counts when the entry it cancels did, written after
    assert lines[0].endswith("Gryffondor -15 Correction : annule « Aide aux premières années » — Erreur de maison minerva")
    assert lines[1].endswith("Gryffondor +15 Aide aux premières années percy")


def test_the_filters_house_cause_and_period(client):
    duellist = DuellistFactory(forum_name="Harry")
    entry_at("Gryffondor", 10, local(2026, 11, 30, 23, 30), cause=Cause.DUEL, duellist=duellist, outcome="win")
    entry_at("Gryffondor", 3, local(2026, 12, 1, 0, 30))
    entry_at("Serdaigle", 4, local(2026, 11, 5, 12))
    assert len(rows(ledger(client, period="all"))) == 3
    assert len(rows(ledger(client, period="month", month="2026-11"))) == 2  # 23:30 local on the 30th is November
    only = rows(ledger(client, period="all", house=house("Gryffondor").pk))
    assert len(only) == 2 and all("Gryffondor" in line for line in only)
    duels = rows(ledger(client, period="all", cause="duel"))
    assert len(duels) == 1 and "Duel supprimé : victoire de Harry" in duels[0]  # an entry whose duel is gone
    assert len(rows(ledger(client, period="all", cause="manual", house=house("Serdaigle").pk))) == 1


@pytest.mark.parametrize("params", [{"house": "999999"}, {"house": "Hufflepuff"}, {"cause": "vol"},
                                    {"period": "month", "month": "2026-00"}, {"page": "abc"}, {"page": "-1"}])
def test_bad_filters_are_a_french_message_not_an_error(client, params):
    page = ledger(client, **params)
    if "page" not in params:
        assert "Un filtre n'est pas valable" in page and 'class="errorlist"' in page


def test_fifty_a_page(client):
    for n in range(120):
        entry_at("Poufsouffle", 1 + n, local(2026, 10, 1 + n % 28, 12))
    first = ledger(client, period="all")
    assert len(rows(first)) == 50 and "Page 1 sur 3" in first and 'rel="next"' in first
    assert len(rows(ledger(client, period="all", page=3))) == 20


def test_htmx_gets_the_results_only(client):
    entry_at("Serpentard", 2, local(2026, 11, 2, 12))
    fragment = client.get(reverse("cup:ledger"), {"period": "all"}, HTTP_HX_REQUEST="true").content.decode()
    assert fragment.lstrip().startswith('<section id="resultats"') and "<html" not in fragment


def count(client, url) -> int:
    club_cache_warmed()
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_the_query_count_does_not_grow_with_entries_or_houses(client):
    url = reverse("cup:ledger") + "?period=all"
    first = entry_at("Gryffondor", 1, local(2026, 11, 2, 10), by=UserFactory(username="a"))
    correction(first)
    few = count(client, url)
    for n in range(4):
        House.objects.create(name=f"Maison {n}", colour="#123456", position=10 + n)
    for day in range(1, 29):
        entry = entry_at("Maison 2", day, local(2026, 10, day, 12), by=UserFactory(username=f"p{day}"),
                       cause=Cause.DUEL, duellist=DuellistFactory(), outcome="win")
        if day % 3 == 0:
            correction(entry)
    assert LedgerEntry.objects.count() > 30
    assert count(client, url) == few


def test_a_hand_given_line_whose_author_is_gone_is_not_called_automatic(client):
    gone = UserFactory(username="parti")
    entry_at("Serpentard", 6, local(2026, 11, 3, 20), reason="Duel d'entraînement", by=gone)
    gone.delete()
    (line,) = rows(ledger(client, period="all"))
    assert line.endswith("Serpentard +6 Duel d&#x27;entraînement —") and "automatique" not in line
