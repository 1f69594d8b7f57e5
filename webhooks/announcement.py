"""An announcement: the facts of one duel event as every webhook kind renders them (built by
`webhooks.services.announcements`, rendered by `webhooks.services.messages`)."""
from __future__ import annotations

import datetime as dt
import uuid
from dataclasses import dataclass, field


@dataclass
class Person:
    """A duellist as an announcement names them; `discord_id` only when they asked to be mentioned."""

    participant_id: int
    forum_name: str
    forum_id: int
    team: int
    out: bool = False
    awaited: bool = False
    deadline: dt.datetime | None = None
    discord_id: str = ""


@dataclass
class Announcement:
    event: str
    id: uuid.UUID
    occurred_at: dt.datetime
    duel: object
    people: list[Person]
    data: dict = field(default_factory=dict)
    links: dict = field(default_factory=dict)
    image_url: str = ""
    mention_awaited: bool = False  # "à vous de poster" and reminders ping the awaited members who asked

    @property
    def awaited(self) -> list[Person]:
        return [p for p in self.people if p.awaited]

    @property
    def mentioned(self) -> list[Person]:
        return [p for p in self.awaited if p.discord_id] if self.mention_awaited else []
