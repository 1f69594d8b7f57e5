"""Writes of the Forumactif bridge: topics, publications, private-message batches."""
from common.errors import RefusedError


class ForumError(RefusedError):
    """A refused bridge action: `code` for the JSON answer, `message` (French) for people, `status` (HTTP)."""

    def __init__(self, code: str, message: str, status: int = 400):
        super().__init__(code, message, status=status)
