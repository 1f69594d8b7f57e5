"""The API's JSON parser: DRF's, with a bounded nesting depth.

``json.loads`` raises RecursionError (not a ValueError, so DRF's parser lets it through as a 500) on a
body nested a hundred thousand levels deep; a body a few hundred levels deep parses but then costs the
serializers' recursion. Both are a parse error (400, ``{"code": "parse_error"}``) here: no document the
API takes is nested more than API_JSON_MAX_DEPTH levels."""
from __future__ import annotations

from django.conf import settings
from rest_framework import parsers
from rest_framework.exceptions import ParseError


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


class BoundedJSONParser(parsers.JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError as error:
            raise ParseError(self.too_deep()) from error
        if nesting_depth(data) > settings.API_JSON_MAX_DEPTH:
            raise ParseError(self.too_deep())
        return data

    @staticmethod
    def too_deep() -> str:
        return f"JSON nested deeper than {settings.API_JSON_MAX_DEPTH} levels"
