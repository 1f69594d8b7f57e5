"""Reading the audit log."""
from __future__ import annotations

import datetime as dt

from django.contrib.auth import get_user_model
from django.db.models import QuerySet

from audit.models import AuditAction, AuditLog
from duels.models import Participant

JOURNAL_PER_PAGE = 50


def audit_for_duel(*, duel) -> QuerySet[AuditLog]:
    """A duel's entries, oldest first, with their actor (one query)."""
    return AuditLog.objects.filter(duel=duel).select_related("actor").order_by("created_at", "pk")


def club_journal(*, action: str = "", who: str = "", since: dt.datetime | None = None,
                 until: dt.datetime | None = None, duel: int | None = None) -> QuerySet[AuditLog]:
    """The club's log (the active club's rows only: the scoped manager), newest first, with each entry's
    actor in the same statement. `since` is inclusive, `until` exclusive; `who` part of the actor's name."""
    entries = AuditLog.objects.select_related("actor").order_by("-created_at", "-pk")
    if action:
        entries = entries.filter(action=action)
    if who:
        entries = entries.filter(actor__username__icontains=who)
    if since is not None:
        entries = entries.filter(created_at__gte=since)
    if until is not None:
        entries = entries.filter(created_at__lt=until)
    if duel is not None:
        entries = entries.filter(duel_id=duel)
    return entries


def journal_actions() -> list[tuple[str, str]]:
    """The actions found in the club's log, as (code, label) sorted by label: the filter offers only what
    it can find."""
    codes = AuditLog.objects.order_by().values_list("action", flat=True).distinct()
    return sorted(((code, action_label(code)) for code in codes), key=lambda choice: choice[1].casefold())


def action_label(code: str) -> str:
    """An action in the reader's language (its code when it is not one of `AuditAction`)."""
    try:
        return str(AuditAction(code).label)
    except ValueError:
        return code


def usernames_by_id(ids) -> dict[int, str]:
    """The names of the accounts an entry's details point to (a referee, the previous one), in one statement."""
    ids = {pk for pk in ids if isinstance(pk, int) and not isinstance(pk, bool)}
    if not ids:
        return {}
    return dict(get_user_model().objects.filter(pk__in=ids).values_list("pk", "username"))


def duels_played(*, user, duel_ids) -> dict[int, str]:
    """Among `duel_ids`, the duels `user` plays in: {duel id: their engine id} (one statement, none without
    duels)."""
    if not duel_ids:
        return {}
    return dict(Participant.objects.filter(duel_id__in=duel_ids, duellist__user=user)
                .values_list("duel_id", "engine_id"))
