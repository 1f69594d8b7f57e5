"""What a play-through of the demo found on the pages, checked in a real browser at 390 px."""
from __future__ import annotations

import pytest

from accounts.models import Notification
from tests.factories.accounts import DuellistFactory
from tests.support.browser import PHONE, sign_in

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

READ_BUTTON_COLOURS = """e => [getComputedStyle(e).color, getComputedStyle(e.closest('li')).backgroundColor,
    getComputedStyle(document.body).backgroundColor]"""


def test_the_mark_as_read_button_of_a_notice_is_readable(new_page, screenshot):
    duellist = DuellistFactory(user__username="ginny-e2e")
    Notification.objects.create(user=duellist.user, kind=Notification.Kind.DUEL, message="Duel n°5 : à vous de poster.")
    page = sign_in(new_page, duellist.user, viewport=PHONE)
    page.goto("/club/notifications/")
    screenshot(page, "phone390-notifications")
    button = page.get_by_role("button", name="Marquer comme lu", exact=True)
    colour, *_ = button.evaluate(READ_BUTTON_COLOURS)
    assert colour not in ("rgb(255, 255, 255)", "rgb(251, 248, 241)")  # not white on the page's paper
    assert button.evaluate("e => e.getBoundingClientRect().right <= innerWidth")


def test_the_rewards_to_pay_stack_as_cards_at_390_px_without_breaking_names(new_page, screenshot):
    from duels.services import forfeit
    from tests.factories.accounts import UserFactory
    from tests.support.duels import started_duel

    duel, _referee, (a, b) = started_duel()
    forfeit(duel=duel, by=b.duellist.user)
    staff = UserFactory(username="equipe-recompenses", is_staff=True, is_superuser=True)
    page = sign_in(new_page, staff, viewport=PHONE)
    page.goto("/club/classement/recompenses/")
    screenshot(page, "phone390-rewards")
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    name = page.locator("label[for^=paid-]", has_text=a.duellist.forum_name).first
    assert name.evaluate("e => e.getClientRects().length") == 1  # the name is on one line, not cut in syllables
    assert name.evaluate("e => getComputedStyle(e.closest('td'), '::before').content").strip('"').startswith("Duelliste")


STACKED_FIELDS = """rows => [...rows[0].querySelectorAll('label')].map(label => {
    const control = label.querySelector('select, input'); const box = label.getBoundingClientRect();
    const field = control.getBoundingClientRect();
    return {label: label.textContent.trim().slice(0, 20), left: Math.abs(field.left - box.left) <= 1, below: field.top > box.top + 5,
            fits: field.right <= innerWidth};
})"""


def test_the_correction_decisions_stack_each_field_under_its_label_at_390_px(new_page, screenshot):
    from tests.support.browser import referee_user
    from tests.support.duels import declare, post, started_duel

    duel, _referee, (a, b) = started_duel()
    referee = referee_user("arbitre-correction")
    duel.referee = referee
    duel.save(update_fields=["referee"])
    post(duel, a, [{"move": 6}])
    post(duel, b, [{"move": 7}])
    declare(duel, referee)
    page = sign_in(new_page, referee, viewport=PHONE)
    page.goto(f"/club/duels/{duel.pk}/arbitrage/corriger/")
    screenshot(page, "phone390-correction-decisions")
    fields = page.locator(".decision-row").evaluate_all(STACKED_FIELDS)
    assert len(fields) >= 4
    assert all(f["left"] and f["below"] and f["fits"] for f in fields), fields


def test_the_running_duels_show_who_is_awaited_without_scrolling_sideways_at_390_px(new_page, screenshot):
    from tests.support.duels import started_duel

    duel, _referee, (a, b) = started_duel()
    page = new_page(viewport={"width": 390, "height": 844})
    page.goto("/club/duels/en-cours/")
    screenshot(page, "phone390-running-duels")
    row = page.locator(f"tr[data-duel='{duel.pk}']")
    for text in (b.duellist.forum_name, "avant le"):
        cell = row.locator("td", has_text=text).last
        assert cell.evaluate("e => e.getBoundingClientRect().right <= innerWidth"), text
    awaited = row.locator("td").last
    assert all(row.locator("time").evaluate_all("ts => ts.map(t => t.getBoundingClientRect().right <= innerWidth)"))  # no date cut off
    assert awaited.evaluate("e => getComputedStyle(e, '::before').content").strip('"').startswith("En attente de")


GAP_ABOVE = """e => { let before = e.previousElementSibling;
    while (before && !before.getBoundingClientRect().height) before = before.previousElementSibling;
    const above = [...before.querySelectorAll('*')].concat([before]).map(x => x.getBoundingClientRect().bottom);
    return e.getBoundingClientRect().top - Math.max(...above); }"""


def test_the_referee_journal_is_set_apart_from_the_form_above_it_at_390_px(new_page, screenshot):
    from tests.support.duels import started_duel

    duel, _referee, (a, _b) = started_duel()
    page = sign_in(new_page, a.duellist.user, viewport=PHONE)
    page.goto(f"/club/duels/{duel.pk}/")
    journal = page.locator("#journal")
    journal.scroll_into_view_if_needed()
    screenshot(page, "phone390-journal-gap")
    assert journal.evaluate(GAP_ABOVE) >= 8


def test_refusing_a_sign_up_request_does_not_look_like_accepting_it(new_page, screenshot):
    from accounts.models import SignupRequest
    from tests.factories.accounts import UserFactory

    SignupRequest.objects.create(forum_name="Lee Jordan", email="", profile_url="https://forum.example/u903")
    staff = UserFactory(username="equipe-demandes", is_staff=True, is_superuser=True)
    page = sign_in(new_page, staff, viewport=PHONE)
    page.goto("/club/staff/demandes/")
    screenshot(page, "phone390-signup-refuse")
    background = "e => getComputedStyle(e).backgroundColor"
    accept = page.locator("button[value=approve]").evaluate(background)
    refuse = page.locator("button[value=reject]").evaluate(background)
    assert accept != refuse
