"""The API throttle counts the real client: X-Forwarded-For is read only when NUM_PROXIES says proxies
add it (the probe reset the anonymous bucket by sending `X-Forwarded-For: 198.51.100.n`)."""
import pytest
from django.conf import settings as django_settings
from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle

pytestmark = pytest.mark.django_db


@pytest.fixture
def low_rates(monkeypatch):
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", {"anon": "3/min", "user": "5/min"})


def with_proxies(settings, count: int):
    settings.REST_FRAMEWORK = {**django_settings.REST_FRAMEWORK, "NUM_PROXIES": count}
    assert api_settings.NUM_PROXIES == count


def test_by_default_the_throttle_uses_num_proxies_zero():
    assert django_settings.NUM_PROXIES == 0 and api_settings.NUM_PROXIES == 0


def test_a_spoofed_forwarded_for_does_not_reset_the_anonymous_bucket(anonymous, low_rates):
    codes = [anonymous.get("/api/v1/spells/", HTTP_X_FORWARDED_FOR=f"198.51.100.{n}").status_code
             for n in range(5)]
    assert codes == [200, 200, 200, 429, 429]


def test_behind_one_proxy_the_address_it_appends_is_the_client(anonymous, low_rates, settings):
    with_proxies(settings, 1)
    # the client may send anything first; the proxy appends the address it saw, which is what counts
    for _ in range(3):
        assert anonymous.get("/api/v1/spells/", HTTP_X_FORWARDED_FOR="1.2.3.4, 203.0.113.7").status_code == 200
    assert anonymous.get("/api/v1/spells/", HTTP_X_FORWARDED_FOR="9.9.9.9, 203.0.113.7").status_code == 429
    assert anonymous.get("/api/v1/spells/", HTTP_X_FORWARDED_FOR="203.0.113.8").status_code == 200
