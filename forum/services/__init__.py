"""Writes of the Forumactif bridge: topics, publications, private-message batches."""
from django.utils.translation import gettext as _

from common.errors import RefusedError


class ForumError(RefusedError):
    """A refused bridge action: `code` for the JSON answer, `message` (French) for people, `status` (HTTP)."""

    def __init__(self, code: str, message: str, status: int = 400):
        super().__init__(code, message, status=status)


def forum_off_message() -> str:
    """Why the bridge refuses while the served club has no forum address (Club.forum_url)."""
    return _("Le pont avec le forum n'est pas configuré : l'adresse du forum du club n'est pas renseignée.")
