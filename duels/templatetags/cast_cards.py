"""`{% cast_cards casts radio_name prefix %}`: the action form's spell cards.

About 50 cards, each with its bets and targets. They are part of the action choices' HTML, which is
cached as a whole per phase and duellist (duels/pages/action_form.py), so they are not cached on
their own. When the form comes back with the player's input (a refused post), the cards show it."""
from __future__ import annotations

from django import template
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe

register = template.Library()

TEMPLATE = "duels/_cast_cards.html"


@register.simple_tag(takes_context=True)
def cast_cards(context, casts, radio_name, prefix):
    posted = context.get("posted") or {}
    html = render_to_string(TEMPLATE, {"casts": casts, "radio_name": radio_name, "prefix": prefix, "posted": posted})
    return mark_safe(html)  # noqa: S308 - our own rendered template
