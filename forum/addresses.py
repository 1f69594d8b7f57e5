"""Forum addresses: topic and message ids out of a Forumactif URL, on the forum's own origin only.

Forumactif writes a topic as `/t123-titre` (a later page `/t123p15-titre`) and a message as
`…#4567`; the phpBB-style `/viewtopic?t=123&p=4567#4567` also reaches the same topic."""
from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import parse_qs, urlsplit

from django.conf import settings

_TOPIC_PATH = re.compile(r"^/t(\d+)(?:p\d+)?(?:-[^/]*)?$")


@dataclass(frozen=True)
class ForumAddress:
    url: str
    topic_id: int | None
    message_id: int | None


def forum_origin() -> str:
    parts = urlsplit(settings.FORUM_URL)
    return f"{parts.scheme}://{parts.netloc}".lower() if parts.scheme and parts.netloc else ""


def parse(url: str) -> ForumAddress | None:
    """The address if it is on FORUM_URL's origin and names a topic; None otherwise."""
    url = (url or "").strip()
    if not url or len(url) > 500 or not forum_origin():
        return None
    parts = urlsplit(url)
    if f"{parts.scheme}://{parts.netloc}".lower() != forum_origin():
        return None
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


def topic_url(topic_id: int) -> str:
    return f"{settings.FORUM_URL}/t{topic_id}-"


def reply_url(topic_id: int) -> str:
    return f"{settings.FORUM_URL}/post?t={topic_id}&mode=reply"


def newtopic_url() -> str:
    return f"{settings.FORUM_URL}/post?f={settings.FORUM_DUEL_SECTION}&mode=newtopic"


def pm_url() -> str:
    return f"{settings.FORUM_URL}/privmsg?mode=post"
