"""Wording: off-stage pushes and falls, a zone spell's own zone, the winners by name in the forum copy,
"E-mail" everywhere, the admin's titles and app names, the reset-link page's title, the registration
year, and no "effet bonus" for a modulation without one."""
import re

import pytest
from django.test import Client
from django.urls import reverse

from duels.engine import events
from duels.models import Declaration
from duels.pages.zone_options import zone_target
from duels.services import forfeit
from tests.factories.duels import TEST_SPELLS, DuellistFactory, UserFactory
from tests.support.duels import bet_for, declare, post, started_duel
from tests.support.web import client_for

pytestmark = pytest.mark.django_db


def test_a_push_off_the_stage_and_the_fall_read_right():
    assert events.displaced("B", "push", 10, 12, "A").text == "B est repoussé·e de la zone 10 hors de l'estrade."
    assert events.fell("B", 12).text == "B tombe de l'estrade et perd 1 PF."
    moved = events.adjusted_position("B", 5, 0, "chute")
    assert "à la hors" not in moved.text and "de la zone 5 à l'extérieur de l'estrade" in moved.text


def test_a_zone_spell_names_the_casters_own_zone():
    occupants = {4: [{"name": "moi", "relation": "me", "creature": False}]}
    option = zone_target({"zone": 4, "distance": 0, "in_reach": True, "free": True}, {"radius": 0, "target": "zone"},
                         occupants)
    assert "vide" not in option["label"] and "votre zone" in option["label"]


def test_the_forum_copy_names_the_winner_in_a_1v1():
    duel, referee, (a, b) = started_duel(years=(1, 1))
    post(duel, a, [{"cast": "coup", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [])
    declare(duel, referee)
    post(duel, b, [{"nothing": True}], text="")
    declare(duel, referee)
    duel.refresh_from_db()
    assert duel.status == "finished"
    page = Client().get(reverse("duels:duel", args=[duel.pk])).content.decode()
    assert "L&#x27;équipe 1 remporte" not in page and "L'équipe 1 remporte" not in page
    assert f"{a.duellist.forum_name} remporte le duel." in page
    assert Declaration.objects.filter(text__contains="remporte").exists()


def test_e_mail_is_e_mail_on_the_password_reset_page():
    page = Client().get(reverse("password_reset")).content.decode()
    assert "Courriel" not in page and "E-mail" in page


def test_the_admin_says_estrade_and_names_its_apps_in_french():
    staff = UserFactory(username="chef", is_staff=True, is_superuser=True)
    page = client_for(staff).get("/admin/").content.decode()
    assert "Administration de Django" not in page and "Administration d&#x27;Estrade" in page
    assert "Sorts" in page and "Comptes et membres du forum" in page


def test_the_reset_links_page_is_not_titled_invitation_links():
    staff = UserFactory(username="chef2", is_staff=True, is_superuser=True)
    member = DuellistFactory(user=None, forum_name="Sans-Compte")
    response = client_for(staff).post(reverse("admin:accounts_duellist_changelist"),
                                      {"action": "make_reset_links", "_selected_action": [member.pk]})
    assert "<h1>Liens de nouveau mot de passe</h1>" in response.content.decode()


def test_the_registration_year_defaults_to_the_members_own_year():
    me = DuellistFactory(homework_year=5)
    page = client_for(me.user).get(reverse("duels:register")).content.decode()
    assert re.search(r'<option value="5" selected>', page)


def test_a_modulation_without_a_bonus_effect_is_not_offered_as_an_effet_bonus():
    spells = [*TEST_SPELLS, {"slug": "flamme", "name": "Flamme", "level": 1, "range": 11, "type": "malefices",
                             "tags": [], "target": "opponent", "effect": {"damage": 2}, "bonus": {"damage": 4},
                             "modulations": [{"level": 2, "effect": {"damage": 5}}]}]
    duel, _referee, (a, b) = started_duel(spells=spells)
    page = client_for(a.duellist.user).get(reverse("duels:duel", args=[duel.pk])).content.decode()
    plain = page.split('data-variant="flamme__0__0"', 1)[1].split("</fieldset>", 1)[0]
    modulated = page.split('data-variant="flamme__2__0"', 1)[1].split("</fieldset>", 1)[0]
    assert "effet bonus" in plain
    assert "effet bonus" not in modulated
    forfeit(duel=duel, by=b.duellist.user)
