"""In a real browser: reach recomputed after the move before the cast, zone spells with no zone
chosen, no sideways scroll on phones, drafts kept across navigation, notices read once posted."""
from __future__ import annotations

import pytest

from accounts.models import Notification
from tests.factories.duels import TEST_SPELLS
from tests.support.browser import sign_in
from tests.support.duels import post, started_duel
from tests.support.word_count import RP

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONES = (320, 375, 390, 414)
SPELLS = [
    *TEST_SPELLS,
    {"slug": "jab", "name": "Petit coup", "incantation": "Pungo", "level": 1, "range": 3, "type": None,
     "tags": [], "target": "opponent", "effect": {"damage": 2}},
    {"slug": "quake", "name": "Secousse", "incantation": "Tremblio", "level": 1, "range": 3, "radius": 1,
     "type": None, "tags": ["ZONE"], "target": "zone", "effect": {"damage": 2}},
]


def option_text(page, select_id: str, value: str) -> str:
    return page.locator(f"#{select_id} option[value='{value}']").inner_text()


def test_reach_follows_the_move_chosen_before_the_cast(new_page, screenshot):
    duel, _referee, (a, b) = started_duel(spells=SPELLS)  # a in zone 4, b in zone 8: distance 4
    page = sign_in(new_page, a.duellist.user)
    page.goto(f"/club/duels/{duel.pk}/")
    card = page.locator(".cast-card[data-variant='jab__0__0']")
    assert "Pungo — Petit coup" in card.inner_text()  # the incantation with the French name
    card.locator(".cast-head input").check()
    target = "target-jab__0__0"
    assert "distance 4, hors de portée" in option_text(page, target, b.engine_id)
    assert card.locator(".no-reach").is_visible()

    page.locator(".zone-picker[data-picker=move_before] [data-zone-choice='5'] input").check()
    assert "distance 3, à portée" in option_text(page, target, b.engine_id)
    assert not card.locator(".no-reach").is_visible()
    page.locator(".zone-picker[data-picker=move_before] .zone-choice.none input").check()
    assert "distance 4, hors de portée" in option_text(page, target, b.engine_id)
    screenshot(page, "reach-after-move")


def test_a_zone_spell_starts_with_no_zone_and_says_who_stands_there(new_page):
    duel, _referee, (a, b) = started_duel(spells=SPELLS)
    page = sign_in(new_page, a.duellist.user)
    page.goto(f"/club/duels/{duel.pk}/")
    page.locator(".cast-card[data-variant='quake__0__0'] .cast-head input").check()
    zone = page.locator("#zone-quake__0__0")
    assert zone.input_value() == ""  # nothing chosen: never zone 1 out of range by default
    assert b.duellist.forum_name in option_text(page, "zone-quake__0__0", "8")
    assert "adversaire" in option_text(page, "zone-quake__0__0", "8")
    assert "distance 4, hors de portée" in option_text(page, "zone-quake__0__0", "8")
    page.locator(".zone-picker[data-picker=move_before] [data-zone-choice='6'] input").check()
    assert "distance 2, à portée" in option_text(page, "zone-quake__0__0", "8")


def test_no_page_of_a_running_duel_is_wider_than_a_phone(new_page):
    duel, referee, (a, b) = started_duel(spells=SPELLS)
    post(duel, a, [{"move": 6}, {"cast": "spark", "target": b.engine_id, "bet": "123"}])
    pages = {a.duellist.user: [f"/club/duels/{duel.pk}/", "/club/duels/", "/club/notifications/", "/club/"],
             referee: [f"/club/duels/{duel.pk}/arbitrage/", "/club/duels/arbitrage/", f"/club/duels/{duel.pk}/"]}
    for width in PHONES:
        for user, paths in pages.items():
            page = sign_in(new_page, user, viewport={"width": width, "height": 800})
            for path in paths:
                page.goto(path)
                page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
                cards = page.locator(".cast-head input")
                for index in range(cards.count()):  # each spell opens its details (long option texts)
                    cards.nth(index).check()
                    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), (width, path, index)
                wide = page.evaluate("document.documentElement.scrollWidth")
                assert wide <= width, f"{path} is {wide} px wide at {width} px"
            page.context.close()


def test_a_draft_survives_leaving_the_page_until_the_post_is_accepted(new_page):
    duel, _referee, (a, b) = started_duel(spells=SPELLS)
    page = sign_in(new_page, a.duellist.user)
    page.goto(f"/club/duels/{duel.pk}/")
    page.locator("#rp_text").fill(RP)
    page.locator(".zone-picker[data-picker=move_before] [data-zone-choice='5'] input").check()
    page.goto("/club/duels/")
    page.goto(f"/club/duels/{duel.pk}/")
    assert page.locator("#rp_text").input_value() == RP
    assert page.locator(".zone-picker[data-picker=move_before] [data-zone-choice='5'] input").is_checked()

    page.get_by_role("button", name="Publier mon message").click()
    page.wait_for_selector("text=Votre message est publié.")
    keys = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('estrade-draft:'))")
    assert keys == []  # accepted: the draft is gone


def test_the_turn_notice_is_read_once_posted(new_page):
    duel, _referee, (a, b) = started_duel(spells=SPELLS)
    page = sign_in(new_page, a.duellist.user)
    page.goto("/club/notifications/")
    notice = page.locator(".notice.unread", has_text="À vous de poster")
    assert notice.count() == 1
    notice.get_by_role("link", name="Voir").click()
    page.wait_for_url(f"**/duels/{duel.pk}/#agir")
    page.locator("#rp_text").fill(RP)
    page.get_by_role("button", name="Publier mon message").click()
    page.wait_for_selector("text=Votre message est publié.")
    page.goto("/club/notifications/")
    assert page.locator(".notice.unread", has_text="À vous de poster").count() == 0
    assert Notification.objects.filter(user=a.duellist.user, message__contains="À vous de poster",
                                       read_at__isnull=False).count() == 1
