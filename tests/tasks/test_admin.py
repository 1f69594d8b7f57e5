"""The admin lists windows with their deadlines and state, and each slot's deadline and reminders."""
import datetime as dt

import pytest
from django.urls import reverse

from duels.models import Window
from duels.services.reminders import reminders_send
from tests.factories.duels import UserFactory
from tests.support.clock import H48, START
from tests.support.duels import started_duel

pytestmark = pytest.mark.django_db


def test_windows_with_their_deadlines_state_and_reminders(client, clock, django_assert_max_num_queries):
    duel, _referee, _participants = started_duel()
    started_duel()
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    clock.move_to(START + H48 - dt.timedelta(hours=5), tick=False)
    reminders_send()
    with django_assert_max_num_queries(12):
        listing = client.get(reverse("admin:duels_window_changelist"), secure=True).content.decode()
    assert listing.count("moins de 6 h") == 2 and "3 juin 2026 22:00" in listing
    clock.move_to(START + H48 + dt.timedelta(minutes=2), tick=False)
    listing = client.get(reverse("admin:duels_window_changelist") + "?state__exact=open", secure=True)
    assert listing.content.decode().count("dépassée (en attente du balayage)") == 2
    window = Window.objects.get(duel=duel)
    page = client.get(reverse("admin:duels_window_change", args=[window.pk]), secure=True).content.decode()
    assert "rappel 6 h envoyé le" in page.lower() and "3 juin 2026 17:00" in page  # claimed 5 h before
