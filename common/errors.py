"""A refused action told twice: `code` for programs (the API's JSON, the bridge), `message` (French) for people."""
from django.core.exceptions import BadRequest


class RefusedError(Exception):
    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


class MalformedInput(RefusedError, BadRequest):
    """A field no page of the site sends in that shape (a mangled link, a forged form): the request is
    answered 400 with `message` (config/errors.py: the site's page, or JSON under /api/), nothing done."""

    def __init__(self, message: str, code: str = "invalid"):
        super().__init__(code, message)
