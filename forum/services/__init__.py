"""Writes of the Forumactif bridge: topics, publications, private-message batches."""


class ForumError(Exception):
    """A refused bridge action: `code` for the JSON answer, `message` (French) for people."""

    def __init__(self, code: str, message: str, status: int = 400):
        super().__init__(message)
        self.code = code
        self.message = message
        self.status = status
