"""The duel thread cached per phase: older phases folded and fetched on demand, a corrected
declaration never served stale, the poll sending only the thread's changes."""
import re

import pytest
from django.urls import reverse

from duels.models import Window
from duels.services.corrections import declaration_correct
from tests.support.duels import RP_TEXT, declare, post, started_duel
from tests.support.web import client_for, text

pytestmark = pytest.mark.django_db


def played(turns: int, comment: str = "", last_post: bool = True):
    """Both duellists pass `turns - 1` turns (each declaration with `comment` and its turn), then b posts."""
    duel, referee, (a, b) = started_duel()
    for turn in range(1, turns):
        post(duel, a, [], text=f"Texte de a au tour {turn}. {RP_TEXT}")
        post(duel, b, [])
        declare(duel, referee, comment=f"{comment} tour {turn}" if comment else "")
    if last_post:
        post(duel, b, [], text=f"Le dernier message de b, tout frais. {RP_TEXT}")
    return duel, referee, a, b


def windows_of(duel):
    return list(Window.objects.filter(duel=duel).order_by("turn", "opened_at", "pk"))


def test_older_phases_are_folded_and_fetched_when_opened():
    duel, _referee, a, _b = played(3)
    first, *_rest, last = windows_of(duel)
    page = text(client_for(a.duellist.user).get(reverse("duels:duel", args=[duel.pk])))
    assert "Le dernier message de b, tout frais." in page  # the open phase: unfolded with its posts
    assert "Texte de a au tour 1." not in page  # turn 1 folded: its posts are not sent
    fragment_url = reverse("duels:turn", args=[duel.pk, first.pk])
    folded = re.search(rf'<details class="window" id="fenetre-{first.pk}"[^>]*>', page).group(0)
    assert f'hx-get="{fragment_url}"' in folded and 'hx-trigger="toggle once"' in folded and " open" not in folded
    assert f'<a href="{fragment_url}">' in page  # readable without JavaScript
    assert re.search(rf'<details class="window" id="fenetre-{last.pk}"[^>]*\bopen\b', page)

    opened = client_for(a.duellist.user).get(fragment_url, HTTP_HX_REQUEST="true")
    body = text(opened)
    assert body.strip().startswith(f'<details class="window" id="fenetre-{first.pk}" open')
    assert "Texte de a au tour 1." in body and "<html" not in body
    assert "Le dernier message de b" not in body  # that phase only

    without_js = text(client_for(a.duellist.user).get(fragment_url))
    assert "<html" in without_js and "Texte de a au tour 1." in without_js


def test_a_phase_of_a_private_duel_needs_a_login_and_an_unknown_phase_is_404(client):
    duel, _referee, a, _b = played(2)
    other, *_ = played(2)
    url = reverse("duels:turn", args=[duel.pk, windows_of(duel)[0].pk])
    assert client.get(url).status_code == 200  # a running duel is public
    duel.status = "setup"  # not started: members only
    duel.save(update_fields=["status"])
    assert client.get(url).status_code == 302
    member = client_for(a.duellist.user)
    assert member.get(reverse("duels:turn", args=[duel.pk, windows_of(other)[0].pk])).status_code == 404


def test_a_corrected_declaration_is_never_shown_stale():
    duel, referee, a, _b = played(2, comment="Premier commentaire", last_post=False)
    client = client_for(a.duellist.user)
    url = reverse("duels:duel", args=[duel.pk])
    assert "Premier commentaire tour 1" in text(client.get(url))  # now cached
    declaration = windows_of(duel)[0].declaration
    declaration.referee_comment = "Commentaire corrigé"
    declaration.save(update_fields=["referee_comment"])  # the service republishes with the stored comment
    declaration_correct(declaration=declaration, by=referee, reason="Relecture du tour un")
    page = text(client.get(url))
    assert "Relecture du tour un" in page and "Déclaration corrigée par l'arbitre" in page
    assert "Commentaire corrigé" in page
    fragment = text(client.get(reverse("duels:turn", args=[duel.pk, declaration.window_id]), HTTP_HX_REQUEST="true"))
    assert "Relecture du tour un" in fragment


def test_the_cached_phase_follows_the_readers_language():
    duel, _referee, a, _b = played(2)
    client = client_for(a.duellist.user)
    url = reverse("duels:duel", args=[duel.pk])
    assert "Tour 1 — phase d&#x27;action" in text(client.get(url))  # the French phase, now cached
    client.cookies["django_language"] = "en"
    english = text(client.get(url))
    assert "Tour 1 — phase d&#x27;action" not in english
    assert "action phase" in english


def poll(client, duel, version, shown_last):
    return client.get(reverse("duels:duel", args=[duel.pk]), {"v": version, "w": shown_last},
                      HTTP_HX_REQUEST="true", HTTP_HX_TARGET="live")


def test_the_poll_sends_the_changed_phase_only_never_the_whole_thread():
    duel, referee, a, b = played(3)
    client = client_for(a.duellist.user)
    page = text(client.get(reverse("duels:duel", args=[duel.pk])))
    version = re.search(r'data-version="([^"]+)"', page).group(1)
    last = windows_of(duel)[-1]
    assert poll(client, duel, version, last.pk).status_code == 204  # nothing new

    post(duel, a, [], text=f"La réponse de a arrive pendant que b lit. {RP_TEXT}")
    body = text(poll(client, duel, version, last.pk))
    assert '<div id="live"' in body
    assert f'<details hx-swap-oob="true" class="window" id="fenetre-{last.pk}"' in body
    assert "La réponse de a arrive" in body
    # The open phase and the latest declaration's phase (turn 2: a correction may change it), no older one.
    assert "Texte de a au tour 1." not in body
    assert 'id="thread-list"' not in body

    declare(duel, referee)  # a new phase opens: appended out of band, the declared one replaced
    body = text(poll(client, duel, version, last.pk))
    new = windows_of(duel)[-1]
    assert new.pk != last.pk
    assert '<div hx-swap-oob="beforeend:#thread-list">' in body and f'id="fenetre-{new.pk}"' in body
    assert f'<details hx-swap-oob="true" class="window" id="fenetre-{last.pk}"' in body
    assert "Texte de a au tour 1." not in body


def thread_ids(page: str) -> list[int]:
    return [int(pk) for pk in re.findall(r'<details[^>]* class="window" id="fenetre-(\d+)"', page)]


def test_a_long_thread_shows_every_phase_once_in_order_as_turns_settle():
    duel, referee, a, b = played(6)
    client = client_for(a.duellist.user)
    url = reverse("duels:duel", args=[duel.pk])
    expected = [w.pk for w in windows_of(duel)]
    assert thread_ids(text(client.get(url))) == expected  # read from the database
    assert thread_ids(text(client.get(url))) == expected  # the settled turns from the cache
    post(duel, a, [])
    declare(duel, referee)  # turn 5 settles, turn 7 opens
    page = text(client.get(url))
    assert thread_ids(page) == [w.pk for w in windows_of(duel)] and len(thread_ids(page)) == len(expected) + 1
    assert "Le dernier message de b, tout frais." in page  # turn 6, the latest declaration, unfolded


def test_a_page_more_than_a_turn_behind_reloads_instead_of_missing_phases():
    duel, _referee, a, _b = played(5)
    client = client_for(a.duellist.user)
    first = windows_of(duel)[0]
    response = poll(client, duel, "stale", first.pk)
    assert response.status_code == 204 and response["HX-Refresh"] == "true"
    recent = poll(client, duel, "stale", windows_of(duel)[-1].pk)
    assert recent.status_code == 200 and "HX-Refresh" not in recent


def test_the_version_is_the_same_read_from_the_outline_or_counted_in_the_database():
    """The page computes its version from the outline it reads; the embed counts it in one statement:
    both must change together (a post, a declaration, a new phase) and agree."""
    from duels import selectors
    from duels.views.duel import recent_windows

    duel, referee, a, b = played(4, last_post=False)
    seen = set()
    for step in (lambda: None, lambda: post(duel, a, []), lambda: post(duel, b, []),
                 lambda: declare(duel, referee)):
        step()
        duel.refresh_from_db()
        version = selectors.duel_version(duel)
        assert version == selectors.duel_version(duel, recent_windows(duel))
        assert version not in seen
        seen.add(version)
