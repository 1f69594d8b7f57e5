"""The delivery side of the engine's events: the engine stores a message id and its
params (duels/engine/events.py, no Django there); here they become a sentence in the reader's language.
Events stored before message ids existed keep their French `text`."""
from __future__ import annotations

import re

from django.utils.translation import gettext_noop, ngettext

from common.i18n import say
from duels.pages.teams import team_label

ZONE_AIM = re.compile(r"la zone (\d{1,2})\Z")  # a zone spell's aim, stored as French text by the engine
ZONE_AIM_MSGID = gettext_noop("la zone %(zone)s")


def _with_aims_translatable(params: dict) -> dict:
    """A zone spell's aim is stored as French text ("la zone 7"), here and in nested phrases: made a
    phrase so that it is said in the reader's language."""
    out = {}
    for key, value in params.items():
        if key == "aim" and isinstance(value, str) and (zone := ZONE_AIM.match(value)):
            value = {"msgid": ZONE_AIM_MSGID, "params": {"zone": zone.group(1)}}
        elif isinstance(value, dict) and "msgid" in value:
            value = {**value, "params": _with_aims_translatable(value.get("params") or {})}
        out[key] = value
    return out


def event_text(event: dict, *, spell_names: dict[str, str] | None = None,
               team_names: dict[int, list[str]] | None = None) -> str:
    """The event's sentence for the reader: spells by their name in the reader's language, and the
    winners by name rather than "l'équipe 1"."""
    msgid = event.get("msgid")
    if not msgid:
        return event.get("text", "")
    params = dict(event.get("params") or {})
    if event.get("kind") == "win" and team_names:
        names = team_names.get(params.get("team")) or []
        if names:
            return ngettext("%(names)s remporte le duel.", "%(names)s remportent le duel.", len(names)) % {
                "names": team_label(names)}
    slug = event.get("spell")
    if spell_names and slug in spell_names and "spell" in params:
        params["spell"] = spell_names[slug]
    return say({"msgid": msgid, "params": _with_aims_translatable(params)})
