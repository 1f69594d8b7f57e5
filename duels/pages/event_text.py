"""The delivery side of the engine's events: the engine stores a message id and its
params (duels/engine/events.py, no Django there); here they become a sentence in the reader's language.
Events stored before message ids existed keep their French `text`."""
from __future__ import annotations

from django.utils.translation import ngettext

from common.i18n import say


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
    return say({"msgid": msgid, "params": params})
