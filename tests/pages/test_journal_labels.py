"""The "Journal de l'arbitrage" names each text for what it is: a publication's comment is
« Commentaire », the reason given for an action (an exemption, a cancellation, a correction) « Motif »."""
import datetime as dt

import pytest
from django.urls import reverse

from duels.services import exemption_decide, exemption_request
from tests.support.duels import declare, post, started_duel
from tests.support.web import client_for, text

pytestmark = pytest.mark.django_db


def test_a_publication_comment_is_a_comment_an_exemption_reason_a_reason():
    duel, referee, (a, b) = started_duel()
    exemption = exemption_request(duel=duel, by=b.duellist.user, reason="Partiels",
                                  wished_deadline=duel.windows.get().opened_at + dt.timedelta(days=3))
    exemption_decide(exemption=exemption, by=referee, grant=True)
    post(duel, a, [])
    post(duel, b, [])
    declare(duel, referee, comment="Belle passe d'armes")
    for page in (text(client_for(referee).get(reverse("duels:journal", args=[duel.pk]))),
                 text(client_for(a.duellist.user).get(reverse("duels:duel", args=[duel.pk])))):
        assert "Commentaire : « Belle passe d&#x27;armes »" in page
        assert "Motif : « Belle passe" not in page
    journal = text(client_for(referee).get(reverse("duels:journal", args=[duel.pk])))
    assert "Motif : « Partiels »" in journal and "Commentaire : « Partiels »" not in journal
