"""Referee pages: the queue, taking a duel, the start signal, declarations, faults, exemptions."""
import datetime as dt

import pytest
from django.urls import reverse

from duels.models import Declaration, DuelStatus, Exemption, Fault
from duels.services import exemption_request
from tests.factories.accounts import DuellistFactory
from tests.factories.duels import RefereeFactory
from tests.support.duels import bet_for, matched_duel, post, started_duel
from tests.support.permissions import staff_referee
from tests.support.web import client_for, text

pytestmark = pytest.mark.django_db


def test_players_cannot_see_referee_pages():
    duel, _referee, (a, b) = started_duel()
    client = client_for(a.duellist.user)
    for name, args in (("referee", []), ("adjudicate", [duel.pk])):
        assert client.get(reverse(f"duels:{name}", args=args)).status_code == 403
    for name in ("prepare", "publish", "start", "fault", "take"):
        assert client.post(reverse(f"duels:{name}", args=[duel.pk])).status_code == 403
    assert "Arbitrage" not in text(client.get(reverse("duels:dashboard")))


def test_a_referee_cannot_adjudicate_someone_elses_duel():
    duel, _referee, _ = started_duel()
    other = RefereeFactory()
    client = client_for(other)
    assert client.get(reverse("duels:adjudicate", args=[duel.pk])).status_code == 403
    assert client.post(reverse("duels:prepare", args=[duel.pk])).status_code == 403


def test_referee_takes_a_duel_from_the_queue_and_starts_it():
    duel = matched_duel()
    referee = RefereeFactory()
    client = client_for(referee, csrf=True)
    page = client.get(reverse("duels:referee"))
    assert f'data-duel="{duel.pk}"' in text(page) and "Arbitrer ce duel" in text(page)
    token = page.cookies["csrftoken"].value
    assert client.post(reverse("duels:take", args=[duel.pk])).status_code == 403  # CSRF
    client.post(reverse("duels:take", args=[duel.pk]), {"csrfmiddlewaretoken": token})
    duel.refresh_from_db()
    assert duel.referee == referee and duel.status == DuelStatus.SETUP
    for p in duel.participants.select_related("duellist__user"):
        client_for(p.duellist.user).post(reverse("duels:types", args=[duel.pk]), {"types": ["malefices"]})
    page = text(client.get(reverse("duels:referee")))
    assert "Duels à lancer" in page and "Donner le signal de départ" in page
    client.post(reverse("duels:start", args=[duel.pk]), {"csrfmiddlewaretoken": token})
    duel.refresh_from_db()
    assert duel.status == DuelStatus.ACTION and duel.seed_sha256


def test_declaration_queue_oldest_first_then_draft_and_publish():
    first, referee, (a1, b1) = started_duel()
    second, _r, (a2, b2) = started_duel()
    staff = staff_referee(username="staff")  # staff see every duel
    for duel, a, b in ((second, a2, b2), (first, a1, b1)):  # the second duel is waiting first
        post(duel, a, [{"cast": "spark", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
        post(duel, b, [])
    page = text(client_for(staff).get(reverse("duels:referee")))
    assert page.index(f'data-duel="{second.pk}"') < page.index(f'data-duel="{first.pk}"')

    client = client_for(referee)
    assert f'data-duel="{second.pk}"' not in text(client.get(reverse("duels:referee")))
    adjudicate = reverse("duels:adjudicate", args=[first.pk])
    page = text(client.get(adjudicate))
    assert "Préparer la déclaration (lancer les dés)" in page and "Publier la déclaration" not in page
    client.post(reverse("duels:prepare", args=[first.pk]))
    page = text(client.get(adjudicate))
    assert "Estrade après la déclaration" in page and "pari " in page and "Une phase de défense suivra." in page
    assert not Declaration.objects.filter(status="published").exists()
    # Nothing of the draft is public yet.
    assert "Déclaration de l&#x27;arbitre" not in text(client_for(a1.duellist.user).get(reverse("duels:duel", args=[first.pk])))
    client.post(reverse("duels:publish", args=[first.pk]), {"comment": "Joli coup !"})
    first.refresh_from_db()
    assert first.status == DuelStatus.DEFENCE
    page = text(client_for(a1.duellist.user).get(reverse("duels:duel", args=[first.pk])))
    assert "Joli coup !" in page and "Copier pour le forum" in page


def test_faults_and_exemptions_from_the_referee_pages():
    duel, referee, (a, b) = started_duel()
    client = client_for(referee)
    client.post(reverse("duels:fault", args=[duel.pk]), {
        "participant": a.pk, "kind": "other", "note": "Post hors sujet", "pf_penalty": "2"})
    fault = Fault.objects.get()
    assert fault.pf_penalty == 2 and fault.recorded_by == referee
    duel.refresh_from_db()
    assert next(d["pf"] for d in duel.state["duellists"] if d["id"] == a.engine_id) == 14
    response = client.post(reverse("duels:fault", args=[duel.pk]), {"participant": a.pk, "kind": "other", "note": "", "pf_penalty": "0"})
    assert "Décrivez la faute dans la note." in text(client.get(response["Location"]))

    window = duel.windows.get()
    exemption_request(duel=duel, by=b.duellist.user, reason="Vacances", wished_deadline=window.opened_at + dt.timedelta(days=4))
    page = text(client.get(reverse("duels:referee")))
    assert "Vacances" in page and "Accorder" in page
    client.post(reverse("duels:exemption_decide", args=[Exemption.objects.get().pk]), {"decision": "grant"})
    assert Exemption.objects.get().status == "granted"


def test_matchmaking_button():
    referee = RefereeFactory()
    for _ in range(2):
        d = DuellistFactory()
        client_for(d.user).post(reverse("duels:register"), {"kind": "non_rp", "format": "2v2", "year": "3"})
    client = client_for(referee)
    response = client.post(reverse("duels:matchmaking"), follow=True)
    assert "Aucun appariement possible pour l&#x27;instant." in text(response)
    assert "2 inscriptions en attente." in text(response)


def test_the_fault_form_names_the_duellists_as_they_are_now():
    """The blank fault form is rendered once per duel's names and language: a renamed
    duellist is offered under the new name, and each duel lists its own duellists."""
    duel, referee, (a, b) = started_duel()
    other, other_referee, (c, _d) = started_duel()
    client = client_for(referee)
    url = reverse("duels:adjudicate", args=[duel.pk])
    page = text(client.get(url))
    assert f'<option value="{a.pk}">{a.duellist.forum_name}</option>' in page
    a.duellist.forum_name = "Nymphadora"
    a.duellist.save(update_fields=["forum_name"])
    page = text(client.get(url))
    assert f'<option value="{a.pk}">Nymphadora</option>' in page and f'value="{c.pk}"' not in page
