"""Who may read a duel's "Journal de l'arbitrage", and which reasons each reader sees.

Its duellists and whoever referees it (duels.permissions: its referee, or staff holding the permission
to referee any duel they do not play in) read it; nobody else (spectators read the published thread, not
the referee's log). An exemption's reason (often medical) concerns one duellist: only that duellist and
the referee see it; the other duellists (staff among them) see the entry without its reason.
"""
from __future__ import annotations

from audit.models import AuditAction

# Actions whose reason concerns one duellist; the entry's `data["participant"]` names them (engine id).
PRIVATE_REASON_ACTIONS = {AuditAction.EXEMPTION_DECIDE}
# Actions whose text is the referee's comment (a publication's), not a reason for what was done.
COMMENT_ACTIONS = {AuditAction.DECLARATION_PUBLISH}
EVERY_REASON = "all"


def journal_reader(*, user, participant=None, is_referee: bool = False) -> str | None:
    """None when `user` may not read the journal; otherwise who reads as far as private reasons go:
    EVERY_REASON (who referees the duel) or the reader's engine id (a duellist of the duel)."""
    if user is None or not user.is_authenticated:
        return None
    if is_referee:
        return EVERY_REASON
    return participant.engine_id if participant is not None else None


def hide_private_reasons(entries: list, reader: str) -> list:
    """The entries, each with `shown_reason`: its reason, or "" when it is private to another duellist, and
    `reason_is_comment`: the text is a comment (labelled « Commentaire »), not a reason (« Motif »)."""
    for entry in entries:
        private = entry.action in PRIVATE_REASON_ACTIONS and reader != EVERY_REASON and (
            (entry.data or {}).get("participant") != reader)
        entry.shown_reason = "" if private else entry.reason
        entry.reason_is_comment = entry.action in COMMENT_ACTIONS
    return entries
