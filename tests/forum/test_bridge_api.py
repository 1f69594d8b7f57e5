"""The bridge's Estrade side: tokens, jobs, reports, order, audit, CORS, the live panel."""
import html
import json

import pytest
import time_machine
from django.urls import reverse
from django.utils import timezone

from audit.models import AuditLog
from forum import tokens
from forum.models import DuelTopic, Publication
from tests.forum.conftest import FORUM
from tests.support.duels import bet_for, declare, post, started_duel
from tests.support.forum import forum_configured

pytestmark = pytest.mark.django_db


def api(client, name, payload, origin=FORUM):
    return client.post(reverse(f"forum:{name}"), json.dumps(payload), content_type="application/json",
                       HTTP_ORIGIN=origin)


def open_token(client, user, what, pk):
    client.force_login(user)
    response = client.get(reverse("forum:open", args=[what, pk]))
    assert response.status_code == 302, response
    location = response["Location"]
    assert location.startswith(FORUM) and "#estrade=" in location
    client.logout()
    return location, location.split("#estrade=", 1)[1]


@pytest.fixture
def duel_with_turn():
    duel, referee, (a, b) = started_duel(years=(3, 3))
    post(duel, a, [{"cast": "bolt", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [{"cast": "spark", "target": a.engine_id, "bet": bet_for(duel, order=2, win=True)}])
    declaration = declare(duel, referee)
    return duel, referee, a, b, declaration


def create_topic(client, duel, referee, topic_id=42):
    location, token = open_token(client, referee, "sujet", duel.pk)
    assert location.startswith(f"{FORUM}/post?f=7&mode=newtopic#")
    job = api(client, "api_job", {"token": token}).json()
    assert job["kind"] == "topic" and job["action"] == "newtopic" and job["forum"] == 7
    assert f"Duel n°{duel.pk}" in job["subject"] and "[img]http://estrade.test/club/duels/" in job["message"]
    answer = api(client, "api_report", {"token": token, "url": f"{FORUM}/t{topic_id}-duel#100"})
    assert answer.status_code == 200, answer.json()
    return DuelTopic.objects.get(duel=duel)


def test_topic_then_every_item_in_order_with_the_audit_log(client, duel_with_turn):
    duel, referee, a, b, declaration = duel_with_turn
    topic = create_topic(client, duel, referee)
    assert topic.topic_id == 42 and topic.url == f"{FORUM}/t42-"
    first_post, second_post = (p.pk for p in duel.windows.get(turn=1, phase="action").posts.order_by("order"))
    client.force_login(referee)
    adjudication = client.get(reverse("duels:adjudicate", args=[duel.pk])).content.decode()
    assert "Pas encore sur le forum" in adjudication and adjudication.count("Tour 1, phase d&#x27;action : message de") == 2
    client.logout()

    # The post of B cannot go before the start signal and A's post.
    _loc, token_b = open_token(client, b.duellist.user, "message", second_post)
    refused = api(client, "api_job", {"token": token_b})
    assert refused.status_code == 409 and refused.json()["code"] == "out-of-order"
    assert "Signal de départ" in refused.json()["message"]

    expected = [("depart", duel.pk, referee), ("message", first_post, a.duellist.user),
                ("message", second_post, b.duellist.user), ("declaration", declaration.pk, referee)]
    for number, (what, pk, user) in enumerate(expected, start=101):
        location, token = open_token(client, user, what, pk)
        assert location.startswith(f"{FORUM}/post?t=42&mode=reply#estrade=")
        job = api(client, "api_job", {"token": token}).json()
        assert job["action"] == "reply" and job["topic"] == 42
        if what == "message" and pk == first_post:
            assert job["message"].rstrip().endswith("[/b]")  # the action in bold at the end
        if what == "declaration":
            assert "[img]http://estrade.test/club/duels/" in job["message"]
        answer = api(client, "api_report", {"token": token, "url": f"{FORUM}/t42p0-duel#{number}"})
        assert answer.status_code == 200, answer.json()
        again = api(client, "api_report", {"token": token, "url": f"{FORUM}/t42p0-duel#{number}"})
        assert again.json()["code"] == "token-used"
    assert list(Publication.objects.order_by("message_id").values_list("kind", "message_id")) == [
        ("start", 101), ("post", 102), ("post", 103), ("declaration", 104)]
    entries = AuditLog.objects.filter(action="forum.publish", duel=duel)
    assert entries.count() == 4 and set(entries.values_list("actor", flat=True)) == {
        referee.pk, a.duellist.user.pk, b.duellist.user.pk}
    assert AuditLog.objects.filter(action="forum.topic", actor=referee).count() == 1

    client.force_login(a.duellist.user)
    page = client.get(reverse("duels:duel", args=[duel.pk])).content.decode()
    assert page.count(">sur le forum</a>") == 4 and f"{FORUM}/t42p0-duel#102" in page


def test_only_the_author_or_the_referee_may_publish_a_post(client, duel_with_turn):
    duel, referee, a, b, _declaration = duel_with_turn
    create_topic(client, duel, referee)
    first_post = duel.windows.get(turn=1, phase="action").posts.get(order=1).pk
    client.force_login(b.duellist.user)
    response = client.get(reverse("forum:open", args=["message", first_post]))
    assert response.status_code == 302 and not response["Location"].startswith(FORUM)
    client.force_login(b.duellist.user)
    response = client.get(reverse("forum:open", args=["declaration", _declaration.pk]))
    assert not response["Location"].startswith(FORUM)


def test_a_forged_a_used_and_an_expired_token_are_refused_in_french(client, duel_with_turn):
    duel, referee, *_rest = duel_with_turn
    _loc, token = open_token(client, referee, "sujet", duel.pk)
    forged = token[:-3] + ("AAA" if not token.endswith("AAA") else "BBB")
    answer = api(client, "api_job", {"token": forged})
    assert answer.status_code == 403 and answer.json()["code"] == "token-forged"
    assert "n'est pas valide" in answer.json()["message"]
    with time_machine.travel(timezone.now() + timezone.timedelta(hours=1), tick=False):
        expired = api(client, "api_job", {"token": token})
    assert expired.json()["code"] == "token-expired" and "expiré" in expired.json()["message"]
    assert api(client, "api_report", {"token": token, "url": f"{FORUM}/t9-x"}).status_code == 200
    used = api(client, "api_job", {"token": token})
    assert used.json()["code"] == "token-used" and "déjà servi" in used.json()["message"]


def test_a_reported_address_off_the_forum_is_refused(client, duel_with_turn):
    duel, referee, *_rest = duel_with_turn
    _loc, token = open_token(client, referee, "sujet", duel.pk)
    for url in ("http://evil.test/t9-x", "javascript:alert(1)", f"{FORUM}/profile?u=3", f"{FORUM}.evil.test/t9-x"):
        answer = api(client, "api_report", {"token": token, "url": url})
        assert answer.json()["code"] == "foreign-address", url
    assert not DuelTopic.objects.exists()


def test_linking_an_existing_topic_parses_its_id_and_refuses_a_foreign_origin(client, duel_with_turn):
    duel, referee, *_rest = duel_with_turn
    client.force_login(referee)
    page = client.post(reverse("forum:topic_link", args=[duel.pk]), {"url": "https://autre.test/t5-duel"}, follow=True)
    assert "Adresse refusée" in page.content.decode() and not DuelTopic.objects.exists()
    client.post(reverse("forum:topic_link", args=[duel.pk]), {"url": f"{FORUM}/t77p15-le-duel#900"})
    topic = DuelTopic.objects.get(duel=duel)
    assert topic.topic_id == 77 and topic.how == "linked"


def test_cors_answers_the_forum_origin_only_and_never_with_credentials(client, duel_with_turn):
    duel, referee, *_rest = duel_with_turn
    create_topic(client, duel, referee)
    url = reverse("forum:api_live", args=[42])
    ours = client.get(url, HTTP_ORIGIN=FORUM)
    assert ours["Access-Control-Allow-Origin"] == FORUM and "Access-Control-Allow-Credentials" not in ours
    assert not ours.cookies
    theirs = client.get(url, HTTP_ORIGIN="http://evil.test")
    assert "Access-Control-Allow-Origin" not in theirs
    preflight = client.options(reverse("forum:api_job"), HTTP_ORIGIN="http://evil.test",
                               HTTP_ACCESS_CONTROL_REQUEST_METHOD="POST")
    assert "Access-Control-Allow-Origin" not in preflight
    elsewhere = client.get(reverse("duels:duel", args=[duel.pk]), HTTP_ORIGIN=FORUM)
    assert "Access-Control-Allow-Origin" not in elsewhere  # CORS on the bridge's paths only


def test_live_panel_data(client, duel_with_turn):
    duel, referee, a, b, _declaration = duel_with_turn
    create_topic(client, duel, referee)
    data = client.get(reverse("forum:api_live", args=[42])).json()
    assert data["duel"] == duel.pk and data["url"] == f"http://estrade.test/club/duels/{duel.pk}/"
    assert {d["name"] for d in data["duellists"]} == {a.duellist.forum_name, b.duellist.forum_name}
    assert {e["name"] for e in data["expected"]} == {a.duellist.forum_name, b.duellist.forum_name}
    assert client.get(reverse("forum:api_live", args=[43])).status_code == 404


def test_pont_js_is_a_loader_then_an_immutable_versioned_script(client):
    stub = client.get("/club/forum/pont.js")
    assert "max-age=300" in stub["Cache-Control"]
    src = stub.content.decode().split('s.src="', 1)[1].split('"', 1)[0]
    assert src.startswith("http://estrade.test/club/forum/pont.js?v=")
    full = client.get("/club/forum/pont.js?v=" + src.split("v=")[1])
    assert "immutable" in full["Cache-Control"] and b"ESTRADE_PONT" in full.content
    assert b"window.EstradePontLive = function" in full.content  # the live panel comes with it
    # The bridge calls its club's API: the script's base is the club's root.
    assert b'"base": "http://estrade.test/club"' in full.content


def test_a_loader_pasted_before_the_clubs_still_finds_the_script(client):
    moved = client.get("/forum/pont.js")
    assert moved.status_code == 301 and moved["Location"] == "/club/forum/pont.js"


def test_tokens_are_scoped_and_single_use(duel_with_turn):
    duel, referee, *_rest = duel_with_turn
    value = tokens.make(scope="post", object_id=5, user=referee)
    token = tokens.read(value)
    assert (token.scope, token.object_id, token.user_id) == ("post", 5, referee.pk)
    from django.db import transaction

    with transaction.atomic():
        assert tokens.mark_used(token, now=timezone.now())
        assert not tokens.mark_used(token, now=timezone.now())
    with pytest.raises(tokens.TokenError):
        tokens.read(value)


def test_no_topic_can_be_created_without_the_forum_section(client, duel_with_turn, club):
    duel, referee, *_rest = duel_with_turn
    forum_configured(club, url=FORUM, section=0)
    client.force_login(referee)
    page = html.unescape(client.get(reverse("forum:open", args=["sujet", duel.pk]), follow=True).content.decode())
    assert "La section des duels du forum du club n'est pas renseignée" in page and not DuelTopic.objects.exists()
