"""At 390 px no page scrolls sideways (document.scrollWidth <= innerWidth): the replay's stage strip
scrolls inside its own box, the staff's sign-up queue stacks its rows, and the pages added for staff,
errors and confirmations fit too."""
from __future__ import annotations

import pytest

from accounts.models import SignupRequest
from duels.services import forfeit
from tests.factories.accounts import DuellistFactory, UserFactory
from tests.support.browser import PHONE, sign_in
from tests.support.duels import declare, post, started_duel

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]
WIDEST = """() => [...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > innerWidth + 1
    && !e.closest('[data-scroll-box]')).slice(0, 5).map(e => e.tagName + '.' + e.className + ' ' + Math.round(
    e.getBoundingClientRect().right))"""


def assert_fits(page, path, screenshot, name):
    page.goto(path)
    width = page.evaluate("document.documentElement.scrollWidth")
    screenshot(page, name)
    assert width <= page.evaluate("innerWidth"), (path, width, page.evaluate(WIDEST))


def test_the_replay_and_the_staff_pages_fit_a_390_px_phone(new_page, screenshot):
    duel, referee, (a, b) = started_duel()
    post(duel, a, [{"move": 6}])
    post(duel, b, [{"move": 7}])
    declare(duel, referee)
    forfeit(duel=duel, by=b.duellist.user)
    for index in range(3):
        SignupRequest.objects.create(forum_name=f"Bartemius-Croupton-Junior-{index}", email=f"long.address.{index}@example.org",
                                     profile_url="https://forum.example/u123456")
        DuellistFactory(forum_name=f"Bartemius-Croupton-Junior-{index}", user=None)
    staff = UserFactory(username="equipe-e2e", is_staff=True, is_superuser=True)

    visitor = new_page(viewport=PHONE)
    assert_fits(visitor, f"/club/classement/duels/{duel.pk}/", screenshot, "phone390-replay")
    stage = visitor.locator(".stage").first  # the strip is a column of zones: none is cut off
    assert stage.evaluate("e => e.scrollWidth <= e.clientWidth")
    assert visitor.locator(".stage-zone").nth(11).evaluate("e => e.getBoundingClientRect().right <= innerWidth")
    assert_fits(visitor, "/club/nulle-part/", screenshot, "phone390-404")

    page = sign_in(new_page, staff, viewport=PHONE)
    for path, name in (("/club/staff/demandes/", "phone390-signup-queue"), ("/club/staff/", "phone390-staff"),
                       ("/club/staff/membres/", "phone390-members-import"), ("/club/staff/roles/", "phone390-roles"),
                       (f"/club/duels/{duel.pk}/arbitrage/", "phone390-adjudicate")):
        assert_fits(page, path, screenshot, name)
    accept = page.locator("button[value=approve]").first
    page.goto("/club/staff/demandes/")
    assert accept.is_visible() and accept.evaluate("e => e.getBoundingClientRect().right <= innerWidth")


def test_the_referee_subtitle_never_breaks_inside_a_word_at_390_px(new_page, screenshot):
    from tests.support.browser import referee_user

    duel, _referee, (a, b) = started_duel()
    referee = referee_user("arbitre-long-nom")
    duel.referee = referee
    duel.save(update_fields=["referee"])
    page = sign_in(new_page, referee, viewport=PHONE)
    page.goto(f"/club/duels/{duel.pk}/arbitrage/")
    screenshot(page, "phone390-referee-subtitle")
    style = page.locator(".duel-meta").first.evaluate("e => getComputedStyle(e).wordBreak")
    assert style != "break-all"
    # every line of the subtitle starts at a word boundary: no "to|ur 1"
    text = page.locator(".duel-meta").first.inner_text()
    assert "tour 1" in text
