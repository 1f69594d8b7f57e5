"""The referee presses « Relever les absences » once a phase's deadline has passed, in a real browser
against the live server (real commits, as in production, where this button used to answer 500)."""
from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from audit.models import AuditLog
from duels.models import DuelStatus, Fault
from tests.support.browser import sign_in
from tests.support.duels import post, started_duel

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_the_referee_records_the_absences_after_the_deadline(new_page, screenshot, settings):
    opened = timezone.now() - dt.timedelta(days=3)  # the 48 h of the first phase are over
    duel, referee, (a, b) = started_duel(now=opened)
    post(duel, a, [], now=opened + dt.timedelta(hours=1))
    window = duel.windows.get()

    page = sign_in(new_page, referee)
    page.goto(f"/club/duels/{duel.pk}/arbitrage/")
    page.get_by_role("button", name="Relever les absences").click()
    message = page.locator(".messages .message")
    message.wait_for()
    assert message.inner_text() == "Absences relevées : 1."
    assert page.url.endswith(f"/club/duels/{duel.pk}/arbitrage/")
    screenshot(page, "absences-recorded")

    entry = AuditLog.objects.get(duel=duel, action="fault.record")
    assert entry.actor == referee and entry.data == {"window": window.pk, "absences": [b.engine_id]}
    fault = Fault.objects.get()
    assert (fault.participant, fault.kind, fault.window) == (b, "absence", window)
    duel.refresh_from_db()
    assert duel.status == DuelStatus.AWAITING_FIRST
