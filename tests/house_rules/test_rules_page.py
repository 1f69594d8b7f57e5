"""The club's rules page (RULES.md §8): the forum's rulebook with the club's numbers in place, a changed
number marked with the rulebook's in its title; another club reads its own."""
import re

import pytest
from django.urls import reverse

from tests.support.clubs import club_cache_warmed, other_club

pytestmark = pytest.mark.django_db


def _page(client, path=None) -> str:
    response = client.get(path or reverse("duels:rules"))
    assert response.status_code == 200
    return " ".join(response.content.decode().split())


def _points(page: str) -> list[tuple[str, str, str]]:
    return re.findall(r'<tr[^>]*><th scope="row">([^<]+)</th><td>(\d+)</td><td>(\d+)</td></tr>', page)


def test_a_club_without_house_rules_shows_the_rulebooks_numbers(client):
    page = _page(client)
    assert "Ce club joue le règlement d'origine." in page
    assert 'mark class="house-rule"' not in page
    assert "un délai de 48h maximum" in page and "ne devra pas excéder 5 jours" in page
    assert "la fin de 4 duels" in page and "faire 100 mots" in page and "d'1 mois réel" in page
    assert "coûte 1 PF" in page and "perdre 2 PF" in page and "deux tours d'affilée" in page
    assert _points(page)[0] == ("Première année", "10", "5") and _points(page)[-1] == ("Adulte", "32", "20")


def test_the_clubs_changed_numbers_are_marked_with_the_rulebooks_in_the_title(client, club):
    club.house_rules = {"dodge_pf": 3, "repeat": "duel", "points": {"1": [12, 6]}, "exemptions": 0,
                        "deadline_hours": 72, "eligibility_days": 14, "overlevel_per_duel": 2}
    club.save()
    page = _page(client)
    assert "règles maison" in page
    assert '<mark class="house-rule" title="Règle du club (règlement d&#x27;origine : 2)">3</mark> PF' in page
    assert '<mark class="house-rule" title="Règle du club (règlement d&#x27;origine : 48)">72</mark>h' in page
    assert "Ce club n'accorde pas de dérogation." in page and "ne devra pas excéder" not in page
    assert "Un même sort ne peut être lancé qu'une fois par duel." in page
    assert ">2 fois</mark> dans le duel" in page and ">14 jours</mark>" in page
    assert '<tr class="house-rule"><th scope="row">Première année</th><td>12</td><td>6</td></tr>' in page
    assert ("Deuxième année", "13", "7") in _points(page)
    assert "la fin de 4 duels" in page  # unchanged knobs read as the rulebook's, unmarked


def test_another_club_reads_its_own_rules(client, club):
    club.house_rules = {"move_pf": 2}
    club.save()
    ilvermorny = other_club()
    page = _page(client, f"/{ilvermorny.slug}/duels/reglement/")
    assert "se déplacer d'une case coûte 1 PF" in page and 'mark class="house-rule"' not in page
    assert "remonter en zone 3 : 3 PF" in page
    assert "remonter en zone 3 : 6 PF" in _page(client)


def test_the_rules_page_reads_no_table_but_the_sessions(client, django_assert_max_num_queries):
    club_cache_warmed()
    with django_assert_max_num_queries(0):
        _page(client)
