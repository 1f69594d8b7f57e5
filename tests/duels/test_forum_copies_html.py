"""What Estrade hands to the forum carries no HTML: some forums run the HTML of a post, so `<` and `>`
in a member's text (RP text, comment, names) reach every forum copy as `&#60;` and `&#62;`. The copies
of posts, declarations and forfeits (« Copier pour le forum », the bridge), the forum topic's opening,
the rankings table (`rankings.bbcode`) and the rewards list."""
import html
import re

import pytest
from django.urls import reverse

from common.forum_text import html_neutral
from duels.export import bbcode
from rankings.export.bbcode import ranking_bbcode, rewards_bbcode
from rankings.models import Result
from tests.support.duels import RP_TEXT, declare, post, started_duel
from tests.support.rankings import at, duellists, finished_duel
from tests.support.web import client_for

HOSTILE = '<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:x">'
TAG = re.compile(r"<\s*/?\s*[a-zA-Z]")


def assert_no_markup(text: str):
    assert "<" not in text and ">" not in text, text
    assert "&#60;script&#62;" in text  # the member's text is still there, shown as written


def test_the_shared_function_writes_numeric_references():
    assert html_neutral("a <b> c -> d") == "a &#60;b&#62; c -&#62; d"
    assert html.unescape(html_neutral(HOSTILE)) == HOSTILE  # a forum with HTML shows the characters
    assert html_neutral("[b]Baguette levée[/b] & rien d'autre") == "[b]Baguette levée[/b] & rien d'autre"


def test_every_bbcode_export_of_a_duel_neutralises_html():
    copies = [
        bbcode.post(author="Luna", rp_text=f"{RP_TEXT} {HOSTILE}", action=f"Sort : Repulso {HOSTILE}"),
        bbcode.forfeit(line=f"{HOSTILE} abandonne le duel"),
        bbcode.declaration(turn=1, kind="première déclaration", comment=HOSTILE, events=[{"text": HOSTILE}],
                           rolls=[{"by_name": HOSTILE, "bet": "123", "roll": 2, "success": True}],
                           closing=[HOSTILE]),
    ]
    for copy in copies:
        assert_no_markup(copy)
    assert "[b]Sort : Repulso" in copies[0]  # the BBCode itself is untouched


@pytest.mark.django_db
def test_the_rankings_and_rewards_bbcode_neutralise_html(client):
    a, b = duellists(2)
    a.forum_name = HOSTILE[:60]
    a.save()
    finished_duel([a], [b], when=at(1))
    text = client.get("/api/v1/rankings.bbcode").content.decode()
    assert not TAG.search(text) and "&#60;script&#62;" in text
    assert_no_markup(ranking_bbcode([{"rank": 1, "forum_name": HOSTILE, "points": 1, "duels": 1, "wins": 1,
                                      "draws": 0, "losses": 0, "disqualifications": 0, "win_rate": 1.0,
                                      "purse": 40, "chocogrenouilles": 0}], title=HOSTILE))
    rewards = rewards_bbcode(Result.objects.select_related("duellist"))
    assert not TAG.search(rewards) and "&#60;script&#62;" in rewards


@pytest.mark.django_db
def test_the_copy_shown_on_the_duel_page_is_the_neutral_one():
    duel, referee, (a, b) = started_duel()
    post(duel, a, [], text=f"{RP_TEXT} {HOSTILE}")
    post(duel, b, [])
    declare(duel, referee, comment=HOSTILE)
    page = client_for(a.duellist.user).get(reverse("duels:duel", args=[duel.pk])).content.decode()
    copies = [html.unescape(area) for area in re.findall(r'class="bbcode-text"[^>]*>(.*?)</textarea>', page, re.S)]
    assert len(copies) >= 3  # the start signal, the posts, the declaration
    hostile = [copy for copy in copies if "script" in copy]
    assert len(hostile) == 2 and all(not TAG.search(copy) for copy in hostile)
