"""Which e-mails the daily digest replaces (read by the notice sender; no model import, no cycle)."""
import re

# The "à vous de poster" notice of a phase (duels.services.notices.turn_notice_key) and of a post the
# referee reopened.
TURN_NOTICE_KEY = re.compile(r"^(?:duel:\d+:turn:\d+:\w+:opened|window:\d+:reopened):")


def digest_covers(user, dedupe_key: str | None) -> bool:
    """True when the member chose the daily digest and this notice is a "your turn": no e-mail for it (the
    notice still shows in the app; deadline reminders are still e-mailed)."""
    return bool(getattr(user, "daily_digest", False) and dedupe_key and TURN_NOTICE_KEY.match(dedupe_key))
