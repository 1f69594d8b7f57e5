"""Notice keys are built in one place (accounts/notice_keys.py), in the format stored rows already use,
and the patterns that match them afterwards agree with their builders."""
import datetime as dt
import re

from accounts.notice_keys import (
    TURN_NOTICE,
    notice_key,
    reminder_key,
    reminder_prefix,
    reopened_key,
    reopened_prefix,
    turn_key,
)
from tests.support.paths import ROOT

DEADLINE = dt.datetime(2026, 12, 5, 20, 43, tzinfo=dt.UTC)


def test_keys_keep_the_stored_format():
    assert turn_key(duel_id=1, turn=2, phase="action", participant_id=3) == "duel:1:turn:2:action:opened:3"
    assert reopened_key(window_id=4, participant_id=3, deadline=DEADLINE) == "window:4:reopened:3:2026-12-05T20:43:00+00:00"
    assert reminder_key(slot_id=5, label="24h", deadline=DEADLINE) == "slot:5:reminder-24h:20261205204300"
    assert notice_key("window", 4, "declaration-due") == "window:4:declaration-due"


def test_the_patterns_match_what_the_builders_write():
    assert TURN_NOTICE.match(turn_key(duel_id=1, turn=2, phase="defence", participant_id=3))
    reopened = reopened_key(window_id=4, participant_id=3, deadline=DEADLINE)
    assert TURN_NOTICE.match(reopened) and reopened.startswith(reopened_prefix(window_id=4, participant_id=3))
    assert not reopened.startswith(reopened_prefix(window_id=4, participant_id=33))  # another duellist's
    assert reminder_key(slot_id=5, label="6h", deadline=DEADLINE).startswith(reminder_prefix(slot_id=5))
    assert not TURN_NOTICE.match(reminder_key(slot_id=5, label="6h", deadline=DEADLINE))  # reminders still e-mailed
    assert not TURN_NOTICE.match(notice_key("window", 4, "declaration-due"))


def test_no_app_module_writes_a_key_of_its_own():
    written_by_hand = re.compile(r"dedupe_key(?:__startswith)?=f[\"']")
    offenders = [str(path.relative_to(ROOT)) for app in ("accounts", "duels", "rankings", "webhooks", "forum")
                 for path in (ROOT / app).rglob("*.py")
                 if "migrations" not in path.parts and written_by_hand.search(path.read_text(encoding="utf-8"))]
    assert offenders == []
