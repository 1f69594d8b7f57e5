"""Webhooks listen to the duel's events (config/events.py): each announces its event to the Discord
channels and signed endpoints that carry it, from the event's facts (rows now, sent after commit)."""
from __future__ import annotations

from webhooks.models import EventKind
from webhooks.services.announcements import announce, sanctions_announce


def on_duel_matched(event) -> None:
    announce(EventKind.DUEL_MATCHED, event.duel)


def on_duel_started(event) -> None:
    announce(EventKind.DUEL_STARTED, event.duel, window=event.window, now=event.now)  # "à vous de poster"


def on_post_submitted(event) -> None:
    announce(EventKind.POST_PUBLISHED, event.duel, post=event.post, now=event.now)


def on_reminder_due(event) -> None:
    announce(EventKind.REMINDER, event.duel, slot=event.slot, now=event.now)  # the member mentioned if they asked


def on_declaration_published(event) -> None:
    announce(EventKind.DECLARATION_PUBLISHED, event.duel, declaration=event.declaration,
             next_window=event.next_window)


def on_duel_finished(event) -> None:
    announce(EventKind.DUEL_FINISHED, event.duel, now=event.now)  # the result and the rewards


def on_sanction_recorded(event) -> None:
    announce(EventKind.SANCTION, event.duel, fault=event.fault, now=event.now)


def on_windows_expired(event) -> None:
    sanctions_announce(list(event.faults), now=event.now)  # the sweep's absences, one announcement each
