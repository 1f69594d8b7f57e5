"""Bad posts cost little: refused posts are counted per duellist and, past the limit, answered at once
(French message, 429, nothing parsed, locked nor stored); accepted posts full of crafted BBCode do not
slow the referee's page down."""
import datetime as dt
import time

import pytest
import time_machine
from django.urls import reverse

from duels.models import Post
from tests.support.clock import START
from tests.support.duels import RP_TEXT, post, started_duel
from tests.support.web import client_for, text

pytestmark = pytest.mark.django_db


def test_past_the_limit_refused_posts_are_answered_at_once_and_the_limit_ends(settings, django_assert_max_num_queries):
    settings.POST_REFUSALS_LIMIT, settings.POST_REFUSALS_SECONDS = 5, 600
    with time_machine.travel(START, tick=False):
        duel, _referee, (a, b) = started_duel()
        client = client_for(a.duellist.user)
        url = reverse("duels:post", args=[duel.pk])
        crafted = "[url=" * 3900  # no word: refused as too short
        for _ in range(5):
            response = client.post(url, {"rp_text": crafted, "cast": ""})
            assert response.status_code == 422 and "au moins 100 mots" in text(response)
        with django_assert_max_num_queries(4):  # session, user, duel: no window, slot nor post touched
            response = client.post(url, {"rp_text": RP_TEXT, "cast": ""})
        assert response.status_code == 429
        assert "Trop de messages refusés" in text(response)
        # the other duellist is not limited
        assert client_for(b.duellist.user).post(url, {"rp_text": RP_TEXT, "cast": ""}).status_code == 302
        assert list(Post.objects.values_list("participant", flat=True)) == [b.pk]
    with time_machine.travel(START + dt.timedelta(seconds=601), tick=False):
        assert client.post(url, {"rp_text": RP_TEXT, "cast": ""}).status_code == 302
        assert Post.objects.filter(participant=a).count() == 1


def test_accepted_posts_do_not_count_towards_the_limit(settings):
    settings.POST_REFUSALS_LIMIT = 1
    duel, _referee, (a, b) = started_duel()
    url = reverse("duels:post", args=[duel.pk])
    assert client_for(a.duellist.user).post(url, {"rp_text": RP_TEXT, "cast": ""}).status_code == 302
    assert client_for(b.duellist.user).post(url, {"rp_text": RP_TEXT, "cast": ""}).status_code == 302


def test_the_referee_page_with_two_crafted_posts_costs_about_as_much_as_with_two_ordinary_ones():
    """Measured in CPU time of this process (the test client runs the view here), the two pages in turns,
    best of five: another test worker or a loaded machine does not tip the comparison."""
    def referee_page(tail: str):
        duel, referee, (a, b) = started_duel()
        post(duel, a, [], text=RP_TEXT + " " + tail)
        post(duel, b, [], text=RP_TEXT + " " + tail)
        client = client_for(referee)
        url = reverse("duels:adjudicate", args=[duel.pk])
        assert client.get(url).status_code == 200  # warm: templates, catalogue
        return client, url

    crafted_text = "[url=" * 3800
    ordinary_text = ("Il lève [b]sa baguette[/b], [url=https://forum.example/t1]ici[/url].\n" * 400)[:len(crafted_text)]
    pages = {"crafted": referee_page(crafted_text), "ordinary": referee_page(ordinary_text)}
    best = {"crafted": float("inf"), "ordinary": float("inf")}
    for _ in range(5):
        for name, (client, url) in pages.items():
            started = time.process_time()
            assert client.get(url).status_code == 200
            best[name] = min(best[name], time.process_time() - started)
    assert best["crafted"] <= 3 * best["ordinary"], best
