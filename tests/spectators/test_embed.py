"""The live stage for the forum's iframe: framed only by the forum's origins, everything else DENY."""
import re

import pytest
from django.urls import reverse

from tests.support.clubs import club_path
from tests.support.duels import post, started_duel
from tests.support.forum import forum_configured

pytestmark = pytest.mark.django_db


def test_only_the_embed_may_be_framed_and_only_by_the_forum(client, club):
    forum_configured(club, url="https://forum.example", origins=["https://www.forum.example"])
    duel, _referee, _ = started_duel()
    embed = client.get(reverse("duels:embed", args=[duel.pk]))
    assert embed.status_code == 200
    policy = embed["Content-Security-Policy"]
    assert "frame-ancestors https://forum.example https://www.forum.example" in policy
    assert "X-Frame-Options" not in embed.headers  # it cannot name an origin: CSP alone decides

    for url in (reverse("duels:duel", args=[duel.pk]), reverse("duels:running"),
                reverse("duels:stage_png", args=[duel.pk]), reverse("rankings:statistics")):
        response = client.get(url)
        assert response["X-Frame-Options"] == "DENY", url
        assert "frame-ancestors https://forum.example" not in response.get("Content-Security-Policy", ""), url


def test_without_forum_origins_nobody_may_frame_the_embed(client, club):
    forum_configured(club, url="")
    duel, _referee, _ = started_duel()
    embed = client.get(reverse("duels:embed", args=[duel.pk]))
    assert embed["X-Frame-Options"] == "DENY"
    assert "frame-ancestors 'none'" in embed["Content-Security-Policy"]


def test_embed_is_the_stage_without_inline_script_and_polls(client, club):
    forum_configured(club, url="https://forum.example")
    duel, _referee, (a, b) = started_duel()
    url = reverse("duels:embed", args=[duel.pk])
    page = client.get(url).content.decode()
    assert 'class="stage"' in page and a.duellist.forum_name in page
    assert not re.search(r"<script(?![^>]*\bsrc=)", page) and not re.search(r"\son[a-z]+=", page)
    assert 'name="rp_text"' not in page and duel.seed not in page
    version = re.search(r'data-version="([^"]+)"', page).group(1)

    poll = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "embed-live"}
    unchanged = client.get(url, {"v": version}, **poll)
    assert unchanged.status_code == 204 and "frame-ancestors https://forum.example" in unchanged["Content-Security-Policy"]
    post(duel, b, [])
    fragment = client.get(url, {"v": version}, **poll).content.decode()
    assert fragment.lstrip().startswith('<div id="embed-live"') and "<html" not in fragment


def test_the_duel_page_offers_the_snippets(client, settings):
    settings.SITE_URL = "https://estrade.example"
    duel, _referee, _ = started_duel()
    page = client.get(reverse("duels:duel", args=[duel.pk])).content.decode()
    assert f'&lt;iframe src=&quot;https://estrade.example{club_path(f"/duels/{duel.pk}/embed/")}&quot;' in page
    assert f"[img]https://estrade.example{club_path(f'/duels/{duel.pk}/stage.png')}[/img]" in page
