"""Writes of the Forumactif bridge: topics, publications, private-message batches."""
from django.utils.translation import gettext as _

from clubs.scoping import current_club_or_none
from common.errors import RefusedError


class ForumError(RefusedError):
    """A refused bridge action: `code` for the JSON answer, `message` (French) for people, `status` (HTTP)."""

    def __init__(self, code: str, message: str, status: int = 400):
        super().__init__(code, message, status=status)


def forum_off_message() -> str:
    """Why the bridge refuses in the served club: no forum address (Club.forum_url), or a forum not yet
    proved the club's (clubs/opening.py)."""
    club = current_club_or_none()
    if club is not None and club.forum_url and not club.is_verified:
        return _("Le forum du club n'est pas encore vérifié : collez la ligne de la page « Gestion du club » dans "
                 "le forum, puis ouvrez une de ses pages.")
    return _("Le pont avec le forum n'est pas configuré : l'adresse du forum du club n'est pas renseignée.")
