"""The poll after a change is rendered once per version and viewer: spectators share it, a
duellist gets their own (their deadline, their token), and a new version is never answered from an
older one."""
import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from accounts.models import User
from tests.support.duels import declare, post, started_duel
from tests.support.web import client_for, text

pytestmark = pytest.mark.django_db
POLL = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "live"}


def poll(client, duel, version="stale", **params):
    return client.get(reverse("duels:duel", args=[duel.pk]), {"v": version, **params}, **POLL)


def version_of(page: str) -> str:
    return re.search(r'data-version="([^"]+)"', page).group(1)


def member(name: str) -> Client:
    return client_for(User.objects.create_user(username=name, password="x" * 12))


def test_spectators_share_the_poll_and_each_duellist_gets_their_own():
    duel, _referee, (a, b) = started_duel()
    post(duel, b, [])
    first, second = member("spectateur1"), member("spectateur2")
    seen = text(poll(first, duel))
    assert "À vous de poster" not in seen and "(vous)" not in seen
    with CaptureQueriesContext(connection) as queries:
        again = text(poll(second, duel))
    assert again == seen
    # session, user, duel, the recent phases' outline: the live part itself comes from the cache
    assert len(queries) <= 4, [q["sql"][:80] for q in queries]

    mine = text(poll(client_for(a.duellist.user), duel))
    assert "À vous de poster" in mine and "(vous)" in mine
    theirs = text(poll(client_for(b.duellist.user), duel))
    assert "À vous de poster" not in theirs and "(vous)" in theirs and theirs != mine


def test_a_new_version_is_never_answered_from_the_cache():
    duel, referee, (a, b) = started_duel()
    spectator = member("spectateur")
    before = text(poll(spectator, duel))
    assert "Tour 1" in before
    post(duel, a, [])
    post(duel, b, [])
    declare(duel, referee)
    after = text(poll(spectator, duel))
    assert "Tour 2" in after and version_of(after) != version_of(before)
    assert poll(spectator, duel, version_of(after)).status_code == 204


def test_the_phase_the_form_was_made_for_and_the_last_phase_shown_are_part_of_the_answer():
    duel, referee, (a, b) = started_duel()
    client = client_for(a.duellist.user)
    page = text(client.get(reverse("duels:duel", args=[duel.pk])))
    form_phase = re.search(r'name="form_phase" value="([^"]+)"', page).group(1)
    post(duel, a, [])
    post(duel, b, [])
    declare(duel, referee)
    moved = text(poll(client, duel, version_of(page), form_phase=form_phase))
    assert "Le duel a avancé depuis l'ouverture de la page." in moved
    fresh = text(poll(client, duel, version_of(page)))  # a page opened after the change: nothing to say
    assert "Le duel a avancé" not in fresh


def test_a_spectator_is_never_told_to_refresh_the_page_to_act():
    duel, referee, (a, b) = started_duel()
    for viewer in (Client(), member("spectatrice")):
        page = text(viewer.get(reverse("duels:duel", args=[duel.pk])))
        assert 'id="form-phase"' not in page  # no action form: nothing to go stale
    form_phase = "action:0"  # even a hand-made poll naming an old phase
    post(duel, a, [])
    post(duel, b, [])
    declare(duel, referee)
    moved = text(poll(Client(), duel, form_phase=form_phase))
    assert "Tour 2" in moved and "Le duel a avancé" not in moved
