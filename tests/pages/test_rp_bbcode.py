"""The RP text renders its forum BBCode on the site (safe links only, no HTML of the
player's), while the forum copy keeps the original text; the site has a favicon."""
import pytest
from django.contrib.staticfiles import finders
from django.urls import reverse

from tests.support.duels import RP_TEXT, post, started_duel
from tests.support.web import client_for, text

pytestmark = pytest.mark.django_db

RP_WITH_BBCODE = (RP_TEXT + " [b]gras[/b] [i]penché[/i] [u]souligné[/u] [s]barré[/s] [color=red]rouge[/color] "
      "[quote]citation[/quote] [url=https://forum.example/t1]sujet[/url] [url=javascript:alert(1)]piège[/url] "
      "<script>alert(2)</script>")


def test_rp_text_renders_its_bbcode_safely_and_the_forum_copy_keeps_it():
    duel, _referee, (a, b) = started_duel()
    post(duel, a, [], text=RP_WITH_BBCODE)
    page = text(client_for(b.duellist.user).get(reverse("duels:duel", args=[duel.pk])))
    rp = page.split('<div class="rp">')[1].split("</div>")[0]
    for html in ("<strong>gras</strong>", "<em>penché</em>", "<u>souligné</u>", "<s>barré</s>",
                 '<span class="bb-c-red">rouge</span>', "<blockquote>citation</blockquote>",
                 '<a href="https://forum.example/t1" rel="nofollow noopener ugc">sujet</a>'):
        assert html in rp, html
    assert "javascript:" not in rp and "piège" in rp  # the text stays, the link goes
    assert "<script>" not in page.split('<div class="rp">')[1].split("</article>")[0]
    copy = page.split('class="bbcode-text"')[1].split("</textarea>")[0]
    assert "[b]gras[/b]" in copy and "[color=red]rouge[/color]" in copy  # the forum gets the original


def test_pages_have_a_favicon(client):
    page = text(client.get(reverse("spells:catalog")))
    assert 'rel="icon"' in page and finders.find("favicon.svg")
