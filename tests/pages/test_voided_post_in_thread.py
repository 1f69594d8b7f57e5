"""A post a correction voided stays where it stands in the thread, marked « annulé », its action struck
and without a forum copy; the correction reopens the next phase without a second « à vous de poster »."""
import re

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import Notification
from duels.models import Post
from duels.services.corrections import VOID_REPOST, declaration_correct
from forum.selectors import duel_items
from tests.support.duels import bet_for, declare, post, started_duel
from webhooks.digest_rules import digest_covers

pytestmark = pytest.mark.django_db


@pytest.fixture
def voided():
    """Turn 1: a hits b with a bolt, b passes; the referee then voids a's post (it counts as a pass)."""
    duel, referee, (a, b) = started_duel()
    post(duel, a, [{"cast": "bolt", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [])
    declaration = declare(duel, referee)
    hit = Post.objects.get(window=declaration.window, participant=a)
    declaration_correct(declaration=declaration, by=referee, reason="Sort hors RP", void_post=hit)
    return duel, referee, a, b, hit


def _article(page: str, post_id: int) -> str:
    found = re.search(rf'<article class="post[^"]*" id="message-{post_id}".*?</article>', page, re.S)
    assert found, f"post {post_id} not in the thread"
    return found.group(0)


def test_the_voided_post_is_marked_where_it_stands_without_a_copy(voided):
    duel, _referee, _a, b, hit = voided
    page = Client().get(reverse("duels:duel", args=[duel.pk])).content.decode()
    article = _article(page, hit.pk)
    assert "data-voided" in article and "annulé" in article and "Sort hors RP" in article
    assert "<strong>Sort" not in article and "<del>Sort" in article  # the action no longer reads as done
    assert "Copier pour le forum" not in article and "bbcode-text" not in article
    kept = _article(page, Post.objects.get(participant=b).pk)  # the other post is untouched
    assert "data-voided" not in kept and "Copier pour le forum" in kept


def test_the_voided_post_is_not_offered_to_the_forum(voided):
    duel, *_rest, hit = voided
    assert hit.pk not in [item.object_id for item in duel_items(duel) if item.kind == "post"]


def test_a_repost_voiding_marks_the_post_too():
    duel, referee, (a, b) = started_duel()
    post(duel, a, [{"cast": "bolt", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [])
    declaration = declare(duel, referee)
    hit = Post.objects.get(window=declaration.window, participant=a)
    declaration_correct(declaration=declaration, by=referee, reason="Hors RP", void_post=hit, void_mode=VOID_REPOST)
    article = _article(Client().get(reverse("duels:duel", args=[duel.pk])).content.decode(), hit.pk)
    assert "data-voided" in article and "poste à nouveau" in article and "Copier pour le forum" not in article


def test_the_correction_says_your_turn_once_per_duellist_and_phase():
    duel, referee, (a, b) = started_duel()
    post(duel, a, [{"cast": "bolt", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [])
    declaration = declare(duel, referee)
    asked = Notification.objects.filter(user=b.duellist.user, message__contains="à vous de poster (tour 1, phase de")
    assert asked.count() == 1  # b defends against the bolt
    declaration_correct(declaration=declaration, by=referee, reason="Relecture")
    assert asked.count() == 1  # the defence phase reopened (a new window), not announced again
    assert b.duellist.user.notifications.filter(message__contains="a corrigé la déclaration").count() == 1
    key = asked.get().dedupe_key
    b.duellist.user.daily_digest = True
    assert digest_covers(b.duellist.user, key)  # the digest still replaces its e-mail


def test_posting_marks_the_turn_notice_read_after_a_correction():
    duel, referee, (a, b) = started_duel()
    post(duel, a, [{"cast": "bolt", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [])
    declaration = declare(duel, referee)
    declaration_correct(declaration=declaration, by=referee, reason="Relecture")
    asking = Notification.objects.get(user=b.duellist.user, message__contains="à vous de poster (tour 1, phase de")
    assert asking.read_at is None
    post(duel, b, [{"nothing": True}])  # in the window the correction opened anew
    asking.refresh_from_db()
    assert asking.read_at is not None
