"""The control panel's one menu: every page it lists opens for the club's staff, shows the menu, and marks
itself as the page being shown; the staff pages it gathers (imports, referees, invitations…) show it too."""
import re

import pytest
from django.urls import reverse

from clubs.models import Membership
from clubs.panel_menu import SECTIONS
from tests.factories.accounts import UserFactory
from tests.support.web import client_for

pytestmark = pytest.mark.django_db
CURRENT = re.compile(r'<nav class="panel-menu"[^>]*>.*?<a href="([^"]+)" aria-current="page">', re.S)


@pytest.fixture
def staff_client(club):
    user = UserFactory()
    Membership.objects.create(user=user, club=club, is_staff=True)
    return client_for(user)


@pytest.mark.parametrize(("url_name", "label"), SECTIONS, ids=[name for name, _ in SECTIONS])
def test_each_page_of_the_menu_opens_with_the_menu_and_marks_itself(staff_client, url_name, label):
    url = reverse(url_name)
    page = staff_client.get(url)
    assert page.status_code == 200, url
    html = page.content.decode()
    assert str(label) in html
    marked = CURRENT.search(html)
    assert marked and marked.group(1) == url, f"{url}: the menu marks {marked and marked.group(1)}"


def test_a_player_gets_no_menu_and_no_page(club):
    player = UserFactory()
    Membership.objects.create(user=player, club=club)
    client = client_for(player)
    for url_name, _label in SECTIONS:
        assert client.get(reverse(url_name)).status_code == 403, url_name
    assert "Gestion du club" not in client.get("/club/duels/").content.decode()
