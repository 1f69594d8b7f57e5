"""The duel thread as cached HTML, one fragment per phase (issue 16).

Published posts and declarations never change, so each phase's `<details>` is rendered once and then
read from the cache. The key holds everything the HTML depends on: the phase, the reader's language,
whether it is unfolded, its number of posts, its declaration (id, correction number: a corrected
declaration gets a new key, never stale HTML), the next phase's deadline (the declaration's "next step"
names it) and the referee (named in the declaration). The viewer is not in the key: a phase's HTML is
the same for every reader (players, referees, visitors see the same published thread).

The page shows the latest phases unfolded and the older ones folded: their content is fetched when
opened (HTMX on the `<details>` toggle; without JavaScript, a link to the phase's own page)."""
from __future__ import annotations

import hashlib

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

from duels import selectors
from duels.models import DeclarationStatus, Duel, Participant, Window
from duels.pages import html_cache, presenters

TEMPLATE_VERSION = 2  # bump when _turn.html or the thread partials change
CACHE_SECONDS = 7 * 24 * 3600


def published_declaration(window: Window):
    if not presenters._has_declaration(window):
        return None
    declaration = window.declaration
    return declaration if declaration.status == DeclarationStatus.PUBLISHED else None


def unfolded_ids(windows: list[Window]) -> set[int]:
    """The phase now open (the last) and the latest declaration stay unfolded, as in presenters.thread."""
    if not windows:
        return set()
    ids = {windows[-1].pk}
    latest = next((w for w in reversed(windows) if published_declaration(w) is not None), None)
    if latest is not None:
        ids.add(latest.pk)
    return ids


def _following_due(windows: list[Window]) -> dict[int, object]:
    return {w.pk: (windows[i + 1].due_at if i + 1 < len(windows) else None) for i, w in enumerate(windows)}


def fragment_key(duel: Duel, window: Window, *, unfolded: bool, following_due, language: str, names: str) -> str:
    declaration = published_declaration(window)
    due = int(following_due.timestamp()) if following_due else 0
    return ":".join(str(part) for part in (
        "thread", TEMPLATE_VERSION, duel.pk, int(duel.created_at.timestamp() * 1e6), window.pk, language,
        "open" if unfolded else "folded", window.post_count, window.last_post_id or 0,
        declaration.pk if declaration else 0, declaration.revision if declaration else 0, due,
        duel.referee_id or 0, names,
    ))


def names_digest(participants: list[Participant]) -> str:
    """The duellists' names are in the posts and declarations, forfeits in their phase: a renamed
    duellist or a forfeit means new HTML."""
    text = "|".join(f"{p.engine_id}={p.duellist.forum_name}:{p.forfeit_window_id or ''}" for p in participants)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def fragments(duel: Duel, windows: list[Window], participants: list[Participant], *,
              wanted: list[Window], unfolded: set[int]) -> dict[int, str]:
    """HTML of the `wanted` phases (windows from selectors.duel_windows_outline), by window pk: one
    cache read for all of them, and the phases not cached built from one query and stored."""
    language = get_language() or "fr"
    following = _following_due(windows)
    names = names_digest(participants)
    keys = {w.pk: fragment_key(duel, w, unfolded=w.pk in unfolded, following_due=following[w.pk],
                               language=language, names=names) for w in wanted}
    found = html_cache.get_many(list(keys.values()), CACHE_SECONDS)
    html = {pk: found[key] for pk, key in keys.items() if key in found}
    missing = [w for w in wanted if w.pk not in html]
    folded = [w for w in missing if w.pk not in unfolded]
    for w in folded:  # a folded phase shows its title and a link: no posts or declaration read
        html[w.pk] = render_to_string("duels/_turn.html", {"w": folded_view(duel, w)})
    full = [w for w in missing if w.pk in unfolded]
    if full:
        loaded = list(selectors.duel_timeline(duel).filter(pk__in=[w.pk for w in full]))
        for view in presenters.thread(duel, loaded, participants, following_due=following):
            view.open = True
            html[view.id] = render_to_string("duels/_turn.html", {"w": view})
    html_cache.set_many({keys[w.pk]: html[w.pk] for w in missing}, CACHE_SECONDS)
    return {pk: mark_safe(text) for pk, text in html.items()}  # noqa: S308 - our own rendered templates


def folded_view(duel: Duel, window: Window) -> dict:
    url = reverse("duels:turn", args=[duel.pk, window.pk])
    return {
        "id": window.pk, "turn": window.turn, "open": False, "folded": True, "url": url,
        "phase_label": presenters.phase_label(window.phase), "post_count": window.post_count,
        "has_declaration": published_declaration(window) is not None,
    }


def recent_outline_and_settled_html(duel: Duel, participants: list[Participant]) -> tuple[list[Window], str]:
    """The outline of the last two turns' phases, and the folded phases of the turns before them as
    one cached HTML block: one outline query whatever the cache holds (on a miss, the whole outline is
    read once and split). A settled phase's key needs nothing the recent outline holds: the phase
    after the last settled one (its deadline ends the last settled declaration) is closed for good."""
    settled = selectors.settled_turn(duel)
    if settled <= 1:
        return list(selectors.duel_windows_outline(duel)), ""
    key = ":".join(str(part) for part in (
        "thread-settled", TEMPLATE_VERSION, duel.pk, int(duel.created_at.timestamp() * 1e6), settled,
        get_language() or "fr", names_digest(participants), duel.referee_id or 0,
    ))
    html = html_cache.get(key, CACHE_SECONDS)
    if html is not None:
        return list(selectors.duel_windows_outline(duel, from_turn=settled)), html
    everything = list(selectors.duel_windows_outline(duel))
    older = [w for w in everything if w.turn < settled]
    parts = fragments(duel, everything, participants, wanted=older, unfolded=set())
    html = "".join(parts[w.pk] for w in older)
    html_cache.set(key, html, CACHE_SECONDS)
    return everything[len(older):], html


def thread_html(duel: Duel, recent: list[Window], participants: list[Participant], settled_html: str) -> str:
    """The whole thread for the page: the settled turns folded (`settled_html`), then the last two
    turns' phases (`recent`), older ones folded and the latest unfolded."""
    unfolded = unfolded_ids(recent)
    parts = fragments(duel, recent, participants, wanted=recent, unfolded=unfolded)
    return mark_safe(settled_html + "".join(parts[w.pk] for w in recent))  # noqa: S308


def behind(recent: list[Window], shown_last: int) -> bool:
    """A page showing a phase older than the last two turns (it stopped polling, e.g. asleep): the poll
    cannot bring it up to date with the recent phases alone; it reloads."""
    return bool(shown_last and recent and shown_last < recent[0].pk)


def poll_updates(duel: Duel, windows: list[Window], participants: list[Participant], shown_last: int) -> str:
    """What the poll adds to the thread, as out-of-band swaps: the phases after the last one the page
    shows (appended), and that phase and the latest declaration's phase again (they may have gained a
    post, a declaration or a correction). Never the whole thread."""
    latest = next((w for w in reversed(windows) if published_declaration(w) is not None), None)
    replaced = [w for w in windows if w.pk <= shown_last and (w.pk == shown_last or w is latest)]
    added = [w for w in windows if w.pk > shown_last] if shown_last else []
    if not shown_last:  # an old page that does not say what it shows: replace the latest phases
        replaced = [w for w in windows if w.pk in unfolded_ids(windows)]
    wanted = replaced + [w for w in added if w not in replaced]
    parts = fragments(duel, windows, participants, wanted=wanted, unfolded={w.pk for w in wanted})
    out = [oob(parts[w.pk], "true") for w in replaced]
    if added:
        out.append(f'<div hx-swap-oob="beforeend:#thread-list">{"".join(parts[w.pk] for w in added)}</div>')
    return mark_safe("".join(out))  # noqa: S308


def oob(fragment: str, how: str) -> str:
    """The fragment's root `<details id=…>` marked as an out-of-band swap (replaces the one with its id)."""
    return fragment.replace("<details ", f'<details hx-swap-oob="{how}" ', 1)
