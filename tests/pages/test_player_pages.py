"""Player pages: dashboard, registration, magic types, the duel page and its forms."""
import datetime as dt
import re

import pytest
from django.urls import reverse

from duels.models import DuelStatus, Exemption, Post, Registration, RegistrationStatus
from duels.services import forfeit
from tests.factories.accounts import DuellistFactory, UserFactory
from tests.factories.duels import RefereeFactory, magic_type
from tests.support.duels import RP_TEXT, declare, matched_duel, post, started_duel
from tests.support.web import client_for, text

pytestmark = pytest.mark.django_db


def test_pages_need_a_login(client):
    # A running duel's page is public (tests/spectators); a duel not started is not.
    duel = matched_duel()
    for url in (reverse("duels:dashboard"), reverse("duels:register"), reverse("duels:duel", args=[duel.pk])):
        response = client.get(url)
        assert response.status_code == 302 and "/connexion/" in response["Location"]


def test_dashboard_explains_eligibility_and_registration():
    newcomer = DuellistFactory(forum_post_count=10)
    page = text(client_for(newcomer.user).get(reverse("duels:dashboard")))
    assert "il vous en manque 40" in page and "M'inscrire à un duel" not in page

    eligible = DuellistFactory()
    page = text(client_for(eligible.user).get(reverse("duels:dashboard")))
    assert "vous pouvez vous inscrire" in page and reverse("duels:register") in page

    nobody = UserFactory()
    assert "lié à aucun membre du forum" in text(client_for(nobody).get(reverse("duels:dashboard")))


def test_dashboard_explains_the_wand_rest():
    duel, _referee, (a, b) = started_duel()
    forfeit(duel=duel, by=b.duellist.user)
    page = text(client_for(a.duellist.user).get(reverse("duels:dashboard")))
    assert "Votre baguette se repose : encore 4 duels doivent se terminer" in page
    assert "victoire" in page


def test_registration_pairs_named_opponents_and_opens_the_duel():
    a, b = DuellistFactory(), DuellistFactory()
    response = client_for(a.user).post(reverse("duels:register"), {
        "kind": "non_rp", "format": "1v1", "year": "3", "named_opponent": b.forum_name.upper(),
    })
    assert response.status_code == 302 and response["Location"] == reverse("duels:dashboard")
    page = text(client_for(a.user).get(reverse("duels:dashboard")))
    assert "Vous êtes inscrit pour un duel non-RP" in page and f"Adversaire choisi : {b.forum_name}" in page

    response = client_for(b.user).post(reverse("duels:register"), {
        "kind": "non_rp", "format": "1v1", "year": "3", "named_opponent": a.forum_name,
    })
    registration = Registration.objects.get(duellist=b)
    assert registration.status == RegistrationStatus.MATCHED
    assert response["Location"] == reverse("duels:duel", args=[registration.duel_id])
    page = text(client_for(a.user).get(reverse("duels:dashboard")))
    assert "Choisissez vos types de magie" in page and "En attente d'un arbitre." in page


def test_registration_refusals_are_shown_in_french():
    young = DuellistFactory(homework_year=2)
    response = client_for(young.user).post(reverse("duels:register"), {
        "kind": "non_rp", "format": "1v1", "year": "5", "named_opponent": "personne",
    })
    assert response.status_code == 422  # refused: the page again
    assert "Aucun membre du forum ne porte le pseudo « personne »" in text(response)
    response = client_for(young.user).post(reverse("duels:register"), {"kind": "non_rp", "format": "1v1", "year": "5"})
    assert "ne peut pas dépasser votre année devoir" in text(response)
    assert not Registration.objects.exists()


def test_a_waiting_registration_can_be_withdrawn_by_its_owner_only():
    a = DuellistFactory()
    client_for(a.user).post(reverse("duels:register"), {"kind": "non_rp", "format": "1v1", "year": "3"})
    registration = Registration.objects.get()
    other = DuellistFactory()
    client_for(other.user).post(reverse("duels:withdraw", args=[registration.pk]))
    registration.refresh_from_db()
    assert registration.status == RegistrationStatus.WAITING
    client_for(a.user).post(reverse("duels:withdraw", args=[registration.pk]))
    registration.refresh_from_db()
    assert registration.status == RegistrationStatus.WITHDRAWN


def test_magic_types_are_chosen_on_the_duel_page():
    duel = matched_duel(years=(3, 3))
    referee = RefereeFactory()
    client_for(referee).post(reverse("duels:take", args=[duel.pk]))
    magic_type("sortileges")
    a, b = duel.participants.select_related("duellist__user").order_by("team")
    page = text(client_for(a.duellist.user).get(reverse("duels:duel", args=[duel.pk])))
    assert "Choisissez exactement 1 type de magie." in page and 'data-zone="4"' in page
    response = client_for(a.duellist.user).post(reverse("duels:types", args=[duel.pk]), {"types": ["malefices", "soins"]})
    assert response.status_code == 422 and "Un seul type de magie à votre année (vous en avez choisi 2)." in text(response)
    client_for(a.duellist.user).post(reverse("duels:types", args=[duel.pk]), {"types": ["malefices"]})
    client_for(b.duellist.user).post(reverse("duels:types", args=[duel.pk]), {"types": ["soins"]})
    duel.refresh_from_db()
    assert duel.status == DuelStatus.READY


def test_duel_page_shows_stage_hooks_options_and_countdown():
    duel, _referee, (a, b) = started_duel()
    page = text(client_for(a.duellist.user).get(reverse("duels:duel", args=[duel.pk])))
    for zone in range(13):
        assert f'data-zone="{zone}"' in page
    assert f'data-duellist="{a.duellist.forum_name}" data-pf="16" data-pm="8"' in page
    assert "À vous de poster" in page and "47 h 59 min" in page
    assert 'value="bolt__0__0"' in page and "4/6 (67 %)" in page  # own type: the better odds
    assert 'name="move_before" value="5"' in page and "1 PF" in page
    assert "Abandonner le duel" in page


def test_a_refused_post_keeps_the_text_and_says_why():
    duel, _referee, (a, b) = started_duel()
    response = client_for(a.duellist.user).post(reverse("duels:post", args=[duel.pk]), {
        "rp_text": "Quelques mots seulement.", "cast": "bolt__0__0", "target-bolt__0__0": b.engine_id,
        "bet-bolt__0__0": "123",
    })
    assert response.status_code == 422
    page = text(response)
    assert "Le texte RP doit compter au moins 100 mots hors bloc d&#x27;action (il en a 3)." in page
    assert "Quelques mots seulement.</textarea>" in page
    assert 'value="bolt__0__0" checked' in page and 'name="bet-bolt__0__0" value="123" checked' in page
    assert not Post.objects.exists()


def test_a_post_with_moves_and_a_cast_is_stored_in_order():
    duel, _referee, (a, b) = started_duel()
    response = client_for(a.duellist.user).post(reverse("duels:post", args=[duel.pk]), {
        "rp_text": RP_TEXT, "move_before": "5", "cast": "bolt__0__0", "target-bolt__0__0": b.engine_id,
        "bet-bolt__0__0": "1234", "move_after": "3",
    })
    assert response.status_code == 302
    stored = Post.objects.get()
    assert stored.steps == [{"move": 5}, {"cast": "bolt", "target": b.engine_id, "bet": "1234"}, {"move": 3}]
    page = text(client_for(b.duellist.user).get(reverse("duels:duel", args=[duel.pk])))
    assert f"Déplacement vers la zone 5 ; Sort : Éclair sur {b.duellist.forum_name}, pari 1234 ; Déplacement vers la zone 3" in page


def test_a_player_cannot_post_in_another_duel():
    duel, _referee, (a, b) = started_duel()
    stranger = DuellistFactory()
    client = client_for(stranger.user)
    page = text(client.get(reverse("duels:duel", args=[duel.pk])))
    assert "Vous suivez ce duel en spectateur." in page and "Publier mon message" not in page
    response = client.post(reverse("duels:post", args=[duel.pk]), {"rp_text": RP_TEXT})
    assert response.status_code == 403 and "Seuls les duellistes de ce duel peuvent y poster." in text(response)
    assert not Post.objects.exists()


def test_posting_needs_the_csrf_token():
    duel, _referee, (a, b) = started_duel()
    client = client_for(a.duellist.user, csrf=True)
    assert client.post(reverse("duels:post", args=[duel.pk]), {"rp_text": RP_TEXT}).status_code == 403
    page = client.get(reverse("duels:duel", args=[duel.pk]))
    token = page.cookies["csrftoken"].value
    response = client.post(reverse("duels:post", args=[duel.pk]), {"rp_text": RP_TEXT, "csrfmiddlewaretoken": token})
    assert response.status_code == 302 and Post.objects.get().steps == []


def test_defence_form_offers_dodge_and_nothing():
    duel, referee, (a, b) = started_duel()
    from tests.support.duels import bet_for

    post(duel, a, [{"cast": "spark", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [])
    declare(duel, referee)
    page = text(client_for(b.duellist.user).get(reverse("duels:duel", args=[duel.pk])))
    assert "Phase de défense" in page and 'value="dodge-123"' in page and "coûte 2 PF" in page
    page_a = text(client_for(a.duellist.user).get(reverse("duels:duel", args=[duel.pk])))
    assert "Aucun sort ne vous vise" in page_a
    response = client_for(b.duellist.user).post(reverse("duels:post", args=[duel.pk]), {"defence": "nothing", "rp_text": ""})
    assert response.status_code == 302
    assert Post.objects.filter(participant=b).last().steps == [{"nothing": True}]


def test_htmx_polling_gets_only_the_live_part():
    duel, _referee, (a, b) = started_duel()
    client = client_for(a.duellist.user)
    url = reverse("duels:duel", args=[duel.pk])
    poll = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "live"}
    full = text(client.get(url))
    form_phase = re.search(r'name="form_phase" value="([^"]+)"', full).group(1)
    version = re.search(r'data-version="([^"]+)"', full).group(1)
    assert client.get(url, {"v": version, "form_phase": form_phase}, **poll).status_code == 204  # nothing new

    post(duel, b, [])
    page = text(client.get(url, {"v": version, "form_phase": form_phase}, **poll))
    assert page.lstrip().startswith('<div id="live"') and "<html" not in page
    assert "Publier mon message" not in page and "Le duel a avancé" not in page
    assert RP_TEXT[:40] in page  # b's post appears in the thread

    post(duel, a, [])
    declare(duel, _referee)
    page = text(client.get(url, {"v": version, "form_phase": form_phase}, **poll))
    assert "Le duel a avancé depuis l'ouverture de la page." in page


def test_forfeit_needs_a_confirmation():
    duel, _referee, (a, b) = started_duel()
    client = client_for(a.duellist.user)
    page = text(client.get(reverse("duels:forfeit", args=[duel.pk])))
    assert "Oui, j'abandonne le duel" in page
    duel.refresh_from_db()
    assert duel.status == DuelStatus.ACTION
    client.post(reverse("duels:forfeit", args=[duel.pk]))
    duel.refresh_from_db()
    assert duel.status == DuelStatus.FINISHED and duel.winner_team == 2


def test_exemption_request_from_the_duel_page():
    duel, _referee, (a, b) = started_duel()
    client = client_for(a.duellist.user)
    client.post(reverse("duels:exemption", args=[duel.pk]), {"reason": "Partiels", "days": "4"})
    exemption = Exemption.objects.get()
    window = duel.windows.get()
    assert exemption.reason == "Partiels" and exemption.wished_deadline == window.opened_at + dt.timedelta(days=4)
    page = text(client.get(reverse("duels:duel", args=[duel.pk])))
    assert "Dispense : demandée" in page and "Demander une dispense" not in page
