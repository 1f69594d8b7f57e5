"""Every notice's dedupe key, built here: a notice is stored once per key (`notification_send`), and a few
keys are matched afterwards — the notices a post makes read (`turn_notices_read`), those the daily digest
replaces (`webhooks.digest_rules`). Their builders and their patterns sit side by side."""
from __future__ import annotations

import datetime as dt
import re


def notice_key(*parts) -> str:
    """A key from its parts: what it is about (`"duel", 12`), what happened, whom it tells."""
    return ":".join(str(part) for part in parts)


def turn_key(*, duel_id: int, turn: int, phase: str, participant_id: int) -> str:
    """« À vous de poster » for one duellist and one phase (not one window: a correction that reopens the
    phase opens a new window and must not say it twice)."""
    return notice_key("duel", duel_id, "turn", turn, phase, "opened", participant_id)


def reopened_key(*, window_id: int, participant_id: int, deadline: dt.datetime) -> str:
    return reopened_prefix(window_id=window_id, participant_id=participant_id) + deadline.isoformat()


def reopened_prefix(*, window_id: int, participant_id: int) -> str:
    return notice_key("window", window_id, "reopened", participant_id, "")


def reminder_key(*, slot_id: int, label: str, deadline: dt.datetime) -> str:
    return reminder_prefix(slot_id=slot_id) + notice_key(label, f"{deadline:%Y%m%d%H%M%S}")


def reminder_prefix(*, slot_id: int) -> str:
    return notice_key("slot", slot_id, "reminder-")


# A "your turn" notice: the phase's « à vous de poster » or a post the referee reopened.
TURN_NOTICE = re.compile(r"^(?:duel:\d+:turn:\d+:\w+:opened|window:\d+:reopened):")

# A declaration's notice to a duellist (`duels.services.milestones`), and a forfeit's (`forfeit_notices`).
DECLARATION_NOTICE = re.compile(r"^declaration:\d+:(?:published|corrected):")
FORFEIT_NOTICE = re.compile(r"^duel:\d+:forfeit:")
# A tournament's notice to its entrants (drawn, decided, finished), not the staff's (`tournaments.notices`).
TOURNAMENT_ENTRANT_NOTICE = re.compile(r"^tournament:\d+:(?:match:\d+:(?:drawn|decided)|finished):")
