"""PM batches on Estrade's side: invitation batches (staff), reminders (referee), reports, takeover."""
import json

import pytest
from django.urls import reverse

from accounts.models import Invitation
from audit.models import AuditLog
from forum.models import PmBatch, PmDelivery
from tests.factories.accounts import DuellistFactory, UserFactory
from tests.forum.conftest import FORUM
from tests.support.duels import bet_for, post, started_duel
from tests.support.permissions import club_staff

pytestmark = pytest.mark.django_db


def api(client, name, payload):
    return client.post(reverse(f"forum:{name}"), json.dumps(payload), content_type="application/json",
                       HTTP_ORIGIN=FORUM)


def batch_token(client, user, batch):
    client.force_login(user)
    location = client.get(reverse("forum:batch_open", args=[batch.pk]))["Location"]
    client.logout()
    assert location.startswith(f"{FORUM}/privmsg?mode=post#estrade=")
    return location.split("#estrade=", 1)[1]


@pytest.fixture
def staff():
    return club_staff()


def test_the_staff_page_lists_pending_members_and_makes_one_batch_of_fresh_links(client, staff):
    members = [DuellistFactory(user=None, forum_name=f"Membre{n}") for n in range(3)]
    DuellistFactory()  # has an account: no invitation
    client.force_login(staff)
    page = client.get(reverse("forum:invitations")).content.decode()
    assert "Envoyer 3 invitations par MP depuis le forum" in page and "Membre0" in page
    assert "s.src=&#x27;http://estrade.test/club/forum/pont.js&#x27;" in page  # the loader to paste
    response = client.post(reverse("forum:invitations"))
    batch = PmBatch.objects.get()
    assert response["Location"] == reverse("forum:batch", args=[batch.pk])
    deliveries = list(batch.deliveries.order_by("position"))
    assert [d.recipient for d in deliveries] == ["Membre0", "Membre1", "Membre2"]
    assert all("/invitation/" in d.message and d.invitation.used_at is None for d in deliveries)
    assert Invitation.objects.filter(duellist__in=members, revoked_at__isnull=True).count() == 3
    # queued members are not offered a second time
    assert "Aucune invitation à envoyer." in client.get(reverse("forum:invitations")).content.decode()


def test_pages_are_for_staff_and_the_menu_links_them(client, staff):
    client.force_login(UserFactory())
    assert client.get(reverse("forum:invitations")).status_code == 403  # the site's own page
    client.force_login(staff)
    assert reverse("clubs:panel") in client.get(reverse("home")).content.decode()  # the header's panel link
    assert reverse("forum:invitations") in client.get(reverse("clubs:panel")).content.decode()  # its menu


def test_reports_are_recorded_once_and_a_newer_tab_takes_the_batch_over(client, staff):
    DuellistFactory(user=None, forum_name="Luna")
    DuellistFactory(user=None, forum_name="Neville")
    client.force_login(staff)
    client.post(reverse("forum:invitations"))
    batch = PmBatch.objects.get()
    first_tab = batch_token(client, staff, batch)
    job = api(client, "api_job", {"token": first_tab}).json()
    assert job["kind"] == "batch" and job["total"] == 2 and job["pace"] == 20.0
    luna, neville = job["deliveries"]
    assert api(client, "api_delivery", {"token": first_tab, "delivery": luna["id"], "ok": True}).json()["left"] == 1
    again = api(client, "api_delivery", {"token": first_tab, "delivery": luna["id"], "ok": True}).json()
    assert again["already"] is True
    sent = PmDelivery.objects.get(pk=luna["id"])
    assert sent.sent_by == staff and sent.sent_at and sent.message == ""

    second_tab = batch_token(client, staff, batch)
    job = api(client, "api_job", {"token": second_tab}).json()
    assert [d["to"] for d in job["deliveries"]] == ["Neville"] and job["sent"] == 1
    stale = api(client, "api_delivery", {"token": first_tab, "delivery": neville["id"], "ok": True})
    assert stale.status_code == 409 and stale.json()["code"] == "batch-taken"
    failed = api(client, "api_delivery", {"token": second_tab, "delivery": neville["id"], "ok": False,
                                          "error": "Désolé mais cet utilisateur n'existe pas."})
    assert failed.json()["left"] == 1
    assert PmDelivery.objects.get(pk=neville["id"]).error == "Désolé mais cet utilisateur n'existe pas."
    client.force_login(staff)
    page = client.get(reverse("forum:batch", args=[batch.pk])).content.decode()
    assert "Désolé mais cet utilisateur n&#x27;existe pas." in page and "1 MP envoyés sur 2" in page
    api(client, "api_delivery", {"token": second_tab, "delivery": neville["id"], "ok": True})
    used = api(client, "api_job", {"token": second_tab})
    assert used.json()["code"] == "token-used"  # the batch is done: its last token is spent
    assert AuditLog.objects.filter(action="forum.pm", data__event="sent").count() == 2


def test_reminders_go_to_the_duellists_still_expected(client):
    duel, referee, (a, b) = started_duel(years=(3, 3))
    post(duel, a, [{"cast": "bolt", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    client.force_login(a.duellist.user)
    assert client.post(reverse("forum:reminders", args=[duel.pk])).status_code == 302
    assert not PmBatch.objects.exists()  # not the referee
    client.force_login(referee)
    response = client.post(reverse("forum:reminders", args=[duel.pk]))
    batch = PmBatch.objects.get()
    assert response["Location"] == reverse("forum:batch", args=[batch.pk])
    assert batch.kind == "reminder" and [d.recipient for d in batch.deliveries.all()] == [b.duellist.forum_name]
    assert f"/duels/{duel.pk}/" in batch.deliveries.get().message
    page = client.get(reverse("duels:adjudicate", args=[duel.pk])).content.decode()
    assert "Envoyer un rappel par MP aux duellistes attendus" in page and "1 MP à envoyer" in page


def test_a_batch_token_is_refused_where_a_post_is_reported_with_a_json_code_and_no_cookie(client, staff):
    DuellistFactory(user=None, forum_name="Luna")
    client.force_login(staff)
    client.post(reverse("forum:invitations"))
    token = batch_token(client, staff, PmBatch.objects.get())
    refused = api(client, "api_report", {"token": token, "url": f"{FORUM}/t1-duel"})
    assert refused.status_code == 400 and refused.json()["code"] == "wrong-scope" and not refused.cookies
    assert refused["Cache-Control"] == "no-store"
    unreadable = api(client, "api_delivery", {"token": token, "delivery": "x", "ok": True})
    assert unreadable.status_code == 400 and unreadable.json()["code"] == "bad-json"
