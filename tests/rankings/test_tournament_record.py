"""Tournaments in the records: a duellist's page names the tournament and round of each tournament duel
(linked to the tournament's page) and lists the tournaments they entered with their place; the club's
statistics count the tournament duels played. Neither page's queries grow with the duels."""
import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.support.clubs import club_cache_warmed
from tests.support.tournament_play import play_round, running

pytestmark = pytest.mark.django_db


def queries(client, url: str) -> tuple[int, str]:
    club_cache_warmed()  # the middleware's club lookup is cached: the page's own queries only
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200
    return len(captured), response.content.decode()


def test_the_duellist_page_names_each_tournament_duel_and_the_places_with_constant_queries(client):
    tournament, _staff, entrants = running(entrants=4)
    play_round(tournament, winner=1)
    tournament.refresh_from_db()
    winner = next(e for e in entrants if e.pk in tournament.matches.filter(round__number=2).values_list(
        "side_a", flat=True))
    page_url = reverse("rankings:duellist", args=[winner.duellist.forum_id])
    link = reverse("tournaments:page", args=[tournament.slug])
    few, page = queries(client, page_url)
    assert page.count(f'<a href="{link}">Coupe d&#x27;hiver — Demi-finales, match') == 1
    assert "Tournois" in page and "en cours" in page
    play_round(tournament, winner=1)
    tournament.refresh_from_db()
    assert tournament.winner_id == winner.pk
    many, page = queries(client, page_url)
    assert many == few
    assert f'<a href="{link}">Coupe d&#x27;hiver — Finale</a>' in page
    assert page.count(f'<a href="{link}">Coupe d&#x27;hiver — ') == 2
    assert "Vainqueur" in page
    loser = next(e for e in entrants if e.pk != winner.pk and e.pk in tournament.matches.filter(
        round__number=2).values_list("side_b", flat=True))
    _n, finalist = queries(client, reverse("rankings:duellist", args=[loser.duellist.forum_id]))
    assert 'data-place="2"' in finalist and "2e" in finalist


def test_the_section_lists_an_entry_before_any_duel_and_is_absent_for_others(client):
    from tests.factories.duels import DuellistFactory

    _tournament, _staff, entrants = running(entrants=2)
    page = client.get(reverse("rankings:duellist", args=[entrants[0].duellist.forum_id])).content.decode()
    assert 'id="tournois"' in page and "Coupe d&#x27;hiver" in page and 'data-place=""' in page
    other = client.get(reverse("rankings:duellist", args=[DuellistFactory().forum_id])).content.decode()
    assert 'id="tournois"' not in other


def test_the_statistics_page_counts_tournament_duels_with_constant_queries(client):
    tournament, _staff, _entrants = running(entrants=4)
    play_round(tournament, winner=1)
    few, page = queries(client, reverse("rankings:statistics"))
    assert "<dt>Duels de tournoi joués</dt><dd>2</dd>" in page
    play_round(tournament, winner=2)
    many, page = queries(client, reverse("rankings:statistics"))
    assert many == few
    assert "<dt>Duels de tournoi joués</dt><dd>3</dd>" in page
