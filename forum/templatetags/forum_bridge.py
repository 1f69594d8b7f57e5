"""The bridge's pieces in the duel pages: `{% forum_duel_panel duel %}` (duel page) and
`{% forum_referee_panel duel %}` (adjudication page). Nothing is shown while the club has no forum address."""
from __future__ import annotations

from django import template

from duels.permissions import is_duel_referee
from forum import selectors

register = template.Library()

WHAT = {"start": "depart", "post": "message", "declaration": "declaration"}


def _panel(context, duel) -> dict:
    request = context.get("request")
    user = getattr(request, "user", None)
    if not selectors.is_enabled() or user is None:
        return {"enabled": False}
    referee = user.is_authenticated and is_duel_referee(duel, user)
    topic = selectors.topic_of(duel)
    rows = []
    if topic is not None:
        items = selectors.duel_items(duel)
        for item in items:
            allowed = selectors.may_publish(item, user, duel)
            earlier = selectors.first_missing_before(items, item) if item.publication is None else None
            rows.append({"item": item, "what": WHAT[item.kind], "may_publish": allowed and earlier is None,
                         "waits_for": earlier.label if allowed and earlier is not None else ""})
    return {"enabled": True, "duel": duel, "topic": topic, "rows": rows, "is_referee": referee,
            "request": request, "csrf_token": context.get("csrf_token")}


@register.inclusion_tag("forum/_duel_panel.html", takes_context=True)
def forum_duel_panel(context, duel):
    return _panel(context, duel)


@register.inclusion_tag("forum/_referee_panel.html", takes_context=True)
def forum_referee_panel(context, duel):
    panel = _panel(context, duel)
    if panel["enabled"]:
        panel["missing"] = [row for row in panel["rows"] if row["item"].publication is None]
        panel["unfinished"] = [selectors.batch_summary(b) for b in selectors.unfinished_batches(duel=duel)]
    return panel
