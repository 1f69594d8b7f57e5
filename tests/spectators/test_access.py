"""What a visitor who is not logged in sees of a duel, and what they never see."""
import re

import pytest
from django.urls import reverse
from django.utils.formats import date_format
from django.utils.timezone import localtime

from duels.models import DuelStatus, Post
from duels.services import declaration_prepare, duel_cancel, forfeit
from tests.support.duels import RP_TEXT, declare, matched_duel, post, started_duel
from tests.support.permissions import staff_referee
from tests.support.web import client_for

pytestmark = pytest.mark.django_db

POLL = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "live"}


def body(response) -> str:
    return response.content.decode()


def test_a_visitor_follows_a_running_duel_read_only(client):
    duel, referee, (a, b) = started_duel()
    post(duel, a, [{"move": 5}])
    post(duel, b, [])
    published = declare(duel, referee, comment="Joli déplacement de joueur.")

    response = client.get(reverse("duels:duel", args=[duel.pk]))
    page = body(response)
    assert response.status_code == 200
    assert RP_TEXT[:40] in page  # posts as posted
    assert f'id="declaration-{published.pk}"' in page and "Joli déplacement de joueur." in page
    assert 'data-duellist="' + a.duellist.forum_name + '"' in page  # the stage
    assert "Vous suivez ce duel en spectateur." in page
    assert 'name="rp_text"' not in page and 'action="/duels/' not in page  # no form at all
    assert duel.seed not in page  # the seed stays secret while the duel runs
    assert f"/duels/{duel.pk}/embed/" in page and f"/duels/{duel.pk}/stage.png" in page  # the forum snippets


def test_a_draft_declaration_is_never_shown_to_anyone_but_the_referee(client):
    duel, referee, (a, b) = started_duel()
    post(duel, a, [])
    post(duel, b, [])
    draft = declaration_prepare(duel=duel, by=referee)
    duel.refresh_from_db()

    for url, headers in ((reverse("duels:duel", args=[duel.pk]), {}), (reverse("duels:duel", args=[duel.pk]), POLL),
                         (reverse("duels:embed", args=[duel.pk]), {})):
        page = body(client.get(url, **headers))
        assert f'id="declaration-{draft.pk}"' not in page and "Déclaration de l'arbitre" not in page
        assert duel.seed not in page
    # its picture does not exist either: turn 1 is not declared
    assert client.get(reverse("duels:turn_stage_png", args=[duel.pk, 1])).status_code == 404


def test_htmx_fragments_work_for_a_visitor(client):
    duel, _referee, (a, b) = started_duel()
    url = reverse("duels:duel", args=[duel.pk])
    version = re.search(r'data-version="([^"]+)"', body(client.get(url))).group(1)
    assert client.get(url, {"v": version}, **POLL).status_code == 204  # nothing new

    post(duel, b, [])
    fragment = body(client.get(url, {"v": version}, **POLL))
    assert fragment.lstrip().startswith('<div id="live"') and "<html" not in fragment
    assert RP_TEXT[:40] in fragment and duel.seed not in fragment


def test_the_seed_is_shown_once_the_duel_is_over(client):
    duel, _referee, (a, _b) = started_duel()
    forfeit(duel=duel, by=a.duellist.user)
    duel.refresh_from_db()
    assert duel.status == DuelStatus.FINISHED
    page = body(client.get(reverse("duels:duel", args=[duel.pk])))
    assert duel.seed in page and 'data-status="finished"' in page


@pytest.mark.parametrize("state", ["matched", "cancelled"])
def test_duels_not_started_or_cancelled_stay_for_members(client, state):
    duel = matched_duel()
    if state == "cancelled":

        duel_cancel(duel=duel, by=staff_referee(), reason="Duellistes indisponibles.")
    for name in ("duels:duel",):
        response = client.get(reverse(name, args=[duel.pk]))
        assert response.status_code == 302 and "/connexion/" in response["Location"]
    for name in ("duels:embed", "duels:stage_png"):
        assert client.get(reverse(name, args=[duel.pk])).status_code == 404


def test_a_visitor_cannot_act(client):
    duel, _referee, _ = started_duel()
    for name in ("duels:post", "duels:types", "duels:forfeit", "duels:exemption", "duels:adjudicate"):
        response = client.post(reverse(name, args=[duel.pk]), {"rp_text": RP_TEXT})
        assert response.status_code == 302 and "/connexion/" in response["Location"], name
    assert not Post.objects.filter(participant__duel=duel).exists()


def test_a_duellist_keeps_their_form(client):
    duel, _referee, (a, _b) = started_duel()
    page = body(client_for(a.duellist.user).get(reverse("duels:duel", args=[duel.pk])))
    assert 'name="rp_text"' in page and "Vous suivez ce duel en spectateur." not in page


def test_running_duels_list_is_public(client):
    running, _referee, (a, b) = started_duel()
    post(running, a, [])
    waiting = matched_duel()
    over, _r, (c, _d) = started_duel()
    forfeit(duel=over, by=c.duellist.user)

    response = client.get(reverse("duels:running"))
    page = body(response)
    assert response.status_code == 200 and "Duels en cours" in page
    assert f'data-duel="{running.pk}"' in page
    assert f'data-duel="{waiting.pk}"' not in page and f'data-duel="{over.pk}"' not in page
    row = page[page.index(f'data-duel="{running.pk}"'):]
    row = row[:row.index("</tr>")]
    slot = running.windows.get(state="open").slots.get(participant=b)
    assert b.duellist.forum_name in row and date_format(localtime(slot.deadline), "DATE_FORMAT") in row
    assert "phase d&#x27;action" in row or "phase d'action" in row


def test_running_list_queries_do_not_grow(client, django_assert_max_num_queries):
    for _ in range(2):
        started_duel()
    with django_assert_max_num_queries(6) as few:
        client.get(reverse("duels:running"))
    for _ in range(4):
        started_duel()
    with django_assert_max_num_queries(len(few.captured_queries)):
        client.get(reverse("duels:running"))


def test_a_referee_note_never_reaches_a_visitor(client):
    from duels.services import fault_record

    duel, referee, (a, b) = started_duel()
    fault_record(duel=duel, participant=a, by=referee, note="Note de l'arbitre : à surveiller de près.")
    url = reverse("duels:duel", args=[duel.pk])
    for target, headers in ((url, {}), (url, POLL), (reverse("duels:embed", args=[duel.pk]), {})):
        assert "à surveiller de près" not in body(client.get(target, **headers))
    assert client.get(reverse("duels:adjudicate", args=[duel.pk])).status_code == 302
