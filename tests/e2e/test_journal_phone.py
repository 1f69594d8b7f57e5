"""The club's journal on a 390 px phone: each entry is a card (stacked table), nothing scrolls sideways, and
an entry's details open in place."""
from __future__ import annotations

import datetime as dt

import pytest

from audit.models import AuditAction, AuditLog
from tests.factories.duels import DuelFactory
from tests.support.browser import PHONE, sign_in
from tests.support.permissions import club_staff

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_journal_fits_a_390_px_phone(new_page, screenshot):
    staff = club_staff(username="gardienne-du-journal")
    duel = DuelFactory()
    now = dt.datetime(2026, 3, 10, 12, tzinfo=dt.UTC)
    AuditLog.objects.create(created_at=now, actor=staff, action=AuditAction.DEADLINE_EXTEND, duel=duel,
                            reason="Le duelliste a prévenu de son absence pendant une longue semaine d'examens. " * 3,
                            data={"window": 3, "turn": 2, "phase": "defence", "deadline": "2026-03-12T18:00:00+00:00",
                                  "duellists": {"17": "2026-03-11T18:00:00+00:00"}})
    AuditLog.objects.create(created_at=now, actor=None, action=AuditAction.CLUB_SETTINGS,
                            data={"before": {"forum_url": "https://un-forum-au-nom-tres-long.forumactif.com"},
                                  "after": {"forum_url": "https://un-autre-forum-au-nom-encore-plus-long.forumactif.com"}})
    page = sign_in(new_page, staff, viewport=PHONE)
    page.goto("/club/gestion/journal/")
    page.locator("details summary").first.click()
    screenshot(page, "phone390-journal")
    assert page.evaluate("document.documentElement.scrollWidth") <= page.evaluate("innerWidth")
    assert page.get_by_role("cell", name="Action : délai prolongé").is_visible()
    assert page.locator("dl.journal-data").first.is_visible()
    assert page.locator("table.stacked thead").evaluate("e => e.getBoundingClientRect().right <= 0")
