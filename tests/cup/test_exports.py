"""The cup for the forum: the standings' PNG (a valid picture of the right size at a stable address, with
cache headers and ETag), the BBCode block (houses, totals, the leader in bold, the picture, names that
cannot open tags), the embed (framed by the club's forum origins only, no inline script)."""
import io
import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from PIL import Image

from cup.export.bbcode import standings_bbcode
from cup.export.image import image_size
from cup.models import House
from cup.pages.standings import standings_lines
from tests.cup.public_support import entry_at, local
from tests.factories.accounts import DuellistFactory
from tests.support.clubs import club_cache_warmed, club_path
from tests.support.forum import forum_configured

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()  # pictures are cached under what they draw; ids repeat between tests
    yield
    cache.clear()


def test_the_png_is_a_valid_picture_of_the_right_size_with_cache_headers(client):
    entry_at("Gryffondor", 12, local(2026, 11, 2, 12))
    response = client.get(reverse("cup:standings_png"))
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    picture = Image.open(io.BytesIO(response.content))
    assert picture.format == "PNG" and picture.size == image_size(4) == (600, 36 + 4 * 34 + 10)
    assert "public" in response["Cache-Control"] and "max-age=" in response["Cache-Control"]
    assert client.get(reverse("cup:standings_png"), HTTP_IF_NONE_MATCH=response["ETag"]).status_code == 304
    House.objects.create(name="Maison des elfes", colour="#654321", position=9)
    taller = Image.open(io.BytesIO(client.get(reverse("cup:standings_png")).content))
    assert taller.size == image_size(5)


def test_the_png_follows_the_ledger(client):
    first = client.get(reverse("cup:standings_png"), {"period": "all"}).content
    entry_at("Serpentard", 5, local(2026, 11, 2, 12))
    assert client.get(reverse("cup:standings_png"), {"period": "all"}).content != first
    assert client.get(reverse("cup:standings_png"), {"period": "nope"}).status_code == 200  # the current cup


def test_the_bbcode_lists_the_houses_with_the_leader_in_bold(client, settings):
    settings.SITE_URL = "https://estrade.example"
    entry_at("Serdaigle", 30, local(2026, 11, 2, 12))
    entry_at("Gryffondor", -4, local(2026, 11, 2, 13))
    House.objects.filter(name="Poufsouffle").update(name="Pouf[/color][url=javascript:x]")
    page = client.get(reverse("cup:standings"), {"period": "all"}).content.decode()
    code = re.search(r'<textarea readonly rows="6" class="bbcode-text"[^>]*>(.*?)</textarea>', page, re.S).group(1)
    assert code.startswith("[b]Coupe des maisons — depuis toujours[/b]")
    assert f"[img]https://estrade.example{club_path('/coupe/classement.png')}[/img]" in code
    assert "[tr][td]1[/td][td][b][color=#222f5b]🦅 Serdaigle[/color][/b][/td][td][b]30[/b][/td][/tr]" in code
    assert "[td]🦁 Gryffondor[/color][/td][td]-4[/td]" in code.replace("[color=#ae0001]", "")
    assert "[url=javascript" not in code and "Pouf(/color)(url=javascript" in code  # brackets made harmless
    assert f"[url=https://estrade.example{club_path('/coupe/')}]" in code


def test_the_bbcode_of_an_even_cup_has_no_leader():
    code = standings_bbcode(standings_lines(None), title="Coupe")
    assert "[b]" in code.splitlines()[0] and code.count("[b]") == 1
    assert code.count("[tr]") == 5


def test_the_embed_is_framed_by_the_forum_only_and_has_no_inline_script(client, club):
    forum_configured(club, url="https://forum.example", origins=["https://www.forum.example"])
    entry_at("Poufsouffle", 7, local(2026, 11, 2, 12))
    embed = client.get(reverse("cup:embed"))
    assert embed.status_code == 200
    assert "frame-ancestors https://forum.example https://www.forum.example" in embed["Content-Security-Policy"]
    assert "X-Frame-Options" not in embed.headers
    assert "public" in embed["Cache-Control"]
    page = embed.content.decode()
    assert not re.search(r"<script(?![^>]*\bsrc=)", page) and not re.search(r"\son[a-z]+=", page)
    assert 'class="cup-house' in page and 'target="_blank"' in page
    for name in ("cup:standings", "cup:ledger", "cup:standings_png"):
        response = client.get(reverse(name))
        assert response["X-Frame-Options"] == "DENY", name
        assert "frame-ancestors https://forum.example" not in response.get("Content-Security-Policy", ""), name


def test_without_a_forum_nobody_may_frame_the_embed(client, club):
    forum_configured(club, url="")
    embed = client.get(reverse("cup:embed"))
    assert embed["X-Frame-Options"] == "DENY" and "frame-ancestors 'none'" in embed["Content-Security-Policy"]


def test_the_standings_page_offers_the_snippets(client, settings):
    settings.SITE_URL = "https://estrade.example"
    page = client.get(reverse("cup:standings")).content.decode()
    assert f'&lt;iframe src=&quot;https://estrade.example{club_path("/coupe/embed/")}&quot;' in page
    assert "data-copy" in page and "js/duel.js" in page


def test_the_embed_and_picture_queries_do_not_grow(client):
    def count(url) -> int:
        cache.clear()
        club_cache_warmed()
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        return len(queries)

    urls = [reverse("cup:embed") + "?period=all", reverse("cup:standings_png") + "?period=all"]
    entry_at("Gryffondor", 1, local(2026, 11, 2, 12))
    few = [count(url) for url in urls]
    for n in range(4):
        House.objects.create(name=f"Maison {n}", colour="#123456", position=10 + n)
        for day in range(1, 15):
            entry_at(f"Maison {n}", day, local(2026, 10, day, 12))
    assert [count(url) for url in urls] == few


def test_the_pages_in_english(client):
    client.cookies["django_language"] = "en"
    ron = DuellistFactory(forum_name="Ron")
    entry_at("Gryffondor", 4, local(2026, 11, 2, 12), cause="duel", outcome="win", duellist=ron)
    standings = client.get(reverse("cup:standings"), {"period": "month", "month": "2026-11"}).content.decode()
    assert '<html lang="en">' in standings and "House standings" in standings and "leading" in standings
    assert "Classement des maisons" not in standings
    ledger = client.get(reverse("cup:ledger"), {"period": "all"}).content.decode()
    assert "Deleted duel: win for Ron" in ledger and "automatic" in ledger
    body = client.get("/api/v1/cup/", {"period": "week"}, HTTP_ACCEPT_LANGUAGE="en").json()
    assert body["code"] == "invalid"
