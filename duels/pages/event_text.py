"""The delivery side of the engine's events (issue 14, item 8): the engine stores a message id and its
params (duels/engine/events.py, no Django there); here they become a sentence in the reader's language.
Events stored before message ids existed keep their French `text`."""
from __future__ import annotations

import re

from django.utils.translation import gettext, ngettext

ZONE_AIM = re.compile(r"la zone (\d{1,2})\Z")  # a zone spell's aim, stored as French text by the engine


def _value(key: str, value):
    if isinstance(value, dict) and "msgid" in value:
        return _say(value["msgid"], value.get("params"))
    if key == "aim" and isinstance(value, str) and (zone := ZONE_AIM.match(value)):
        return gettext("la zone %(zone)s") % {"zone": zone.group(1)}
    return value


def _say(msgid: str, params: dict | None) -> str:
    if not params:
        return gettext(msgid)
    values = {key: _value(key, value) for key, value in params.items()}
    try:
        return gettext(msgid) % values
    except (KeyError, TypeError, ValueError):  # a translation that lost a placeholder: the French still reads
        return msgid % values


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
                "names": " & ".join(names)}
    slug = event.get("spell")
    if spell_names and slug in spell_names and "spell" in params:
        params["spell"] = spell_names[slug]
    return _say(msgid, params)
