"""Selectors used by the pages, and the admin never leaking the seed of a running duel."""
import pytest
from django.urls import reverse

from duels import selectors
from tests.factories.duels import UserFactory
from tests.support.duels import declare, matched_duel, post, started_duel

pytestmark = pytest.mark.django_db


def test_referee_queue_and_timeline(django_assert_max_num_queries):
    waiting = matched_duel()
    assert list(selectors.referee_queue()) == [waiting]
    duel, referee, (a, b) = started_duel()
    assert list(selectors.referee_queue()) == [waiting]
    post(duel, a, [])
    post(duel, b, [])
    assert list(selectors.duels_awaiting_declaration(referee)) == [duel]
    declare(duel, referee)
    assert selectors.participant_for(duel, a.duellist.user) == a
    assert selectors.open_window(duel).turn == 2
    with django_assert_max_num_queries(4):
        timeline = list(selectors.duel_timeline(duel))
        assert [len(w.posts.all()) for w in timeline] == [2, 0]
        assert timeline[0].declaration.is_published


def test_the_admin_shows_the_seed_only_once_the_duel_is_over(client):
    duel, _referee, _participants = started_duel()
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    page = client.get(reverse("admin:duels_duel_change", args=[duel.pk]), secure=True)
    assert page.status_code == 200
    assert duel.seed not in page.content.decode() and duel.seed_sha256 in page.content.decode()
