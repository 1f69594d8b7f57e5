"""The stage's HTML, rendered once per distinct stage.

A stage (zones with their duellists and creatures, `presenters.stage`) is a pure value: the same
zones, block id and language always give the same HTML. The duel page, its poll, the adjudication
page (twice: now and after the draft) and the embed each showed one, and its eleven zones of
tokens, meters and translated labels cost about 0.75 ms a render. The HTML is kept per process under
the stage's own text (its dataclass repr: every field the template reads), so nothing can go stale;
the store is bounded (a few hundred stages: the ones in play).
"""
from __future__ import annotations

from collections import OrderedDict

from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from duels.pages.presenters import Zone

TEMPLATE = "duels/duel.html#stage"
KEPT = 512
_RENDERED: OrderedDict[str, str] = OrderedDict()


def stage_html(zones: list[Zone], stage_id: str = "live") -> SafeString:
    key = f"{get_language()}|{stage_id}|{zones!r}"
    html = _RENDERED.get(key)
    if html is None:
        html = render_to_string(TEMPLATE, {"stage": zones, "stage_id": stage_id})
        _RENDERED[key] = html
        if len(_RENDERED) > KEPT:
            _RENDERED.popitem(last=False)
    else:
        _RENDERED.move_to_end(key)
    return mark_safe(html)  # noqa: S308 - our own rendered template
