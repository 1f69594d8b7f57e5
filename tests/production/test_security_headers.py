"""Production edges seen by a browser: HSTS for a year over HTTPS, no framing, no sniffing."""
import pytest
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_https_answers_carry_a_year_of_hsts(settings):
    assert settings.SECURE_HSTS_SECONDS == 365 * 24 * 3600
    settings.SECURE_SSL_REDIRECT = True
    response = Client().get(reverse("home"), secure=True)  # a page (the club's home)
    assert response["Strict-Transport-Security"] == "max-age=31536000"
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert Client().get("/").status_code == 301  # plain HTTP: redirected to HTTPS
