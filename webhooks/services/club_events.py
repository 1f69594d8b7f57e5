"""`club_announce(event, …)`: an event that is not a duel's (a tournament's draw, a match decided, its
winner), told to the webhooks carrying it. The app above webhooks that owns the event (tournaments)
gives its title, its sentence (a callable, rendered in each webhook's language) and its link; the bodies
are stored and sent like a duel's (`storing.deliveries_announce`)."""
from __future__ import annotations

import uuid
from collections.abc import Callable

from django.conf import settings
from django.utils import timezone, translation

from webhooks.models import WebhookKind
from webhooks.services.messages import (
    DEFAULT_COLOUR,
    DISCORD_DESCRIPTION_LIMIT,
    DISCORD_TITLE_LIMIT,
    _clip,
    discord_safe,
)
from webhooks.services.storing import deliveries_announce

TOURNAMENT_COLOUR = 0x2E7D5B


def _discord(event: str, *, title: str, sentence: Callable[[], str], link: str, image_url: str,
             occurred_at, language: str, colour: int | None = None) -> dict:
    with translation.override(language):
        embed = {"title": _clip(discord_safe(title), DISCORD_TITLE_LIMIT),
                 "description": _clip(discord_safe(sentence()), DISCORD_DESCRIPTION_LIMIT),
                 "color": colour if colour is not None
                 else TOURNAMENT_COLOUR if event.startswith("tournament.") else DEFAULT_COLOUR,
                 "timestamp": occurred_at.isoformat(), "footer": {"text": "Estrade"}}
    if link:
        embed["url"] = link
    if image_url:
        embed["image"] = {"url": image_url}
    return {"username": "Estrade", "embeds": [embed], "allowed_mentions": {"parse": []}}


def _signed(event: str, *, event_id, subject: dict, sentence: Callable[[], str], link: str, image_url: str,
            data: dict, occurred_at) -> dict:
    with translation.override(settings.LANGUAGE_CODE):
        text = sentence()
    links = {"page": link} if link else {}
    if image_url:
        links["image"] = image_url
    return {"event": event, "id": str(event_id), "occurred_at": occurred_at.isoformat(), "subject": subject,
            "links": links, "data": data, "text": text}


def club_announce(event: str, *, title: str, sentence: Callable[[], str], subject: dict, link: str = "",
                  image_url: str = "", data: dict | None = None, colour: int | None = None) -> list[int]:
    """Store the deliveries of `event` (an EventKind value) for every enabled webhook carrying it; send
    them after commit. `title` is a name (not translated); `sentence()` is called once per language;
    `colour` (0xRRGGBB) is the Discord embed's, instead of the event's own.
    A failure is logged and never breaks the caller's action. Returns the deliveries' ids."""

    def render():
        now, event_id = timezone.now(), uuid.uuid4()

        def body_for(webhook) -> dict:
            if webhook.kind == WebhookKind.SIGNED:
                return _signed(event, event_id=event_id, subject=subject, sentence=sentence, link=link,
                               image_url=image_url, data=data or {}, occurred_at=now)
            return _discord(event, title=title, sentence=sentence, link=link, image_url=image_url,
                            occurred_at=now, language=webhook.language, colour=colour)

        return event_id, now, body_for

    return deliveries_announce(event, render)
