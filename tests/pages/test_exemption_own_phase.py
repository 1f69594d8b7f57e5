"""An exemption is shown in its own phase only: « Dispense : accordée — nouvelle date limite … » is the
deadline of that phase; a later phase, with its own (earlier) deadline, no longer shows it."""
import datetime as dt

import pytest
from django.urls import reverse

from duels.services import exemption_decide, exemption_request
from tests.support.duels import declare, post, started_duel
from tests.support.web import client_for, text

pytestmark = pytest.mark.django_db


def test_a_granted_exemption_shows_in_its_phase_and_not_in_the_next_turn():
    duel, referee, (a, b) = started_duel()
    window = duel.windows.get()
    exemption = exemption_request(duel=duel, by=a.duellist.user, reason="Examens",
                                  wished_deadline=window.opened_at + dt.timedelta(days=4))
    exemption_decide(exemption=exemption, by=referee, grant=True)
    page = text(client_for(a.duellist.user).get(reverse("duels:duel", args=[duel.pk])))
    assert "exemption-status" in page and "nouvelle date limite" in page

    post(duel, a, [])
    post(duel, b, [])
    declare(duel, referee)  # turn 2 opens with its own 48 h deadline, earlier than the exemption's
    duel.refresh_from_db()
    assert duel.turn == 2
    page = text(client_for(a.duellist.user).get(reverse("duels:duel", args=[duel.pk])))
    assert "À vous de poster" in page
    assert "nouvelle date limite" not in page and "Dispense : accordée" not in page
    assert "déjà utilisé la dispense de ce duel" in page  # why there is no request form any more
