"""BBCode tags found in one left-to-right pass, in time linear in the text's length (or n log n).

A regular expression such as ``\\[url=([^\\]]*)\\]`` or ``\\[url\\](.*?)\\[/url\\]`` restarts its scan at
every ``[`` and runs to the end of the text when the closing bracket or tag is missing: a member's
``"[url=" * 4000`` then costs seconds. Here the next ``]`` is remembered between candidates and the
closing tags are indexed once, so each character is looked at a bounded number of times. The
matches are the ones ``re.finditer`` / ``re.sub`` would give with those expressions (leftmost,
non-overlapping)."""
from __future__ import annotations

import bisect
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass

# What follows "[" in a tag: an optional "/", a name, then "=" (a value up to the next "]") or "]".
_ANY_HEAD = re.compile(r"/?[a-zA-Z*][a-zA-Z0-9*]*(?=[=\]])")


@dataclass(frozen=True)
class Tag:
    start: int
    end: int  # after the closing "]"
    name: str  # as written, with the leading "/" of a closing tag
    value: str | None  # after "=", None without one


class _NextBracket:
    """The first "]" at or after a position, for positions that only grow: one find per bracket."""

    def __init__(self, text: str):
        self.text, self.found, self.since = text, -1, len(text) + 1

    def at_or_after(self, position: int) -> int:
        if not (self.since <= position and (self.found == -1 or self.found >= position)):
            self.found, self.since = self.text.find("]", position), position
        return self.found


def _tags(text: str, head: re.Pattern, *, needs_value: bool = False) -> Iterator[Tag]:
    """Every opening "[" whose following characters match `head` (a name, looked at after the
    "["), then "=value]" or "]" (only "=value]" with `needs_value`). Candidates are tried left to
    right; after a tag the search goes on past its "]"."""
    brackets = _NextBracket(text)
    position = text.find("[")
    while position != -1:
        name_match = head.match(text, position + 1)
        tag = None
        if name_match:
            after = name_match.end()
            if text.startswith("=", after):
                close = brackets.at_or_after(after + 1)
                if close != -1:
                    tag = Tag(position, close + 1, name_match.group(0), text[after + 1:close])
            elif text.startswith("]", after) and not needs_value:
                tag = Tag(position, after + 1, name_match.group(0), None)
        if tag is None:
            position = text.find("[", position + 1)
            continue
        yield tag
        position = text.find("[", tag.end)


def tags(text: str) -> Iterator[Tag]:
    """Every tag-shaped piece: ``[b]``, ``[/i]``, ``[*]``, ``[color=red]``, ``[quote=Hermione]``."""
    return _tags(text, _ANY_HEAD)


def replace_tags(text: str, replacement: str) -> str:
    """`text` with every tag (see `tags`) replaced by `replacement`."""
    pieces, last = [], 0
    for tag in tags(text):
        pieces += [text[last:tag.start], replacement]
        last = tag.end
    pieces.append(text[last:])
    return "".join(pieces)


@dataclass(frozen=True)
class Pair:
    """An opening tag, its content and its closing tag (``[url=…]text[/url]``)."""
    start: int
    end: int
    name: str
    value: str | None
    content: str


def _names_pattern(names: tuple[str, ...]) -> str:
    return "(?:" + "|".join(re.escape(name) for name in names) + ")"


def replace_pairs(text: str, names: tuple[str, ...], replace: Callable[[Pair], str]) -> str:
    """Each ``[name]…[/name]`` or ``[name=value]…[/name]`` (name case-insensitive, the content up to
    the first matching closing tag) replaced by ``replace(pair)``; an opening tag without its closing
    tag is left as it is."""
    head = re.compile(_names_pattern(names) + r"(?=[=\]])", re.I)
    closings: dict[str, list[int]] = {}
    for match in re.finditer(r"\[/(" + _names_pattern(names) + r")\]", text, re.I):
        closings.setdefault(match.group(1).lower(), []).append(match.start())
    pieces, last = [], 0
    brackets = _NextBracket(text)
    position = text.find("[")
    while position != -1:
        pair = None
        name_match = head.match(text, position + 1)
        if name_match:
            after, value = name_match.end(), None
            opening_end = -1
            if text.startswith("=", after):
                close = brackets.at_or_after(after + 1)
                if close != -1:
                    value, opening_end = text[after + 1:close], close + 1
            else:
                opening_end = after + 1
            name = name_match.group(0)
            positions = closings.get(name.lower(), [])
            index = bisect.bisect_left(positions, opening_end) if opening_end != -1 else len(positions)
            if index < len(positions):
                closing = positions[index]
                pair = Pair(position, closing + len(name) + 3, name, value, text[opening_end:closing])
        if pair is None:
            position = text.find("[", position + 1)
            continue
        pieces += [text[last:pair.start], replace(pair)]
        last = pair.end
        position = text.find("[", pair.end)
    pieces.append(text[last:])
    return "".join(pieces)


def replace_openings(text: str, names: tuple[str, ...], replace: Callable[[Tag], str]) -> str:
    """Each opening ``[name=value]`` (name case-insensitive) replaced by ``replace(tag)``."""
    head = re.compile(_names_pattern(names) + r"(?==)", re.I)
    pieces, last = [], 0
    for tag in _tags(text, head, needs_value=True):
        pieces += [text[last:tag.start], replace(tag)]
        last = tag.end
    pieces.append(text[last:])
    return "".join(pieces)
