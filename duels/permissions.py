"""Who referees which duel: the one place the site, the services and the bridge ask.

A duel's referee is the referee assigned to it, or a staff member of the club (its Membership staff or
owner; superusers too), who may referee any duel of the club (`duels.referee_any_duel`). Nobody ever
referees a duel they play in, whatever their roles: the check reads the duel's participants, not the user's
role.

The referee role (the « Arbitrage » menu and pages, taking duels from the queue) is the club's referees and
its staff.
"""
from __future__ import annotations

from django.db.models import Q, QuerySet

from accounts.models import User, has_referee_role, referees_any_duel
from clubs.roles import club_referee_ids, club_staff_ids
from duels.models import Duel, Participant
from duels.services.errors import DuelError


def plays_in(duel: Duel, user) -> bool:
    """True when `user` is one of the duel's duellists (any team, out or not). Read from the duel's
    prefetched participants when their duellists are loaded; otherwise one query, remembered on the duel."""
    if user is None or not user.is_authenticated:
        return False
    prefetched = getattr(duel, "_prefetched_objects_cache", {}).get("participants")
    if prefetched is not None and all(Participant.duellist.is_cached(p) for p in prefetched):
        return any(p.duellist.user_id == user.pk for p in prefetched)
    known = duel.__dict__.setdefault("_plays_in", {})
    if user.pk not in known:
        known[user.pk] = Participant.objects.filter(duel_id=duel.pk, duellist__user_id=user.pk).exists()
    return known[user.pk]


def is_duel_referee(duel: Duel, user) -> bool:
    """May `user` referee `duel`: its assigned referee or staff holding the permission, never one of its
    duellists."""
    if user is None or not user.is_authenticated:
        return False
    if not (duel.referee_id is not None and duel.referee_id == user.pk) and not referees_any_duel(user):
        return False
    return not plays_in(duel, user)


def require_duel_referee(duel: Duel, user) -> None:
    """Raise DuelError unless `user` may referee `duel` (a duellist of the duel is told why)."""
    if is_duel_referee(duel, user):
        return
    refereeing = user is not None and user.is_authenticated and (
        duel.referee_id == user.pk or referees_any_duel(user))
    raise DuelError("referee-is-duellist" if refereeing else "not-referee")


def require_may_referee(duel: Duel, referee) -> None:
    """Before assigning `referee` to `duel`: they hold the referee role and play no part in the duel."""
    if Participant.objects.filter(duel_id=duel.pk, duellist__user_id=referee.pk).exists():
        raise DuelError("referee-is-duellist")
    if not has_referee_role(referee):
        raise DuelError("not-a-referee")


def refereed_duels(user, duels: QuerySet[Duel]) -> QuerySet[Duel]:
    """The duels of `duels` that `user` referees (lists, queues): all those they do not play in for staff
    holding the permission, else those assigned to them."""
    if not referees_any_duel(user):
        duels = duels.filter(referee_id=user.pk)
    return duels.exclude(participants__duellist__user_id=user.pk)


def referee_candidates() -> QuerySet[User]:
    """Who may be given a duel (the handover form's choices): the club's active referees and staff (owners
    and superusers included), as `has_referee_role` says."""
    return (
        User.objects.filter(is_active=True)
        .filter(Q(pk__in=club_referee_ids()) | Q(pk__in=club_staff_ids()) | Q(is_superuser=True))
        .order_by("username")
    )
