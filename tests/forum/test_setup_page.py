"""/forum/invitations/ without the club's forum address is no dead end: it links the staff's setup page
of the bridge (/forum/installation/), which lists the club's forum fields (set on the club) and the
installation's settings, each with its value now, its role and an example, then the line to paste in the
forum."""
import html

import pytest
from django.urls import reverse

from tests.factories.accounts import UserFactory
from tests.support.forum import forum_configured
from tests.support.permissions import club_staff

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(client):
    mcgonagall = club_staff(username="mcgonagall")  # the club's staff issue account links (invitations)
    client.force_login(mcgonagall)
    return client


def unescaped_text(response) -> str:
    return html.unescape(response.content.decode())


def test_without_forum_url_the_invitations_page_leads_to_the_setup_page(staff, club):
    forum_configured(club, url="", section=0)
    invitations = unescaped_text(staff.get(reverse("forum:invitations")))
    assert "l'adresse du forum du club n'est pas renseignée" in invitations and "FORUM_URL" not in invitations
    assert f'href="{reverse("forum:setup")}"' in invitations
    setup = staff.get(reverse("forum:setup"))
    assert setup.status_code == 200
    page = unescaped_text(setup)
    assert "Le pont n'est pas configuré : l'adresse du forum du club n'est pas renseignée" in page
    assert "FORUM_URL" not in page and "FORUM_DUEL_SECTION" not in page and "FORUM_ORIGINS" not in page
    assert "Ces réglages sont ceux du club Club de duel" in page and f'href="{reverse("clubs:settings")}"' in page
    for name in ("Adresse du forum", "Section des duels", "Autres origines du forum"):
        assert f"<td data-label=\"Réglage\">{name}</td>" in page
    for name in ("SITE_URL", "FORUM_PM_PACE_SECONDS", "FORUM_FLOOD_WAIT_SECONDS"):
        assert f"<code>{name}</code>" in page
    assert page.count("à régler") == 2  # the forum's address and its section of duel topics
    assert "https://club-de-duel.forumactif.com" in page  # an example
    assert "Gestion des codes Javascript" in page and "/forum/pont.js" in page
    assert f'href="{reverse("forum:invitations")}"' in page


def test_once_configured_the_page_shows_the_values_in_service(staff, settings):
    # tests/forum/conftest.py sets the club's forum, its section and SITE_URL
    page = unescaped_text(staff.get(reverse("forum:setup")))
    assert "Le pont est configuré pour le forum http://forum.test." in page
    assert "<code>http://forum.test</code>" in page and "<code>7</code>" in page
    assert "Modifier la fiche du club" not in page  # the club's staff: the operator sets it
    assert "à régler" not in page
    assert "(function(d){" in page and "http://estrade.test/club/forum/pont.js" in page
    settings.SITE_URL = "http://localhost:8000"
    assert "à vérifier : une adresse locale" in unescaped_text(staff.get(reverse("forum:setup")))
    assert f'href="{reverse("forum:setup")}"' in unescaped_text(staff.get(reverse("forum:invitations")))
    assert f'href="{reverse("forum:setup")}"' in unescaped_text(staff.get(reverse("clubs:panel")))


def test_the_setup_page_is_for_staff_only(client):
    url = reverse("forum:setup")
    assert client.get(url).status_code == 302  # to the login page
    client.force_login(UserFactory(username="ginny"))
    assert client.get(url).status_code == 403


def test_the_operator_gets_a_link_to_the_club_in_the_administration(client, club):
    client.force_login(UserFactory(username="operateur", is_staff=True, is_superuser=True))
    page = unescaped_text(client.get(reverse("forum:setup")))
    link = reverse("admin:clubs_club_change", args=[club.pk])
    assert f'<a href="{link}">Modifier la fiche du club</a>' in page
    assert client.get(link).status_code == 200
