"""Cancelling a duel from the adjudication page: reason, confirmation, CSRF; the dashboards after it."""
import pytest
from django.urls import reverse
from django.utils import translation

from accounts.models import Notification
from duels.models import DuelStatus
from duels.services import referee_assign
from tests.factories.duels import RefereeFactory
from tests.support.duels import matched_duel, started_duel
from tests.support.permissions import staff_referee
from tests.support.web import client_for, text

pytestmark = pytest.mark.django_db

REASON = "Un duelliste a quitté le forum."


def setup_duel():
    duel = matched_duel()
    referee = RefereeFactory()
    referee_assign(duel=duel, referee=referee, by=referee)
    return duel, referee


def test_the_referee_cancels_with_a_reason_and_a_confirmation_csrf_enforced(django_capture_on_commit_callbacks):
    duel, referee = setup_duel()
    client = client_for(referee, csrf=True)
    url = reverse("duels:cancel", args=[duel.pk])
    page = client.get(reverse("duels:adjudicate", args=[duel.pk]))
    assert "Annuler le duel" in text(page) and f'action="{url}"' in text(page)
    token = page.cookies["csrftoken"].value

    assert client.post(url, {"reason": REASON, "confirm": "yes"}).status_code == 403  # no CSRF token
    response = client.post(url, {"csrfmiddlewaretoken": token, "reason": ""}, follow=True)  # reason required
    assert "Donnez le motif de l&#x27;annulation." in text(response)
    confirm = client.post(url, {"csrfmiddlewaretoken": token, "reason": REASON})  # the confirmation step
    assert confirm.status_code == 200 and "Oui, annuler le duel" in text(confirm) and REASON in text(confirm)
    duel.refresh_from_db()
    assert duel.status == DuelStatus.SETUP

    with django_capture_on_commit_callbacks(execute=True):
        done = client.post(url, {"csrfmiddlewaretoken": token, "reason": REASON, "confirm": "yes"}, follow=True)
    duel.refresh_from_db()
    assert duel.status == DuelStatus.CANCELLED and duel.cancel_reason == REASON and duel.cancelled_by == referee
    assert "Duel annulé : les duellistes sont prévenus" in text(done) and "data-cancelled" in text(done)
    assert Notification.objects.filter(kind="duel", dedupe_key__contains=":cancelled:").count() == 2

    again = client.post(url, {"csrfmiddlewaretoken": token, "reason": REASON, "confirm": "yes"}, follow=True)
    assert "Ce duel est déjà terminé ou annulé." in text(again)
    assert f'data-duel="{duel.pk}"' not in text(client.get(reverse("duels:referee")))  # gone from the dashboard


def test_after_cancelling_the_players_dashboard_shows_it_and_offers_registration_again():
    duel, referee = setup_duel()
    player = duel.participants.select_related("duellist__user").first().duellist.user
    page = text(client_for(player).get(reverse("duels:dashboard")))
    assert "Vous avez un duel en cours" in page
    client_for(referee).post(reverse("duels:cancel", args=[duel.pk]), {"reason": REASON, "confirm": "yes"})
    duel.refresh_from_db()
    assert duel.status == DuelStatus.CANCELLED
    page = text(client_for(player).get(reverse("duels:dashboard")))
    assert "Vous avez un duel en cours" not in page and "M'inscrire à un duel" in page
    assert "annulé" in page and REASON in page
    duel_page = client_for(player).get(reverse("duels:duel", args=[duel.pk]))  # the notice's link
    assert duel_page.status_code == 200
    assert "data-cancelled" in text(duel_page) and REASON in text(duel_page)


def test_players_other_referees_and_started_duels_are_refused():
    duel, _referee = setup_duel()
    url = reverse("duels:cancel", args=[duel.pk])
    player = duel.participants.select_related("duellist__user").first().duellist.user
    for who in (player, RefereeFactory()):
        assert client_for(who).post(url, {"reason": REASON, "confirm": "yes"}).status_code == 403
    assert client_for(_referee).get(url).status_code == 405  # POST only
    duel.refresh_from_db()
    assert duel.status == DuelStatus.SETUP

    started, referee, _ = started_duel()
    client = client_for(referee)
    assert "Annuler le duel" not in text(client.get(reverse("duels:adjudicate", args=[started.pk])))
    response = client.post(reverse("duels:cancel", args=[started.pk]), {"reason": REASON}, follow=True)
    assert "Le duel a déjà commencé : il ne peut plus être annulé." in text(response)
    started.refresh_from_db()
    assert started.status == DuelStatus.ACTION


def test_staff_cancel_a_duel_still_waiting_for_a_referee():
    duel = matched_duel()
    staff = staff_referee(username="staff")
    client_for(staff).post(reverse("duels:cancel", args=[duel.pk]), {"reason": REASON, "confirm": "yes"})
    duel.refresh_from_db()
    assert duel.status == DuelStatus.CANCELLED


def test_the_cancel_form_and_confirmation_in_english():
    duel, referee = setup_duel()
    client = client_for(referee)
    client.cookies["django_language"] = "en"
    url = reverse("duels:cancel", args=[duel.pk])
    with translation.override("fr"):  # the requests activate English; leave French active after them
        page = text(client.get(reverse("duels:adjudicate", args=[duel.pk]))) + text(client.post(url, {"reason": REASON}))
    assert all(s in page for s in ("Cancel the duel", "Reason for the cancellation", "Yes, cancel the duel"))
