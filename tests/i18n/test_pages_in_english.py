"""With the language cookie set to English, the pages are in English (and French stays the default)."""
from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from accounts.services.notifications import notification_send
from duels.services import forfeit
from tests.factories.accounts import DuellistFactory, UserFactory
from tests.factories.spells import MagicTypeFactory, ModulationFactory, SpellFactory
from tests.support.duels import bet_for, declare, post, started_duel

pytestmark = pytest.mark.django_db


def english(user=None) -> Client:
    client = Client()
    client.cookies["django_language"] = "en"
    if user is not None:
        client.force_login(user)
    return client


def page(client: Client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def check(html: str, english_texts, french_texts) -> None:
    assert '<html lang="en">' in html
    for text in english_texts:
        assert text in html, text
    for text in french_texts:
        assert text not in html, text


CHROME_EN = ["Skip to content", "Spells", "Rankings", "Language"]
CHROME_FR = ["Aller au contenu", "Classement", "Langue"]


def test_home_and_login_in_english():
    client = english()
    check(page(client, reverse("home")), CHROME_EN + ["Welcome to the Estrade", "Log in"],
          CHROME_FR + ["Bienvenue sur l'Estrade", "Connectez-vous"])
    check(page(client, reverse("login")), ["Log in", "Password"], ["Se connecter", "Mot de passe"])


def test_the_switcher_sets_english_and_french_stays_the_default():
    client = Client()
    assert "Bienvenue sur l'Estrade" in page(client, reverse("home"))
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert "Welcome to the Estrade" in page(client, reverse("home"))


def test_spell_catalog_and_spell_page_in_english():
    spell = SpellFactory(magic_type=MagicTypeFactory(), effect={"damage": 2, "push": 1}, bonus={"damage": 3})
    ModulationFactory(spell=spell)
    client = english()
    check(page(client, reverse("spells:catalog")), CHROME_EN + ["Spell catalogue", "Filter the spells", "1 spell"],
          CHROME_FR + ["Catalogue des sorts", "Filtrer les sorts"])
    check(page(client, reverse("spells:detail", args=[spell.slug])),
          ["Deals 2 PF", "Pushes the target back 1 zone", "Bets and odds", "1 chance in 2", "Bonus effect",
           "An opponent (duellist or creature)", "Year 1", "P=5 (5 zones)"],
          ["Inflige", "Repousse", "Paris et chances", "chance sur", "Effet bonus", "Portée"])


def test_rankings_in_english():
    duel, _referee, (a, b) = started_duel()
    forfeit(duel=duel, by=b.duellist.user)
    client = english()
    check(page(client, reverse("rankings:index")), CHROME_EN + ["Champions ranking", "Rank", "Win rate", "Filter"],
          CHROME_FR + ["Classement des champions", "Taux de victoire", "Filtrer"])
    check(page(client, reverse("rankings:duellist", args=[a.duellist.forum_id])),
          ["Champion points", "Wand rest", "Latest duels"], ["Points de champion", "Repos de la baguette"])
    check(page(client, reverse("rankings:duel", args=[duel.pk])), ["Verifiable dice", "End of the duel"],
          ["Des dés vérifiables", "Fin du duel"])


def test_player_dashboard_and_duel_page_in_english():
    duel, referee, (a, b) = started_duel()
    post(duel, a, [{"cast": "bolt", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [])
    declare(duel, referee)
    client = english(a.duellist.user)
    check(page(client, reverse("duels:dashboard")),
          CHROME_EN + ["My duels", "You have a duel in progress", f"Duel no. {duel.pk}", "against", "defence phase"],
          CHROME_FR + ["Mes duels", "Vous avez un duel en cours", "contre", "phase de défense"])
    check(page(client, reverse("duels:duel", args=[duel.pk])),
          ["The stage", "The duel thread", "Referee's declaration", "Spell: ", "fatigue points"],
          ["L'estrade", "Le fil du duel", "Déclaration de l'arbitre", "Sort : ", "points de fatigue"])
    check(page(english(referee), reverse("duels:referee")), ["Declarations to write", "Extension requests"],
          ["Déclarations à rédiger", "Demandes de dispense"])


def test_an_ineligible_duellist_reads_why_in_english():
    newcomer = DuellistFactory(forum_post_count=10)
    check(page(english(newcomer.user), reverse("duels:dashboard")),
          ["At least 50 forum posts are required: you are 40 posts short."], ["il vous en manque"])


def test_notifications_in_english():
    user = UserFactory()
    notification_send(user=user, kind="duel", message="Bonjour", url="/duels/")
    check(page(english(user), reverse("notifications")), CHROME_EN + ["Notifications", "Mark all as read", "new"],
          CHROME_FR + ["Tout marquer comme lu", "Marquer comme lu"])
    user_without = UserFactory()
    check(page(english(user_without), reverse("notifications")), ["No notifications."], ["Aucune notification."])


def test_the_stage_zones_read_out_with_each_language_s_colon():
    duel, _referee, _duellists = started_duel()
    english_html = page(english(), reverse("duels:duel", args=[duel.pk]))
    assert "Zone 1: empty" in english_html and "Zone 1 : empty" not in english_html
    french_html = page(Client(), reverse("duels:duel", args=[duel.pk]))
    assert "Zone 1\u00a0: vide" in french_html or "Zone 1 : vide" in french_html
