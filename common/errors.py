"""The one root of refused actions, told twice: `code` for programs (the API's JSON, the bridge),
`message` (French, in the reader's language) for people, and `status` for HTTP.

Every app's refusal derives from `RefusedError` (the duel services' `DuelError`, the bridge's, the
invitations', the catalogue's, the member import's, a webhook resend's). The API's exception handler
(config/api.py) answers any of them as `{"code", "message"}` with its status; a page shows its message
with `common.views.refused`."""
from django.core.exceptions import BadRequest


class RefusedError(Exception):
    status = 400

    def __init__(self, code: str, message: str, *, status: int | None = None):
        super().__init__(message)
        self.code = code
        self.message = message
        if status is not None:
            self.status = status


class MalformedInput(RefusedError, BadRequest):
    """A field no page of the site sends in that shape (a mangled link, a forged form): the request is
    answered 400 with `message` (config/errors.py: the site's page, or JSON under /api/), nothing done."""

    def __init__(self, message: str, code: str = "invalid"):
        super().__init__(code, message)
