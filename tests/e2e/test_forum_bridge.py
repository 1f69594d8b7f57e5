"""The Forumactif bridge in a real browser: Estrade's live server and the fake forum
(tests/forum/fake_forumactif.py) on two loopback ports, pont.js loaded by the forum's pages as the
pasted loader does. Fast settings: PMs paced 0.1 s; the fake floods past 2 posts or 4 PMs in 1.2 s,
and the bridge waits 1.2 s on its flood page."""
from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from django.conf import settings
from django.test import Client
from django.utils import timezone

from accounts.models import Duellist
from forum import selectors, tokens
from forum.models import DuelTopic, PmDelivery, Publication
from forum.views.script import loader_snippet
from tests.factories.accounts import DuellistFactory
from tests.forum.fake_forumactif import FakeForum, ForumMessage
from tests.support.clubs import club_path
from tests.support.duels import bet_for, declare, post, started_duel
from tests.support.forum import forum_configured
from tests.support.permissions import club_staff

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def forum(settings, live_server, club):
    fake = FakeForum(members=set(), flood_posts=2, flood_pms=4, flood_seconds=1.2)
    fake.start()
    settings.SITE_URL = live_server.url
    forum_configured(club, url=fake.url, section=7)
    settings.FORUM_PM_PACE_SECONDS = 0.1
    settings.FORUM_FLOOD_WAIT_SECONDS = 1.2
    fake.loader = loader_snippet()
    yield fake
    fake.stop()


@pytest.fixture
def member(browser, live_server, forum):
    """A browser context logged in on Estrade (session cookie) and on the forum (its member cookie)."""
    contexts = []

    def make(user, forum_name: str):
        client = Client()
        client.force_login(user)
        context = browser.new_context(base_url=live_server.url, locale="fr-FR")
        context.set_default_timeout(10_000)
        context.add_cookies([
            {"name": settings.SESSION_COOKIE_NAME, "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
             "url": live_server.url},
            {"name": "fa_user", "value": forum_name, "url": forum.url},
        ])
        forum.members.add(forum_name)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()


def play_two_turns():
    duel, referee, (a, b) = started_duel(years=(3, 3))
    post(duel, a, [{"cast": "bolt", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [{"cast": "spark", "target": a.engine_id, "bet": bet_for(duel, order=2, win=True)}])
    declare(duel, referee)
    post(duel, a, [{"dodge": bet_for(duel, order=1, win=False)}])
    post(duel, b, [{"nothing": True}], text="")
    declare(duel, referee)
    post(duel, a, [{"cast": "fireball", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [])
    declare(duel, referee)
    return duel, referee, a, b


def confirm_on_forum(page):
    page.locator("#estrade-pont .estrade-pont-confirm").click()
    page.wait_for_selector("#estrade-pont[data-done]", timeout=15_000)


def test_a_duel_of_several_turns_mirrored_in_its_topic_in_order(member, forum, live_server, screenshot):
    duel, referee, a, b = play_two_turns()
    pages = {
        referee.pk: member(referee, referee.username).new_page(),
        a.duellist.user_id: member(a.duellist.user, a.duellist.forum_name).new_page(),
        b.duellist.user_id: member(b.duellist.user, b.duellist.forum_name).new_page(),
    }
    page = pages[referee.pk]
    page.goto(club_path(f"/duels/{duel.pk}/"))
    page.get_by_role("link", name="Créer le sujet sur le forum").click()
    page.wait_for_url(f"{forum.url}/post?f=7&mode=newtopic")  # the token left the address bar
    preview = page.locator("#estrade-pont .estrade-pont-preview").text_content()
    assert f"Duel n°{duel.pk}" in preview and "[img]" in preview
    screenshot(page, "forum-bridge-new-topic")
    confirm_on_forum(page)
    topic = DuelTopic.objects.get(duel=duel)

    items = selectors.duel_items(duel)
    assert len(items) == 10  # start, 2 posts, declaration, 2 posts, declaration, 2 posts, declaration
    for item in items:
        user_id = item.author_user_id if item.kind == "post" else referee.pk
        page = pages[user_id]
        page.goto(club_path(f"/duels/{duel.pk}/"))
        page.locator("a.forum-publish").click()
        page.wait_for_selector("#estrade-pont .estrade-pont-preview")
        assert page.locator("#estrade-pont .estrade-pont-preview").text_content() == item.bbcode
        confirm_on_forum(page)

    posted = forum.topic_messages(topic.topic_id)
    assert [m.text for m in posted[1:]] == [item.bbcode for item in items]
    assert not forum.refused  # every form went back with the hidden fields it was served
    assert forum.paths and not [p for p in forum.paths if "estrade=" in p]  # the token never reached the forum
    assert Publication.objects.filter(duel=duel).count() == len(items)
    page = pages[a.duellist.user_id]
    page.goto(club_path(f"/duels/{duel.pk}/"))
    assert page.locator(".forum-items a.on-forum").count() == len(items)
    screenshot(page, "forum-bridge-duel-page")
    latest = items[-1]  # the latest declaration, unfolded in the thread
    link = page.locator(f"#{latest.anchor} header a.on-forum")  # beside the declaration itself
    assert link.get_attribute("href") == Publication.objects.get(kind=latest.kind, object_id=latest.object_id).url
    first_post = items[1]  # turn 1, folded: its content comes when the phase is opened
    folded = page.locator("details.window:not([open])").first
    folded.locator("summary").click()
    link = page.locator(f"#{first_post.anchor} header a.on-forum")
    assert link.get_attribute("href") == Publication.objects.get(kind="post", object_id=first_post.object_id).url

    # the live panel above the first message of the topic, Estrade's data as text
    Duellist.objects.filter(pk=a.duellist_id).update(forum_name="Bella<img src=x onerror=window.pwned=1>")
    page.goto(f"{forum.url}/t{topic.topic_id}-duel")
    panel = page.locator("#estrade-live")
    panel.wait_for()
    assert "Bella<img src=x onerror=window.pwned=1>" in panel.text_content() and "PF" in panel.text_content()
    assert page.evaluate("window.pwned === undefined") and panel.locator("img").count() == 1  # the stage only
    play = panel.get_by_role("link", name="Jouer sur Estrade")
    assert play.get_attribute("href") == live_server.url + club_path(f"/duels/{duel.pk}/")
    assert page.evaluate("document.querySelector('#estrade-live').nextElementSibling.className") == "post"


def test_twelve_invitations_in_one_batch_through_a_flood_pause_and_a_reopened_tab(member, forum, screenshot):
    staff = club_staff(username="equipe")
    for number in range(12):
        forum.members.add(DuellistFactory(user=None, forum_name=f"Sorcier{number:02d}").forum_name)
    DuellistFactory(user=None, forum_name="Fantome")  # not a forum member: the forum refuses it
    context = member(staff, "equipe")
    page = context.new_page()
    page.goto(club_path("/forum/invitations/"))
    page.get_by_role("button", name="Envoyer 13 invitations par MP depuis le forum").click()
    page.locator("#forum-batch-open").click()
    page.locator("#estrade-pont .estrade-pont-start").click()
    page.wait_for_function("document.querySelectorAll('#estrade-pont [data-sent]').length >= 7", timeout=20_000)
    page.locator("#estrade-pont .estrade-pont-pause").click()
    page.wait_for_selector("#estrade-pont[data-paused]")  # the message under way is done; the next one waits
    page.close()
    assert forum.floods >= 1
    sent_before = len(forum.pms)
    assert 7 <= sent_before < 12

    page = context.new_page()
    page.goto(club_path(f"/forum/lots/{PmDelivery.objects.first().batch_id}/"))
    page.locator("#forum-batch-open").click()
    page.wait_for_selector("#estrade-pont .estrade-pont-start")
    recipients = page.locator("#estrade-pont .estrade-pont-recipients li")
    assert recipients.count() == 13 - sent_before
    page.locator("#estrade-pont .estrade-pont-start").click()
    page.wait_for_selector("#estrade-pont[data-done]", timeout=30_000)
    screenshot(page, "forum-bridge-pm-batch")
    assert page.locator("#estrade-pont [data-failed]").text_content() == "Fantome : Désolé mais cet utilisateur n'existe pas."

    assert sorted(pm.to for pm in forum.pms) == [f"Sorcier{n:02d}" for n in range(12)]  # nothing twice
    assert not forum.refused
    assert all("/invitation/" in pm.text for pm in forum.pms)
    sent = PmDelivery.objects.filter(sent_at__isnull=False)
    assert sent.count() == 12 and set(sent.values_list("sent_by", flat=True)) == {staff.pk}
    assert set(sent.values_list("message", flat=True)) == {""}  # the links are not kept once sent
    failed = PmDelivery.objects.get(recipient="Fantome")
    assert failed.sent_at is None and failed.error == "Désolé mais cet utilisateur n'existe pas."
    page.goto(club_path(f"/forum/lots/{failed.batch_id}/"))
    assert "Désolé mais cet utilisateur n'existe pas." in page.locator("tr[data-recipient=Fantome]").text_content()
    assert Duellist.objects.filter(user__isnull=True).count() == 13


def test_forged_used_and_expired_tokens_get_a_french_message(member, forum):
    duel, referee, _a, _b = play_two_turns()
    page = member(referee, referee.username).new_page()
    page.goto(f"{forum.url}/post?f=7&mode=newtopic#estrade=bm90LWEtdG9rZW4:forged:sig")
    assert "n'est pas valide" in page.locator("#estrade-pont [data-error]").text_content()

    with time_machine.travel(timezone.now() - dt.timedelta(hours=2)):
        old = tokens.make(scope="topic", object_id=duel.pk, user=referee)
    page.goto(f"{forum.url}/post?f=7&mode=newtopic#estrade={old}")
    assert "a expiré" in page.locator("#estrade-pont [data-error]").text_content()

    page.goto(club_path(f"/duels/{duel.pk}/"))
    page.get_by_role("link", name="Créer le sujet sur le forum").click()
    confirm_on_forum(page)
    used = tokens.UsedToken.objects.get(scope="topic")
    token = tokens.make(scope="topic", object_id=duel.pk, user=referee)
    tokens.UsedToken.objects.create(nonce=tokens.read(token).nonce, scope="topic", object_id=duel.pk,
                                    used_at=used.used_at)
    page.goto(f"{forum.url}/post?f=7&mode=newtopic#estrade={token}")
    assert "déjà servi" in page.locator("#estrade-pont [data-error]").text_content()


def test_no_cors_for_another_origin_and_an_unchanged_topic_when_estrade_does_not_answer(member, forum, live_server):
    duel, referee, *_rest = play_two_turns()
    DuelTopic.objects.create(duel=duel, topic_id=41, url=f"{forum.url}/t41-", how="linked", linked_by=referee,
                             linked_at=timezone.now())
    forum.messages.append(ForumMessage(100, 41, referee.username, "Le sujet du duel"))
    other = FakeForum(members=set())
    other.start()
    try:
        page = member(referee, referee.username).new_page()
        page.goto(f"{other.url}/")
        outcome = page.evaluate(
            """url => fetch(url, {credentials: "omit"}).then(r => "answered", e => "blocked")""",
            live_server.url + club_path("/forum/api/live/41/"))
        assert outcome == "blocked"  # no Access-Control-Allow-Origin for an origin not the club's forum
    finally:
        other.stop()

    page.route("**/forum/api/live/**", lambda route: None)  # Estrade never answers
    page.route("**/coupe/bandeau/**", lambda route: None)  # (nor for the cup's band, on every page)
    page.goto(f"{forum.url}/t41-duel")
    before = page.evaluate("document.body.innerHTML")
    page.wait_for_timeout(3500)
    assert page.evaluate("document.body.innerHTML") == before and page.locator("#estrade-live").count() == 0
