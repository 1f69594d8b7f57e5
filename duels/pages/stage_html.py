"""The stage's HTML, rendered once per distinct stage.

A stage (zones with their duellists and creatures, `presenters.stage`) is a pure value: the same
zones, block id and language always give the same HTML. The duel page, its poll, the adjudication
page (twice: now and after the draft) and the embed each show one, and its eleven zones of tokens,
meters and translated labels cost about 0.75 ms a render. The HTML is kept in the process's memory
under the stage's own text (its dataclass repr: every field the template reads), so nothing can go
stale; a Redis round trip would cost about what the render saves.
"""
from __future__ import annotations

from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe

from common.cache import cached
from duels.pages.presenters import Zone

TEMPLATE = "duels/duel.html#stage"
CACHE_SECONDS = 3600


def stage_html(zones: list[Zone], stage_id: str = "live", labelled_by: str = "") -> SafeString:
    """`labelled_by`: the id of the page's visible heading that names this stage (the adjudication page
    shows two, each under its own heading); without it the stage carries its own hidden heading."""
    html = cached("stage", (stage_id, labelled_by, repr(zones)),
                  lambda: render_to_string(TEMPLATE, {"stage": zones, "stage_id": stage_id, "labelled_by": labelled_by}),
                  CACHE_SECONDS, shared=False)
    return mark_safe(html)  # noqa: S308 - our own rendered template
