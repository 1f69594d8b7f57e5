"""The duel thread as cached HTML, one fragment per phase.

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

from common.cache import cached, cached_many
from duels import selectors
from duels.models import Duel, Participant, Window
from duels.pages import presenters
from duels.pages.identity import duel_identity

TEMPLATE = "duels/_turn.html"  # the phase's <details>, around its cached content
BODY_TEMPLATE = "duels/_turn_body.html"
CACHE_SECONDS = 7 * 24 * 3600


def unfolded_ids(windows: list[Window]) -> set[int]:
    """The phase now open (the last) and the latest declaration stay unfolded, as in presenters.thread."""
    if not windows:
        return set()
    ids = {windows[-1].pk}
    latest = next((w for w in reversed(windows) if w.published_declaration is not None), None)
    if latest is not None:
        ids.add(latest.pk)
    return ids


def _following_due(windows: list[Window]) -> dict[int, object]:
    return {w.pk: (windows[i + 1].due_at if i + 1 < len(windows) else None) for i, w in enumerate(windows)}


def fragment_parts(duel: Duel, window: Window, *, unfolded: bool, following_due, names: str) -> tuple:
    """What a phase's HTML depends on (the language and the release are in every key)."""
    declaration = window.published_declaration
    due = int(following_due.timestamp()) if following_due else 0
    return (
        *duel_identity(duel), window.pk, "open" if unfolded else "folded", window.post_count,
        window.last_post_id or 0, len(window.voided_posts), declaration.pk if declaration else 0,
        declaration.revision if declaration else 0, due, duel.referee_id or 0, names,
    )


def names_digest(participants: list[Participant]) -> str:
    """The duellists' names are in the posts and declarations, forfeits in their phase: a renamed
    duellist or a forfeit means new HTML."""
    text = "|".join(f"{p.engine_id}={p.duellist.forum_name}:{p.forfeit_window_id or ''}" for p in participants)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def fragments(duel: Duel, windows: list[Window], participants: list[Participant], *,
              wanted: list[Window], unfolded: set[int], oob: dict[int, str] | None = None) -> dict[int, str]:
    """HTML of the `wanted` phases (windows from selectors.duel_windows_outline), by window pk: one
    cache read for all of their contents, the ones not cached built from one query and stored, each
    then put in its `<details>` (duels/_turn.html). `oob`: the phases the poll sends as out-of-band
    swaps, with how (`hx-swap-oob`)."""
    oob = oob or {}
    following = _following_due(windows)
    names = names_digest(participants)
    by_pk = {w.pk: w for w in wanted}
    parts = {w.pk: fragment_parts(duel, w, unfolded=w.pk in unfolded, following_due=following[w.pk], names=names)
             for w in wanted}

    def build(missing: list[int]) -> dict[int, str]:
        body = {pk: render_to_string(BODY_TEMPLATE, {"w": folded_view(duel, by_pk[pk])})
                for pk in missing if pk not in unfolded}  # a folded phase: its title and a link, nothing read
        full = [pk for pk in missing if pk in unfolded]
        if full:
            loaded = list(selectors.duel_timeline(duel).filter(pk__in=full))
            for view in presenters.thread(duel, loaded, participants, following_due=following):
                body[view.id] = render_to_string(BODY_TEMPLATE, {"w": view})
        return body

    bodies = cached_many("thread", parts, build, CACHE_SECONDS)
    return {w.pk: _details(duel, w, bodies[w.pk], unfolded=w.pk in unfolded, oob=oob.get(w.pk, "")) for w in wanted}


def _details(duel: Duel, window: Window, body: str, *, unfolded: bool, oob: str = "") -> str:
    """A phase's `<details>` around its content: open, or folded with the address of its content."""
    w = {"id": window.pk, "open": unfolded, "folded": not unfolded,
         "url": "" if unfolded else reverse("duels:turn", args=[duel.pk, window.pk])}
    return render_to_string(TEMPLATE, {"w": w, "body": mark_safe(body), "oob": oob})  # noqa: S308 - our templates


def folded_view(duel: Duel, window: Window) -> dict:
    url = reverse("duels:turn", args=[duel.pk, window.pk])
    return {
        "id": window.pk, "turn": window.turn, "open": False, "folded": True, "url": url,
        "phase_label": presenters.phase_label(window.phase), "post_count": window.post_count,
        "has_declaration": window.published_declaration is not None,
    }


def recent_outline_and_settled_html(duel: Duel, participants: list[Participant]) -> tuple[list[Window], str]:
    """The outline of the last two turns' phases, and the folded phases of the turns before them as
    one cached HTML block: one outline query whatever the cache holds (on a miss, the whole outline is
    read once and split). A settled phase's key needs nothing the recent outline holds: the phase
    after the last settled one (its deadline ends the last settled declaration) is closed for good."""
    settled = selectors.settled_turn(duel)
    if settled <= 1:
        return list(selectors.duel_windows_outline(duel)), ""
    everything: list[Window] = []

    def build() -> str:  # folded phases: their titles and links, rendered here (no cache inside this one)
        everything.extend(selectors.duel_windows_outline(duel))
        older = [w for w in everything if w.turn < settled]
        return "".join(_details(duel, w, render_to_string(BODY_TEMPLATE, {"w": folded_view(duel, w)}), unfolded=False)
                       for w in older)

    parts = (*duel_identity(duel), settled, names_digest(participants), duel.referee_id or 0)
    html = cached("thread-settled", parts, build, CACHE_SECONDS)
    if not everything:  # served from the cache: only the recent phases are read
        return list(selectors.duel_windows_outline(duel, from_turn=settled)), html
    return [w for w in everything if w.turn >= settled], html


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


def poll_updates(duel: Duel, windows: list[Window], participants: list[Participant], shown_last: int) -> dict:
    """What the poll adds to the thread, as out-of-band swaps: the phases after the last one the page
    shows (appended), and that phase and the latest declaration's phase again (they may have gained a
    post, a declaration or a correction). Never the whole thread. {"replaced", "added"}: HTML that the
    live partial of duels/duel.html sends out of band."""
    latest = next((w for w in reversed(windows) if w.published_declaration is not None), None)
    replaced = [w for w in windows if w.pk <= shown_last and (w.pk == shown_last or w is latest)]
    added = [w for w in windows if w.pk > shown_last] if shown_last else []
    if not shown_last:  # an old page that does not say what it shows: replace the latest phases
        replaced = [w for w in windows if w.pk in unfolded_ids(windows)]
    wanted = replaced + [w for w in added if w not in replaced]
    parts = fragments(duel, windows, participants, wanted=wanted, unfolded={w.pk for w in wanted},
                      oob={w.pk: "true" for w in replaced})
    return {"replaced": mark_safe("".join(parts[w.pk] for w in replaced)),  # noqa: S308 - our own templates
            "added": mark_safe("".join(parts[w.pk] for w in added))}  # noqa: S308

