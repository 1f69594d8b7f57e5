"""« Obtenir les liens » on the invitations page: the club's staff get a link for every imported member
without an account, each shown once with its PM, to send by hand when the forum bridge is not installed.
Links are made once (a second click makes none), only for the club's own members, only by its staff."""
import re

import pytest
from django.urls import reverse

from accounts.models import Invitation
from clubs.scoping import activate_club
from tests.factories.duels import DuellistFactory
from tests.support.clubs import other_club
from tests.support.permissions import club_staff
from tests.support.web import client_for

pytestmark = pytest.mark.django_db


def test_the_staff_get_one_link_a_member_without_an_account_once(club):
    DuellistFactory(user=None, forum_name="Fleur")
    DuellistFactory(user=None, forum_name="Gabrielle")
    DuellistFactory(forum_name="A déjà un compte")
    with activate_club(other_club()):
        DuellistFactory(user=None, forum_name="Ailleurs")
    client = client_for(club_staff())
    assert 'data-invitation-links' in client.get(reverse("forum:invitations")).content.decode()
    page = client.post(reverse("invitation_links")).content.decode()
    names = re.findall(r"<h2>([^<]+) <small>", page)
    assert sorted(names) == ["Fleur", "Gabrielle"]
    assert len(set(re.findall(r"/club/invitation/([\w-]+)/", page))) == 2
    assert Invitation.objects.count() == 2
    again = client.post(reverse("invitation_links")).content.decode()
    assert "Aucun lien créé." in again and Invitation.objects.count() == 2


def test_a_player_gets_no_link(club):
    DuellistFactory(user=None, forum_name="Fleur")
    player = DuellistFactory().user
    assert client_for(player).post(reverse("invitation_links")).status_code == 403
    assert client_for(club_staff()).get(reverse("invitation_links")).status_code == 405
    assert not Invitation.objects.exists()
