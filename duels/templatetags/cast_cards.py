"""`{% cast_cards casts radio_name prefix %}`: the action form's spell cards.

About 50 cards, each with its bets and targets, were most of the duel page's time. They only change
when the phase (or the duellist's situation) changes, so the HTML is cached under a digest of the
cards' own data, the radio name and prefix, and the language: the key is the content, so it can never
serve stale cards (a different situation gives different data, hence a different key), and every
reader with the same choices shares it. When the form comes back with the player's input (a refused
post), the cards show that input and are rendered without the cache."""
from __future__ import annotations

import hashlib
import json

from django import template
from django.core.cache import cache
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language

register = template.Library()

TEMPLATE = "duels/_cast_cards.html"
TEMPLATE_VERSION = 1  # bump when _cast_cards.html changes
CACHE_SECONDS = 24 * 3600


def cards_key(casts: list[dict], radio_name: str, prefix: str) -> str:
    data = json.dumps(casts, sort_keys=True, default=str, separators=(",", ":"))
    digest = hashlib.sha256(data.encode()).hexdigest()
    return f"cast-cards:{TEMPLATE_VERSION}:{get_language()}:{radio_name}:{prefix}:{digest}"


@register.simple_tag(takes_context=True)
def cast_cards(context, casts, radio_name, prefix):
    posted = context.get("posted") or {}
    if posted:  # the player's own input to show again: not shared, not cached
        return render_to_string(TEMPLATE, {"casts": casts, "radio_name": radio_name, "prefix": prefix,
                                           "posted": posted})
    key = cards_key(casts, radio_name, prefix)
    html = cache.get(key)
    if html is None:
        html = render_to_string(TEMPLATE, {"casts": casts, "radio_name": radio_name, "prefix": prefix, "posted": {}})
        cache.set(key, html, CACHE_SECONDS)
    return mark_safe(html)  # noqa: S308 - our own rendered template
