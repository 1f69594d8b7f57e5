"""What a play-through of the demo found on the pages, checked in a real browser at 390 px."""
from __future__ import annotations

import pytest

from accounts.models import Notification
from tests.e2e.test_phone_390 import sign_in
from tests.factories.accounts import DuellistFactory

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

READ_BUTTON_COLOURS = """e => [getComputedStyle(e).color, getComputedStyle(e.closest('li')).backgroundColor,
    getComputedStyle(document.body).backgroundColor]"""


def test_the_mark_as_read_button_of_a_notice_is_readable(new_page, screenshot):
    duellist = DuellistFactory(user__username="ginny-e2e")
    Notification.objects.create(user=duellist.user, kind=Notification.Kind.DUEL, message="Duel n°5 : à vous de poster.")
    page = sign_in(new_page, duellist.user)
    page.goto("/notifications/")
    screenshot(page, "phone390-notifications")
    button = page.get_by_role("button", name="Marquer comme lu", exact=True)
    colour, *_ = button.evaluate(READ_BUTTON_COLOURS)
    assert colour not in ("rgb(255, 255, 255)", "rgb(251, 248, 241)")  # not white on the page's paper
    assert button.evaluate("e => e.getBoundingClientRect().right <= innerWidth")
