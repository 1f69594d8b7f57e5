"""Every announcement's last step: one Delivery per webhook carrying the event, stored in the caller's
transaction (a savepoint), and their sending queued after commit. A rolled-back action sends nothing; a
process that dies after the commit loses nothing (the retry sweep sends what is still due); a failure here
is logged and never breaks the action that announced. `announce` (a duel's events) and `club_announce`
(the club's other events) differ only in how they build each webhook's body."""
from __future__ import annotations

import datetime as dt
import logging
import uuid
from collections.abc import Callable

from django.db import transaction

from common.after_commit import after_commit
from webhooks.models import Delivery, Webhook
from webhooks.services.delivery import deliveries_queue

logger = logging.getLogger(__name__)

# What an announcement gives once some webhook carries its event: its id, when it happened, and the body
# each webhook is sent (by its kind and language).
Rendered = tuple[uuid.UUID, dt.datetime, Callable[[Webhook], dict]]


def webhooks_carrying(event: str) -> list[Webhook]:
    return [w for w in Webhook.objects.filter(enabled=True) if w.carries(event)]


def deliveries_announce(event: str, render: Callable[[], Rendered], *, webhooks: list[Webhook] | None = None,
                        duel=None, about: str = "") -> list[int]:
    """Store the deliveries of `event` for `webhooks` (by default every enabled webhook carrying it) and
    queue them after commit. `render()` runs once, only when some webhook carries the event. `about` names
    the subject in the log line of a failure. Returns the deliveries' ids."""
    try:
        with transaction.atomic():  # a savepoint: a bug here must not undo the caller's action
            if webhooks is None:
                webhooks = webhooks_carrying(event)
            if not webhooks:
                return []
            event_id, occurred_at, body_for = render()
            rows = [Delivery(webhook=webhook, event=event, event_id=event_id, duel=duel, payload=body_for(webhook),
                             created_at=occurred_at, next_try_at=occurred_at) for webhook in webhooks]
            for row in rows:  # a few webhooks at most; save() gives each its id on every database
                row.save()
            ids = [row.pk for row in rows]
            after_commit(deliveries_queue, ids)  # dropped with the savepoint if it rolls back
    except Exception:
        logger.exception("Webhooks: announcing %s%s failed", event, f" ({about})" if about else "")
        return []
    return ids
