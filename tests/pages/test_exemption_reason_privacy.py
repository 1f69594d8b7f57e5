"""An exemption's reason (often medical) is the duellist's: on the duel page's "Journal de l'arbitrage"
and the whole journal, only that duellist, the referee and staff read it; the opponent, a partner and
spectators see that an exemption was decided, not why."""
import datetime as dt

import pytest
from django.test import Client
from django.urls import reverse

from duels.models import DuelFormat
from duels.services import exemption_decide, exemption_request
from tests.factories.accounts import UserFactory
from tests.support.duels import started_duel
from tests.support.permissions import staff_referee
from tests.support.web import client_for, text

pytestmark = pytest.mark.django_db
REASON = "Hospitalisation : opération urgente"


def exemption_granted(duel, referee, participant):
    window = duel.windows.get()
    exemption = exemption_request(duel=duel, by=participant.duellist.user, reason=REASON,
                                  wished_deadline=window.opened_at + dt.timedelta(days=4))
    exemption_decide(exemption=exemption, by=referee, grant=True)


def journal_pages(client, duel) -> list[str]:
    return [text(client.get(reverse("duels:duel", args=[duel.pk]))),
            text(client.get(reverse("duels:journal", args=[duel.pk])))]


def test_the_duellist_the_referee_and_staff_read_the_reason_the_opponent_does_not():
    duel, referee, (a, b) = started_duel()
    exemption_granted(duel, referee, a)
    staff = staff_referee(username="staff-forum")
    for who in (a.duellist.user, referee, staff):
        pages = journal_pages(client_for(who), duel)
        assert all("dispense accordée" in page and REASON in page for page in pages), who
    opponent_pages = journal_pages(client_for(b.duellist.user), duel)  # the cached HTML is per reader too
    assert all("dispense accordée" in page for page in opponent_pages)
    assert not any(REASON in page for page in opponent_pages)
    assert REASON in text(client_for(referee).get(reverse("duels:adjudicate", args=[duel.pk])))


def test_neither_a_partner_nor_the_opponents_nor_spectators_read_it():
    duel, referee, participants = started_duel(format=DuelFormat.TWO_V_TWO, years=(3, 3, 3, 3))
    exemption_granted(duel, referee, participants[0])
    assert REASON in journal_pages(client_for(participants[0].duellist.user), duel)[1]
    for other in participants[1:]:
        assert not any(REASON in page for page in journal_pages(client_for(other.duellist.user), duel))
    for spectator in (client_for(UserFactory(username="curieux")), Client()):
        assert REASON not in text(spectator.get(reverse("duels:duel", args=[duel.pk])))
