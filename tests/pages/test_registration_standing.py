"""The home page, the dashboard and the registration form say the same thing; only
allowed years are offered; no "None" year; withdrawing asks to confirm first."""
import pytest
from django.urls import reverse

from duels.models import Registration, RegistrationStatus
from duels.services import forfeit, registration_create
from tests.factories.accounts import DuellistFactory
from tests.support.duels import started_duel
from tests.support.web import client_for, text

pytestmark = pytest.mark.django_db
PAGES = ("home", "duels:dashboard", "duels:register")


def pages_of(user) -> dict[str, str]:
    client = client_for(user)
    return {name: text(client.get(reverse(name))) for name in PAGES}


def test_a_wand_rest_is_told_the_same_way_everywhere_and_no_form_is_offered():
    duel, _referee, (a, b) = started_duel()
    forfeit(duel=duel, by=b.duellist.user)
    for name, page in pages_of(a.duellist.user).items():
        assert "Votre baguette se repose" in page, name
    assert 'name="kind"' not in pages_of(a.duellist.user)["duels:register"]


def test_a_running_duel_is_told_the_same_way_everywhere():
    _duel, _referee, (a, _b) = started_duel()
    for name, page in pages_of(a.duellist.user).items():
        assert "Vous avez un duel en cours" in page, name
        assert "vous pouvez vous inscrire" not in page, name


def test_an_ineligible_member_gets_the_reasons_not_the_form():
    newcomer = DuellistFactory(forum_post_count=10)
    for name, page in pages_of(newcomer.user).items():
        assert "il vous en manque 40" in page, name
    assert 'name="kind"' not in pages_of(newcomer.user)["duels:register"]


def test_the_form_offers_only_allowed_years_and_never_a_none_year():
    duellist = DuellistFactory(homework_year=3, rp_year=None)
    page = pages_of(duellist.user)["duels:register"]
    assert 'value="3"' in page and 'value="4"' not in page
    assert "None" not in page and "Pas de personnage dans la chronologie RP" in page


def test_withdrawing_asks_to_confirm_first():
    duellist = DuellistFactory()
    registration = registration_create(duellist=duellist, kind="non_rp", format="1v1", year=3)
    client = client_for(duellist.user)
    dashboard = text(client.get(reverse("duels:dashboard")))
    confirm_url = reverse("duels:withdraw", args=[registration.pk])
    assert f'href="{confirm_url}"' in dashboard  # a link to the confirmation, not a one-click POST
    response = client.get(confirm_url)
    assert response.status_code == 200 and "Oui, retirer mon inscription" in text(response)
    assert Registration.objects.get().status == RegistrationStatus.WAITING  # nothing happened on GET
    client.post(confirm_url)
    assert Registration.objects.get().status == RegistrationStatus.WITHDRAWN


def test_magic_types_show_their_label_not_their_slug():
    from duels.services import magic_types_choose, referee_assign
    from tests.factories.duels import RefereeFactory
    from tests.support.duels import matched_duel

    duel = matched_duel()
    referee = RefereeFactory()
    referee_assign(duel=duel, referee=referee, by=referee)
    me = duel.participants.select_related("duellist__user").first()
    magic_types_choose(participant=me, types=["malefices"], by=me.duellist.user)
    for user, url in ((me.duellist.user, reverse("duels:duel", args=[duel.pk])),
                      (referee, reverse("duels:adjudicate", args=[duel.pk]))):
        page = text(client_for(user).get(url))
        assert "Malefices" in page and "malefices," not in page and ": malefices" not in page, url
