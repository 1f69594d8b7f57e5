"""The control panel's menu (clubs.panel_menu), with the page being shown marked."""
from django import template
from django.urls import reverse

from clubs.panel_menu import SECTIONS

register = template.Library()


@register.inclusion_tag("clubs/panel_menu.html", takes_context=True)
def panel_menu(context) -> dict:
    path = context["request"].path
    entries = [{"url": reverse(name), "label": label} for name, label in SECTIONS]
    current = max((e for e in entries if path.startswith(e["url"])), key=lambda e: len(e["url"]), default=None)
    for entry in entries:
        entry["current"] = entry is current
    return {"entries": entries}
