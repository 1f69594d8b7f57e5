"""Which notices are pushed, and under which of the member's choices: read from the notice's kind and its
dedupe key (accounts/notice_keys.py builds every key and its pattern). A notice of no category (a duel
found, a referee assigned, an exemption, the staff's notices) stays in the bell and the e-mail.

The declaration that ends a duel is a result, as is a forfeit that ends one: their notices carry the
outcome (« Victoire de … », « Match nul. ») among their parts."""
from __future__ import annotations

from accounts.models import Notification
from accounts.notice_keys import DECLARATION_NOTICE, FORFEIT_NOTICE, TOURNAMENT_ENTRANT_NOTICE, TURN_NOTICE
from push.models import Category

OUTCOME_MESSAGE_IDS = ("Victoire de %(names)s !", "Match nul.",
                       "%(duel)s : %(name)s abandonne le duel (%(when)s). Match nul.",
                       "%(duel)s : %(name)s abandonne le duel (%(when)s). Victoire de %(winners)s.")


def notice_category(notification: Notification) -> str | None:
    """The member's choice that covers this notice, or None when it is not pushed."""
    key, kind = notification.dedupe_key or "", notification.kind
    if kind == Notification.Kind.DECLARATION_DUE or TURN_NOTICE.match(key):
        return Category.TURN
    if kind in (Notification.Kind.REMINDER, Notification.Kind.WINDOW_EXPIRED):
        return Category.REMINDER
    if DECLARATION_NOTICE.match(key) or FORFEIT_NOTICE.match(key):
        return Category.RESULT if _tells_outcome(notification) else (
            Category.DECLARATION if DECLARATION_NOTICE.match(key) else None)
    if TOURNAMENT_ENTRANT_NOTICE.match(key):
        return Category.TOURNAMENT
    return None


def _tells_outcome(notification: Notification) -> bool:
    return notification.message_id in OUTCOME_MESSAGE_IDS or _mentions(notification.params, OUTCOME_MESSAGE_IDS)


def _mentions(value, message_ids: tuple[str, ...]) -> bool:
    """True when a stored param (a phrase, a list of parts…) names one of these message ids."""
    if isinstance(value, dict):
        return value.get("msgid") in message_ids or any(_mentions(v, message_ids) for v in value.values())
    if isinstance(value, list):
        return any(_mentions(v, message_ids) for v in value)
    return False
