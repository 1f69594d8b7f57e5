"""The tournament's topic on the forum: staff link an existing topic by its address (like a duel's
`topic_link`), on the club's forum only, when the bridge works in the club (its forum verified)."""
from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from audit.models import AuditAction
from forum import addresses
from forum import selectors as forum
from forum.services import forum_off_message
from tournaments.errors import TournamentRefused
from tournaments.models import Tournament
from tournaments.services.common import audit, require_staff, tournament_lock


def require_forum() -> None:
    if not forum.is_enabled():
        raise TournamentRefused("forum-off", forum_off_message(), status=409)


@transaction.atomic
def forum_topic_link(*, tournament: Tournament, url: str, by) -> Tournament:
    """Store the topic's address (its first page, without a message's anchor); a foreign address refused."""
    require_staff(by)
    require_forum()
    address = addresses.parse(url)
    if address is None:
        raise TournamentRefused("forum-address", status=422, forum=addresses.forum_origin())
    tournament = tournament_lock(tournament)
    topic_url = address.url.split("#")[0]
    if Tournament.objects.exclude(pk=tournament.pk).filter(forum_topic_url=topic_url).exists():
        raise TournamentRefused("forum-topic-taken", status=409)
    before, tournament.forum_topic_url = tournament.forum_topic_url, topic_url
    tournament.updated_at = timezone.now()
    tournament.save(update_fields=["forum_topic_url", "updated_at"])
    audit(by=by, action=AuditAction.TOURNAMENT_CHANGE, tournament=tournament,
          changed={"forum_topic_url": [before, topic_url]}, topic=address.topic_id)
    return tournament
