"""The action form's choices (options, spell cards, moves) are computed and rendered once per
phase and duellist, and a new phase never shows the previous one's choices."""
import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from duels.pages import action_options
from tests.support.duels import bet_for, declare, post, started_duel
from tests.support.web import client_for

pytestmark = pytest.mark.django_db


def my_points(html: str) -> str:
    return re.search(r'<p class="my-points">(.*?)</p>', html, re.S).group(1)


def test_the_choices_are_computed_once_per_phase(monkeypatch):
    duel, _referee, (a, _b) = started_duel()
    cache.clear()
    calls = []
    real = action_options.my_options
    monkeypatch.setattr(action_options, "my_options", lambda *args, **kw: calls.append(1) or real(*args, **kw))
    client = client_for(a.duellist.user)
    url = reverse("duels:duel", args=[duel.pk])
    with CaptureQueriesContext(connection) as first_queries:
        first = client.get(url).content.decode()
    with CaptureQueriesContext(connection) as again_queries:
        again = client.get(url).content.decode()
    assert len(calls) == 1  # the second view reads the cached choices
    assert my_points(first) == my_points(again)
    assert again.count('class="cast-card') > 5 and 'name="move_before"' in again and "csrfmiddlewaretoken" in again
    assert len(again_queries) < len(first_queries)  # no magic type names read on a cached view


def test_a_new_phase_shows_its_own_choices():
    duel, referee, (a, b) = started_duel()
    cache.clear()
    client = client_for(a.duellist.user)
    url = reverse("duels:duel", args=[duel.pk])
    before = client.get(url).content.decode()
    assert 'data-reason="same-spell-twice"' not in before
    post(duel, a, [{"cast": "bolt", "target": b.engine_id, "bet": bet_for(duel, order=1, win=False)}])
    post(duel, b, [])
    declare(duel, referee)
    duel.refresh_from_db()
    assert duel.turn == 2 and duel.status == "action"
    after = client.get(url).content.decode()
    unavailable = after[after.index('class="unavailable-spells"'):]
    assert re.search(r'data-spell="bolt" data-reason="same-spell-twice"', unavailable)  # cast last turn
    assert my_points(after) != my_points(before)  # the bolt's PM are spent


def test_another_duellist_never_gets_my_choices():
    duel, _referee, (a, b) = started_duel()
    post(duel, b, [])  # b has posted: a is the one the form is for
    cache.clear()
    url = reverse("duels:duel", args=[duel.pk])
    assert 'name="move_before"' in client_for(a.duellist.user).get(url).content.decode()
    other = client_for(b.duellist.user).get(url).content.decode()
    assert 'name="move_before"' not in other and "Vous avez posté dans cette phase" in other
