"""Named non-RP duellists at different years are paired at once: both see the warning, with each year's
PF and PM, on their dashboard and on the duel page before it starts (not only the referee)."""
import pytest
from django.test import Client
from django.urls import reverse

from duels.services import matchmaking_run
from tests.factories.duels import DuellistFactory, RegistrationFactory

pytestmark = pytest.mark.django_db


def page(user, url) -> str:
    client = Client()
    client.force_login(user)
    return client.get(url).content.decode()


def test_both_players_see_the_year_gap_with_each_years_pf_and_pm():
    a, b = DuellistFactory(), DuellistFactory()
    RegistrationFactory(duellist=a, named_opponent=b, year=3)
    RegistrationFactory(duellist=b, named_opponent=a, year=5)
    (duel,) = matchmaking_run().duels
    for user in (a.user, b.user):
        for url in (reverse("duels:dashboard"), reverse("duels:duel", args=[duel.pk])):
            html = page(user, url)
            assert "data-year-gap" in html, url
            assert f"{a.forum_name} : année 3, 16 PF, 8 PM" in html, url
            assert f"{b.forum_name} : année 5, 22 PF, 12 PM" in html, url


def test_the_warning_is_in_english_when_chosen():
    a, b = DuellistFactory(), DuellistFactory()
    RegistrationFactory(duellist=a, named_opponent=b, year=3)
    RegistrationFactory(duellist=b, named_opponent=a, year=5)
    (duel,) = matchmaking_run().duels
    client = Client()
    client.force_login(a.user)
    client.cookies["django_language"] = "en"
    html = client.get(reverse("duels:duel", args=[duel.pk])).content.decode()
    assert f"{a.forum_name}: year 3, 16 PF, 8 PM" in html and "niveaux différents" not in html


def test_same_year_no_warning():
    a, b = DuellistFactory(), DuellistFactory()
    RegistrationFactory(duellist=a, named_opponent=b, year=4)
    RegistrationFactory(duellist=b, named_opponent=a, year=4)
    (duel,) = matchmaking_run().duels
    assert "data-year-gap" not in page(a.user, reverse("duels:duel", args=[duel.pk]))
