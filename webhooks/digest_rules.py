"""Which e-mails the daily digest replaces (read by the notice sender; no model import, no cycle)."""
from accounts.notice_keys import TURN_NOTICE as TURN_NOTICE_KEY


def digest_covers(user, dedupe_key: str | None) -> bool:
    """True when the member chose the daily digest and this notice is a "your turn": no e-mail for it (the
    notice still shows in the app; deadline reminders are still e-mailed)."""
    return bool(getattr(user, "daily_digest", False) and dedupe_key and TURN_NOTICE_KEY.match(dedupe_key))
