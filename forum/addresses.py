"""Forum addresses: topic and message ids out of a Forumactif URL, on the forum's own origin only.

Forumactif writes a topic as `/t123-titre` (a later page `/t123p15-titre`) and a message as
`…#4567`; the phpBB-style `/viewtopic?t=123&p=4567#4567` also reaches the same topic.

The forum is the served club's (Club.forum_url, Club.duel_section): every address here is built for
the club active when it is called (a page of /<club>/, a task acting for a club)."""
from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

from clubs.models import origin_of
from clubs.scoping import current_club_or_none

_TOPIC_PATH = re.compile(r"^/t(\d+)(?:p\d+)?(?:-[^/]*)?$")


@dataclass(frozen=True)
class ForumAddress:
    url: str
    topic_id: int | None
    message_id: int | None


def forum_url() -> str:
    """The served club's forum ("https://club.forumactif.com", no final slash); empty: no forum set."""
    club = current_club_or_none()
    return (club.forum_url or "").strip().rstrip("/") if club is not None else ""


def club_origins(club) -> list[str]:
    """The origins `club`'s forum answers on (its address, then its other origins), as browsers send them
    in `Origin`: what the bridge's CORS compares (forum/cors.py)."""
    if club is None:
        return []
    origins = [origin_of(o) for o in club.allowed_origins]
    return list(dict.fromkeys(o for o in origins if o))


def forum_origin() -> str:
    return origin_of(forum_url())


def parse(url: str) -> ForumAddress | None:
    """The address if it is on the club's forum origin and names a topic; None otherwise."""
    url = (url or "").strip()
    if not url or len(url) > 500 or not forum_origin():
        return None
    if origin_of(url) != forum_origin():
        return None
    parts = urlsplit(url)
    topic = None
    match = _TOPIC_PATH.match(parts.path)
    if match:
        topic = int(match.group(1))
    elif parts.path == "/viewtopic":
        values = parse_qs(parts.query).get("t", [])
        topic = int(values[0]) if values and values[0].isdigit() else None
    if topic is None or topic <= 0:
        return None
    message = int(parts.fragment) if parts.fragment.isdigit() else None
    return ForumAddress(url=url, topic_id=topic, message_id=message)


def duel_section() -> int:
    """The section (forum f…) of the served club's forum where duel topics go; 0: not set."""
    club = current_club_or_none()
    return int(club.duel_section or 0) if club is not None else 0


def topic_url(topic_id: int) -> str:
    return f"{forum_url()}/t{topic_id}-"


def reply_url(topic_id: int) -> str:
    return f"{forum_url()}/post?t={topic_id}&mode=reply"


def newtopic_url() -> str:
    return f"{forum_url()}/post?f={duel_section()}&mode=newtopic"


def pm_url() -> str:
    return f"{forum_url()}/privmsg?mode=post"

