"""Messages stored as a message id and its params, and the one renderer that turns them into a sentence.

The engine's events and the members' notices store the French sentence's message id (marked with
`gettext_noop` for the catalogue) and its params; they are rendered when shown, in the reader's
language. A param is a plain value (a name, a number, the referee's own words) or a part that is itself
rendered: `phrase(...)` (a translatable piece), `plural(...)` (wording that follows a number),
`moment(...)` (a date, in the reader's format), `joined(...)` (a list).

`render(part)` renders in French with no translation at all: it imports nothing from Django, so the
engine (pure Python) uses it for the French `text` of its events. `say(part)` renders in the active
language with Django's catalogues.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass


def phrase(msgid: str, **params) -> dict:
    """A translatable part of a sentence (a zone, a reason, a phase name, a reward)."""
    return {"msgid": msgid, "params": params}


def plural(singular: str, plural_msgid: str, count: int, **params) -> dict:
    """A part whose wording follows a number (``%(n)d`` in it, unless another param carries it)."""
    return {"msgid": singular, "plural": plural_msgid, "n": count, "params": params}


def moment(value: dt.datetime) -> dict:
    """A date and time, formatted in the reader's language and the site's time zone when shown."""
    return {"datetime": value.isoformat()}


def joined(separator: str, items: list) -> dict:
    return {"join": separator, "items": items}


@dataclass(frozen=True)
class Language:
    """How to translate: a catalogue's gettext and ngettext, and how to write a moment."""
    gettext: Callable[[str], str]
    ngettext: Callable[[str, str, int], str]
    moment: Callable[[str], str]


FRENCH_SOURCE = Language(
    gettext=lambda msgid: msgid,
    ngettext=lambda singular, plural_msgid, n: singular if n in (0, 1) else plural_msgid,  # French: 0 and 1
    moment=lambda iso: iso,
)


def render(part: dict, language: Language = FRENCH_SOURCE) -> str:
    """The sentence of a message part ({"msgid", "params"}, optionally "plural" and "n"). A translation
    that lost a placeholder falls back to the French source, which always reads."""
    msgid, params = part["msgid"], part.get("params") or {}
    values = {key: _value(value, language) for key, value in params.items()}
    if "plural" in part:
        values.setdefault("n", part["n"])
        translated = language.ngettext(msgid, part["plural"], part["n"])
        source = msgid if part["n"] in (0, 1) else part["plural"]
    else:
        translated, source = language.gettext(msgid), msgid
    if not values:
        return translated
    try:
        return translated % values
    except (KeyError, TypeError, ValueError):
        return source % values


def _value(value, language: Language):
    if not isinstance(value, dict):
        return value
    if "msgid" in value:
        return render(value, language)
    if "datetime" in value:
        return language.moment(value["datetime"])
    if "join" in value:
        return value["join"].join(str(_value(item, language)) for item in value["items"])
    return value


def part_text(value, language: Language = FRENCH_SOURCE) -> str:
    """One param (a phrase, a plural, a date, a list, a plain value) as text."""
    return str(_value(value, language))
