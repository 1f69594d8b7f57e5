"""One JSON body parser for every endpoint that reads JSON: the API (DRF) and the forum bridge.

``json.loads`` raises RecursionError (not a ValueError, so a caller catching ValueError lets it through
as a 500) on a body nested a thousand levels deep; a body a few hundred levels deep parses but then costs
the callers' recursion. ``read_json`` refuses both, and a body over its size limit, with a
``JSONBodyError`` (a code, a French message, an HTTP status): no document Estrade takes is nested more
than API_JSON_MAX_DEPTH levels."""
from __future__ import annotations

import json

from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework import parsers
from rest_framework.exceptions import ParseError

from common.errors import MalformedInput, RefusedError


class JSONBodyError(RefusedError):
    """A refused body: `code` (too-large, too-deep, bad-json), a French `message`, an HTTP `status`."""

    def __init__(self, code: str, message: str, status: int = 400):
        super().__init__(code, message)
        self.status = status


def nesting_depth(value) -> int:
    """How many lists/objects deep `value` goes (a scalar: 0), without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return deepest


def _no_constant(name: str):
    raise ValueError(f"{name} is not JSON")


def read_json(raw: bytes | str, *, max_bytes: int | None = None, max_depth: int | None = None):
    """The document in `raw` (UTF-8 JSON, no NaN/Infinity), or JSONBodyError: too large (413), nested
    deeper than `max_depth` (default API_JSON_MAX_DEPTH), or unreadable (400)."""
    if max_bytes is not None and len(raw) > max_bytes:
        raise JSONBodyError("too-large", _("Requête trop grande."), 413)
    max_depth = settings.API_JSON_MAX_DEPTH if max_depth is None else max_depth
    too_deep = JSONBodyError("too-deep", _("Requête refusée : JSON imbriqué sur plus de %(depth)d niveaux.")
                             % {"depth": max_depth})
    try:
        data = json.loads(raw, parse_constant=_no_constant)
    except RecursionError:
        raise too_deep from None
    except (ValueError, UnicodeDecodeError):
        raise JSONBodyError("bad-json", _("Requête illisible.")) from None
    if nesting_depth(data) > max_depth:
        raise too_deep
    return data


class BoundedJSONParser(parsers.JSONParser):
    """DRF's JSON parser through ``read_json`` (a refused body: DRF's 400 ``parse_error``)."""

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            return read_json(stream.read() if stream is not None else b"")
        except JSONBodyError as error:
            raise ParseError(error.message) from None


MAX_ID_DIGITS = 18  # any row number fits in a 64-bit integer


def whole_number(data, field: str) -> int | None:
    """The `field` of a submitted form or query string (`request.POST`, `request.GET`) as a whole number:
    None when absent or empty, MalformedInput (a 400 with a French message) when it is anything else than
    plain ASCII digits (`abc`, `1e9`, `-1`, `²`, `1.5`)."""
    value = data.get(field)
    if value is None or value == "":
        return None
    if not (value.isascii() and value.isdigit() and len(value) <= MAX_ID_DIGITS):
        raise MalformedInput(_("Champ « %(field)s » mal formé (%(value)s) : un numéro était attendu. "
                               "Rien n'a été enregistré.") % {"field": field, "value": value[:40]})
    return int(value)
