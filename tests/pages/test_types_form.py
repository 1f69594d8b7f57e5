"""The magic types form: one type (years 1–5) is a radio choice; two (years 6–8) are checkboxes. A
refused choice comes back as ticked, with the error by the field (not at the top of a long page)."""
import re

import pytest
from django.urls import reverse

from tests.factories.duels import magic_type
from tests.support.duels import matched_duel
from tests.support.web import client_for

pytestmark = pytest.mark.django_db


def participants(duel):
    return list(duel.participants.select_related("duellist__user").order_by("team"))


def test_one_type_at_year_4_is_a_radio_choice():
    duel = matched_duel(years=(4, 4))
    a, _b = participants(duel)
    page = client_for(a.duellist.user).get(reverse("duels:duel", args=[duel.pk])).content.decode()
    form = page.split('id="types-form"', 1)[1].split("</form>", 1)[0]
    assert 'type="radio" name="types"' in form and 'type="checkbox"' not in form
    assert f'action="{reverse("duels:types", args=[duel.pk])}#types-form"' in page  # the answer scrolls to the form


def test_two_boxes_at_year_4_come_back_with_the_error_by_the_field_and_the_choice_kept():
    duel = matched_duel(years=(4, 4))
    a, _b = participants(duel)
    response = client_for(a.duellist.user).post(reverse("duels:types", args=[duel.pk]), {"types": ["malefices", "soins"]})
    page = response.content.decode()
    assert response.status_code == 422
    form = page.split('id="types-form"', 1)[1].split("</form>", 1)[0]
    assert 'id="types-error"' in form and "Un seul type de magie à votre année" in form  # by the field
    assert page.count("Un seul type de magie") == 1  # not also at the top of the page


def test_a_refused_pair_at_year_6_keeps_the_boxes_ticked():
    magic_type("sortileges")
    duel = matched_duel(years=(6, 6))
    a, _b = participants(duel)
    response = client_for(a.duellist.user).post(reverse("duels:types", args=[duel.pk]), {"types": ["soins"]})
    page = response.content.decode()
    assert response.status_code == 422
    form = page.split('id="types-form"', 1)[1].split("</form>", 1)[0]
    assert "Choisissez exactement 2 types de magie (vous en avez coché 1)." in form
    ticked = re.findall(r'<input type="checkbox" name="types" value="(\w+)"[^>]*checked', form)
    assert ticked == ["soins"]
    a.refresh_from_db()
    assert a.magic_types == []


def test_a_good_choice_is_saved_and_shown_chosen():
    duel = matched_duel(years=(4, 4))
    a, _b = participants(duel)
    client = client_for(a.duellist.user)
    response = client.post(reverse("duels:types", args=[duel.pk]), {"types": "soins"})
    assert response.status_code == 302
    a.refresh_from_db()
    assert a.magic_types == ["soins"]
    page = client.get(reverse("duels:duel", args=[duel.pk])).content.decode()
    assert re.search(r'<input type="radio" name="types" value="soins"[^>]*checked', page)
