"""The exemption rule in one place (RULES.md §1.4): `exemption_refusal` says why a duellist may not ask,
the service raises it, and the duel page shows the request form only when it says nothing."""
import datetime as dt

import pytest
from django.urls import reverse

from duels.models import Exemption
from duels.selectors import open_window
from duels.services import exemption_decide, exemption_refusal, exemption_request
from tests.support.clock import START
from tests.support.duels import post, started_duel
from tests.support.web import client_for, text

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("clock")]


def refusal_code(participant, duel, **kwargs):
    participant.refresh_from_db()
    refusal = exemption_refusal(participant, open_window(duel), **kwargs)
    return None if refusal is None else refusal.code


def test_an_awaited_duellist_may_ask_until_their_deadline():
    duel, _referee, (a, _b) = started_duel()
    assert refusal_code(a, duel) is None
    assert refusal_code(a, duel, now=START + dt.timedelta(hours=48)) is None  # the deadline instant is on time
    assert refusal_code(a, duel, now=START + dt.timedelta(hours=48, seconds=1)) == "deadline-passed"


def test_one_who_has_posted_or_already_asked_is_refused_and_a_refused_request_may_be_renewed():
    duel, referee, (a, b) = started_duel()
    post(duel, a, [])
    assert refusal_code(a, duel) == "not-expected"
    request = exemption_request(duel=duel, by=b.duellist.user, reason="Partiels",
                                wished_deadline=START + dt.timedelta(days=3))
    assert refusal_code(b, duel) == "exemption-already-used"
    exemption_decide(exemption=request, by=referee, grant=False)
    assert refusal_code(b, duel) is None
    again = exemption_request(duel=duel, by=b.duellist.user, reason="Partiels, certificat",
                              wished_deadline=START + dt.timedelta(days=3))
    exemption_decide(exemption=again, by=referee, grant=True)
    assert refusal_code(b, duel) == "exemption-already-used"
    # the caller's own reads give the same answer without a query
    b.refresh_from_db()
    exemptions = list(Exemption.objects.filter(participant=b))
    assert exemption_refusal(b, open_window(duel), exemptions=exemptions).code == "exemption-already-used"


def test_no_open_window_no_exemption():
    duel, _referee, (a, _b) = started_duel()
    duel.windows.update(state="closed", closed_at=START)
    assert refusal_code(a, duel) == "not-expected"


def test_the_duel_page_offers_the_request_exactly_when_the_rule_allows_it():
    duel, referee, (a, b) = started_duel()
    client = client_for(b.duellist.user)
    assert "Demander une dispense" in text(client.get(reverse("duels:duel", args=[duel.pk])))
    request = exemption_request(duel=duel, by=b.duellist.user, reason="Partiels",
                                wished_deadline=START + dt.timedelta(days=3))
    assert "Demander une dispense" not in text(client.get(reverse("duels:duel", args=[duel.pk])))
    exemption_decide(exemption=request, by=referee, grant=False)
    assert "Demander une dispense" in text(client.get(reverse("duels:duel", args=[duel.pk])))
