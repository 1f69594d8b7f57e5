"""Sign-up requests are limited per client address (SIGNUP_REQUESTS_PER_HOUR): 200 requests from one
address store only the allowed number, the rest get the form again with a French message (429);
another address, or the next hour, may ask again."""
import datetime as dt

import pytest
import time_machine
from django.test import Client
from django.urls import reverse

from accounts.models import SignupRequest
from tests.support.clock import THROTTLE_START

pytestmark = pytest.mark.django_db


def ask(client, n: int, addr: str = "203.0.113.7"):
    return client.post(reverse("signup_request"), {"forum_name": f"Membre {n}"}, REMOTE_ADDR=addr)


def test_two_hundred_requests_from_one_address_store_only_the_allowed_number(settings):
    assert settings.SIGNUP_REQUESTS_PER_HOUR == 5
    client = Client()
    with time_machine.travel(THROTTLE_START, tick=False):
        responses = [ask(client, n) for n in range(200)]
        assert [r.status_code for r in responses[:5]] == [200] * 5
        assert {r.status_code for r in responses[5:]} == {429}
        assert "Trop de demandes d'inscription" in responses[-1].content.decode().replace("&#x27;", "'")
        assert SignupRequest.objects.count() == 5
        assert ask(client, 500, addr="198.51.100.2").status_code == 200  # another address
        assert SignupRequest.objects.count() == 6
    with time_machine.travel(THROTTLE_START + dt.timedelta(hours=1, minutes=1), tick=False):
        assert ask(client, 600).status_code == 200
        assert SignupRequest.objects.count() == 7


def test_a_forged_forwarded_for_does_not_reset_the_count(settings):
    settings.SIGNUP_REQUESTS_PER_HOUR = 2
    client = Client()
    with time_machine.travel(THROTTLE_START, tick=False):
        for n in range(6):
            client.post(reverse("signup_request"), {"forum_name": f"M{n}"}, REMOTE_ADDR="203.0.113.7",
                        HTTP_X_FORWARDED_FOR=f"10.0.0.{n}")
    assert SignupRequest.objects.count() == 2
