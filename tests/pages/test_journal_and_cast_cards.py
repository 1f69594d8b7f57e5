"""The duel page flat in the duel's length: the action form's spell cards are rendered once per
situation and language (inside the action choices, cached under their own data), and the "Journal de
l'arbitrage" shows its latest entries with a link to the whole journal."""
import re

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from audit.services import audit_record
from common.cache import cache_key
from duels.pages.action_form import choices_parts
from duels.templatetags.audit_journal import LATEST
from tests.factories.duels import UserFactory
from tests.support.duels import started_duel
from tests.support.web import client_for

pytestmark = pytest.mark.django_db


def cast_list(html: str) -> str:
    start = html.index('<div class="cast-list">')
    return html[start:html.index('class="rp-box"', start)]


def test_the_spell_cards_are_the_same_served_again_and_in_the_readers_language():
    duel, _referee, (a, _b) = started_duel()
    cache.clear()
    client = client_for(a.duellist.user)
    url = reverse("duels:duel", args=[duel.pk])
    first = cast_list(client.get(url).content.decode())
    again = cast_list(client.get(url).content.decode())
    assert first == again and first.count('class="cast-card') > 5
    assert 'data-spell="' in again and 'data-range="' in again and "data-reach-select" in again  # duel.js reads them
    assert "<legend>Pari</legend>" in first
    client.cookies["django_language"] = "en"
    english = cast_list(client.get(url).content.decode())
    assert "<legend>Bet</legend>" in english and "<legend>Pari</legend>" not in english


def test_the_cards_cache_key_is_their_content():
    """The cards are cached inside the action choices: their key is the duel's state, the phase, who
    asks and the names shown."""
    duel, _referee, (a, b) = started_duel()
    participants = list(duel.participants.select_related("duellist").order_by("team", "pk"))
    window = duel.windows.order_by("-pk").first()

    def key() -> str:
        return cache_key("action-choices", choices_parts(duel, window, a, participants))

    same = key()
    assert key() == same
    duel.state = {**duel.state, "turn": duel.state.get("turn", 1) + 1}  # PF spent, a move: another state
    assert key() != same
    assert cache_key("action-choices", choices_parts(duel, window, b, participants)) != same


def test_a_refused_post_shows_the_players_choice_not_the_shared_cards():
    duel, _referee, (a, b) = started_duel()
    cache.clear()
    client = client_for(a.duellist.user)
    url = reverse("duels:duel", args=[duel.pk])
    client.get(url)  # the shared cards, cached
    page = client.post(reverse("duels:post", args=[duel.pk]), {"cast": "bolt__0__0", "rp_text": "trop court"})
    html = page.content.decode()
    assert page.status_code == 422 and "Message refusé" in html
    assert re.search(r'name="cast" value="bolt__0__0" checked', html)
    assert not re.search(r'name="cast" value="bolt__0__0" checked', cast_list(client.get(url).content.decode()))


@pytest.fixture
def long_journal():
    duel, referee, (a, b) = started_duel()
    for n in range(LATEST + 5):
        audit_record(actor=referee.user if hasattr(referee, "user") else referee, action="deadline.extended",
                     duel=duel, reason=f"Motif numéro {n:02d}")
    return duel, referee, a, b


def test_the_duel_page_shows_the_latest_journal_entries_and_links_to_the_whole_journal(long_journal):
    duel, _referee, a, _b = long_journal
    client = client_for(a.duellist.user)
    page = client.get(reverse("duels:duel", args=[duel.pk])).content.decode()
    journal = page[page.index('id="journal"'):]
    assert journal.count("<li data-action=") == LATEST
    assert f"Motif numéro {LATEST + 4:02d}" in journal and "Motif numéro 00" not in journal  # the newest
    whole_url = reverse("duels:journal", args=[duel.pk])
    assert f'href="{whole_url}"' in journal
    whole = client.get(whole_url).content.decode()
    assert "Motif numéro 00" in whole and f"Motif numéro {LATEST + 4:02d}" in whole
    assert whole.index("Motif numéro 00") < whole.index("Motif numéro 01")  # oldest first, as on the page


def test_the_whole_journal_is_for_the_people_of_the_duel_only(long_journal):
    duel, referee, a, _b = long_journal
    url = reverse("duels:journal", args=[duel.pk])
    assert Client().get(url).status_code == 302  # to the login page
    assert client_for(UserFactory()).get(url).status_code == 403
    assert client_for(a.duellist.user).get(url).status_code == 200
    referee_user = referee.user if hasattr(referee, "user") else referee
    assert client_for(referee_user).get(url).status_code == 200


def test_a_short_journal_has_no_link():
    duel, _referee, (a, _b) = started_duel()
    page = client_for(a.duellist.user).get(reverse("duels:duel", args=[duel.pk])).content.decode()
    assert reverse("duels:journal", args=[duel.pk]) not in page
