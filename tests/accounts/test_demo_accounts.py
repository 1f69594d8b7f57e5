"""`manage.py demo` leaves players free to register and two pending invitation links."""
import datetime as dt
import io
import re

import pytest
from django.core.management import call_command
from django.utils import timezone

from accounts.models import Duellist, Invitation
from accounts.services.members import eligibility
from duels.models import Participant
from tests.support.clubs import club_path

pytestmark = pytest.mark.django_db


def test_demo_leaves_four_free_eligible_players_and_two_invitations(client):
    out = io.StringIO()
    call_command("demo", stdout=out)
    busy = set(Participant.objects.values_list("duellist_id", flat=True))
    free = [d for d in Duellist.objects.filter(user__isnull=False).exclude(id__in=busy)
            if eligibility(d, dt.date.today()) == []]
    assert len(free) >= 4
    pending = [i for i in Invitation.objects.all() if i.state(timezone.now()) == "pending"]
    assert len(pending) == 2
    links = re.findall(r"http://localhost:8000(" + re.escape(club_path("/invitation/")) + r"\S+/)", out.getvalue())
    assert len(links) == 2
    assert client.get(links[0]).status_code == 200

    again = io.StringIO()
    call_command("demo", stdout=again)
    assert again.getvalue().count("déjà créée") == 2
    assert Invitation.objects.count() == 2


def test_both_demo_clubs_are_listed_on_the_site_root(client):
    call_command("demo", stdout=io.StringIO())
    page = client.get("/clubs/").content.decode()
    assert "Poudlard" in page and "Ilvermorny" in page
