"""The stage as a PNG for forum posts: readable size, light, right after each turn, cached for ever."""
import io

import pytest
from django.core.cache import cache
from django.urls import reverse
from PIL import Image

from tests.support.clubs import club_path
from tests.support.duels import declare, post, started_duel
from tests.support.web import client_for

pytestmark = pytest.mark.django_db


def png(client, name: str, *args):
    response = client.get(reverse(name, args=args))
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    return response


def opened(content: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(content))
    image.load()
    return image


def test_turn_picture_opens_at_forum_size_and_stays_the_same_once_published(client):
    cache.clear()
    duel, referee, (a, b) = started_duel()
    post(duel, a, [{"move": 5}])
    post(duel, b, [])
    declare(duel, referee)

    first = png(client, "duels:turn_stage_png", duel.pk, 1)
    image = opened(first.content)
    assert image.format == "PNG" and image.width == 800 and 150 < image.height < 400
    assert len(first.content) < 60 * 1024
    assert "immutable" in first["Cache-Control"]  # turn 2 has begun: turn 1's picture is final

    post(duel, a, [{"move": 7}])  # a moves again in turn 2
    post(duel, b, [])
    declare(duel, referee)
    again = png(client, "duels:turn_stage_png", duel.pk, 1)
    assert again.content == first.content  # published: the same bytes
    second = png(client, "duels:turn_stage_png", duel.pk, 2)
    assert second.content != first.content  # a's position changed

    cache.clear()  # drawn again from the stored state: still the same picture
    assert png(client, "duels:turn_stage_png", duel.pk, 1).content == first.content
    assert client.get(reverse("duels:turn_stage_png", args=[duel.pk, 1]),
                      HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304


def test_current_picture_follows_the_duel(client):
    duel, referee, (a, b) = started_duel()
    before = png(client, "duels:stage_png", duel.pk).content
    assert opened(before).width == 800
    post(duel, a, [{"move": 5}])
    assert png(client, "duels:stage_png", duel.pk).content == before  # a post alone moves nobody
    post(duel, b, [])
    declare(duel, referee)
    after = png(client, "duels:stage_png", duel.pk).content
    assert after != before and opened(after).size[0] == 800


def test_a_turn_not_declared_has_no_picture(client):
    duel, referee, (a, b) = started_duel()
    assert client.get(reverse("duels:turn_stage_png", args=[duel.pk, 1])).status_code == 404
    post(duel, a, [])
    post(duel, b, [])
    declare(duel, referee)
    assert client.get(reverse("duels:turn_stage_png", args=[duel.pk, 1])).status_code == 200
    assert client.get(reverse("duels:turn_stage_png", args=[duel.pk, 2])).status_code == 404
    assert client.get(reverse("duels:turn_stage_png", args=[duel.pk + 999, 1])).status_code == 404


def test_a_2v2_picture_shows_four_duellists_under_60_kb(client):
    duel, referee, players = started_duel(format="2v2", years=(3, 3, 3, 3))
    for p in players:
        post(duel, p, [])
    declare(duel, referee)
    content = png(client, "duels:turn_stage_png", duel.pk, 1).content
    image = opened(content)
    one = opened(png(client, "duels:stage_png", started_duel()[0].pk).content)
    assert image.height > one.height  # a legend line per duellist
    assert len(content) < 60 * 1024


def test_the_declarations_forum_copy_shows_the_stage_picture(client, settings):
    settings.SITE_URL = "https://estrade.example"
    duel, referee, (a, b) = started_duel()
    post(duel, a, [])
    post(duel, b, [])
    declare(duel, referee)
    page = client_for(a.duellist.user).get(reverse("duels:duel", args=[duel.pk])).content.decode()
    assert f"[img]https://estrade.example{club_path(f'/duels/{duel.pk}/tours/1/stage.png')}[/img]" in page
