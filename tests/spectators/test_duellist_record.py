"""A duellist's page: head-to-head, favourite spells, points over the season."""
import datetime as dt
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from rankings.models import Result, Season
from tests.support.clubs import club_cache_warmed
from tests.support.duels import bet_for, declare, post, started_duel
from tests.support.rankings import duellists, finished_duel

pytestmark = pytest.mark.django_db


def page_of(client, duellist) -> str:
    response = client.get(reverse("rankings:duellist", args=[duellist.forum_id]))
    assert response.status_code == 200
    return response.content.decode()


def row(page: str, marker: str) -> list[str]:
    found = page[page.index(marker):]
    return re.findall(r'<td class="num">([^<]*)</td>', found[:found.index("</tr>")])


def test_head_to_head_counts_each_opponent(client):
    me, rival, other = duellists(3)
    now = timezone.now()
    finished_duel([me], [rival], winner=1, when=now - dt.timedelta(days=3))
    finished_duel([me], [rival], winner=2, when=now - dt.timedelta(days=2))
    finished_duel([rival], [me], winner=None, when=now - dt.timedelta(days=1))
    finished_duel([other], [me], winner=2, when=now)

    page = page_of(client, me)
    assert row(page, f'data-opponent="{rival.forum_id}"') == ["3", "1", "1", "1"]  # duels, V, N, D
    assert row(page, f'data-opponent="{other.forum_id}"') == ["1", "1", "0", "0"]
    assert page.index(f'data-opponent="{rival.forum_id}"') < page.index(f'data-opponent="{other.forum_id}"')


def test_season_chart_adds_the_points_up(client):
    me, rival = duellists(2)
    today = timezone.localdate()
    Season.objects.create(name="Hiver", slug="hiver", starts_on=today - dt.timedelta(days=10), ends_on=today + dt.timedelta(days=10))
    now = timezone.now()
    finished_duel([me], [rival], winner=1, when=now - dt.timedelta(days=30))  # before the season: not counted
    finished_duel([me], [rival], winner=1, when=now - dt.timedelta(days=2))
    finished_duel([me], [rival], winner=2, when=now - dt.timedelta(days=1))
    finished_duel([me], [rival], winner=1, when=now)
    points = [r.champion_points for r in Result.objects.filter(duellist=me).order_by("recorded_at")][1:]

    page = page_of(client, me)
    assert "Saison Hiver" in page and 'data-chart="chart-season"' in page
    figure = page[page.index('data-chart="chart-season"'):]
    values = [int(v) for v in re.findall(r'<td class="num">(\d+)</td>', figure[:figure.index("</table>")])]
    assert values == [0, points[0], points[0] + points[1], sum(points)]
    assert sum(points) > 0


def test_favourite_spells_come_from_their_posts(client):
    duel, referee, (a, b) = started_duel()
    for spell in ("bolt", "spark", "bolt"):  # never the same spell two turns running (RULES.md)
        post(duel, a, [{"cast": spell, "target": b.engine_id, "bet": bet_for(duel, order=1, win=False)}])
        post(duel, b, [])
        declare(duel, referee)
    page = page_of(client, a.duellist)
    favourites = page[page.index('class="favourite-spells"'):]
    assert re.findall(r'data-spell="([^"]+)"', favourites[:favourites.index("</ol>")]) == ["bolt", "spark"]
    assert "bolt — 2 lancers" in favourites and "spark — 1 lancer<" in favourites


def test_duellist_page_queries_do_not_grow_with_duels(client):
    me, *others = duellists(6)
    finished_duel([me], [others[0]])

    def count() -> int:
        club_cache_warmed()  # the middleware's club lookup is cached: the page's own queries only
        with CaptureQueriesContext(connection) as queries:
            page_of(client, me)
        return len(queries)

    few = count()
    for rival in others[1:]:
        finished_duel([me], [rival], winner=2)
    assert count() == few
