"""Duels arranged by an organiser rather than by matchmaking (a tournament's draw): the duellists, their
combat years and the referee are given; nothing is read from the registrations queue.

The duel is created MATCHED and announced (`DuelMatched`), as matchmaking does, then given its referee by
the rules of `referee_assign` (a referee of the club or its staff, never one of its duellists), so it
waits in SETUP for the duellists' magic types. `counts_for_rest=False` (a tournament that says so) starts
no wand rest for its duellists. From there it is an ordinary duel: its windows, exemptions and faults.
The duels app knows nothing of tournaments: the caller keeps the duel's id.
"""
from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Duellist, User
from audit.models import AuditAction
from audit.services import audit_record
from duels import selectors
from duels.events import DuelCancelled, DuelMatched, ForfeitDeclared, RefereeAssigned, emit
from duels.models import Duel, DuelFormat, DuelKind, DuelStatus, Participant
from duels.permissions import require_duel_referee, require_may_referee
from duels.services import rules
from duels.services.cancel import require_cancellable
from duels.services.common import duel_lock, require_running
from duels.services.errors import DuelError
from duels.services.matchmaking import _warning, engine_id_for
from duels.services.sanctions import state_commit


@dataclass(frozen=True)
class Seat:
    """A duellist and the year they fight at (the caller applied its year rule)."""
    duellist: Duellist
    year: int

    # The matchmaking warning orders duellists by (created_at, pk), as registrations: no date here.
    created_at = 0

    @property
    def pk(self) -> int:
        return self.duellist.pk


def _check_teams(format: str, team1: Sequence[Seat], team2: Sequence[Seat]) -> None:
    size = 2 if format == DuelFormat.TWO_V_TWO else 1
    if len(team1) != size or len(team2) != size:
        raise DuelError("arranged-team-size")
    ids = [seat.duellist.pk for seat in (*team1, *team2)]
    if len(set(ids)) != len(ids):
        raise DuelError("arranged-same-duellist")
    if any(not 1 <= seat.year <= 8 for seat in (*team1, *team2)):
        raise DuelError("invalid-year")


@transaction.atomic
def duel_arrange(*, kind: str, format: str, team1: Sequence[Seat], team2: Sequence[Seat], referee: User | None,
                 counts_for_rest: bool = True, by: User | None = None, now: dt.datetime | None = None) -> Duel:
    """Create the duel of `team1` against `team2` with `referee` assigned (None: it waits in the referees'
    queue). Refused (nothing stored) for a wrong team size, a duellist twice, or a referee who may not
    referee it. `by` is recorded in the audit log as who assigned the referee (None: automatic)."""
    if kind not in DuelKind.values:
        raise DuelError("invalid-kind")
    if format not in DuelFormat.values:
        raise DuelError("invalid-format")
    _check_teams(format, team1, team2)
    now = now or timezone.now()
    duel = Duel.objects.create(kind=kind, format=format, status=DuelStatus.MATCHED, created_at=now,
                               matchmaking_warning=_warning(kind, tuple(team1), tuple(team2))[:300],
                               counts_for_rest=counts_for_rest)
    for team_number, team in ((1, team1), (2, team2)):
        for seat in team:
            Participant.objects.create(duel=duel, duellist=seat.duellist, engine_id=engine_id_for(seat.duellist),
                                       team=team_number, year=seat.year, prodigium=seat.duellist.prodigium)
    if referee is not None:
        require_may_referee(duel, referee)  # raises: the whole duel rolls back
    emit(DuelMatched(duel=duel, now=now))  # each duellist learns who they face
    if referee is not None:
        duel.referee = referee
        duel.status = DuelStatus.SETUP
        duel.save(update_fields=["referee", "status"])
        audit_record(actor=by, action=AuditAction.REFEREE_ASSIGN, duel=duel,
                     data={"referee": referee.pk, "previous_referee": None, "arranged": True})
        emit(RefereeAssigned(duel=duel, now=now))
    return duel


def _require_referee_or_one_of(duel: Duel, by: User, duellists: Sequence[Duellist]) -> None:
    """The duel's referee or the club's staff, or one of `duellists` (a pair leaves together)."""
    if by is not None and any(d.user_id == by.pk for d in duellists):
        return
    require_duel_referee(duel, by)


@transaction.atomic
def duel_call_off(*, duel: Duel, by: User, duellists: Sequence[Duellist] = (), reason: str = "",
                  now: dt.datetime | None = None) -> Duel:
    """Cancel an arranged duel not started because its organiser no longer needs it (an entrant left):
    as `duel_cancel` (no result, no wand rest, the duellists told), asked by its referee, the club's staff
    or one of `duellists` (those leaving)."""
    now = now or timezone.now()
    duel = duel_lock(duel)
    _require_referee_or_one_of(duel, by, duellists)
    require_cancellable(duel)
    duel.status, duel.cancelled_at, duel.cancelled_by = DuelStatus.CANCELLED, now, by
    duel.cancel_reason = reason or str(_("Un participant s'est retiré du tournoi."))
    duel.save(update_fields=["status", "cancelled_at", "cancelled_by", "cancel_reason"])
    audit_record(actor=by, action=AuditAction.DUEL_CANCEL, duel=duel, reason=duel.cancel_reason)
    emit(DuelCancelled(duel=duel, now=now))
    return duel


@transaction.atomic
def duel_forfeit_for(*, duel: Duel, duellists: Sequence[Duellist], by: User, now: dt.datetime | None = None) -> Duel:
    """The duel's referee or the club's staff record that these duellists give up (an entrant leaving a
    tournament): each still in is out, as with their own forfeit; the duel ends when a whole team is out.
    A duel not started yet cannot be forfeited (cancel it, or let its organiser decide the match)."""
    now = now or timezone.now()
    duel = duel_lock(duel)
    _require_referee_or_one_of(duel, by, duellists)
    require_running(duel)
    state = rules.state_load(duel.state)
    quitters = list(Participant.objects.filter(duel=duel, duellist__in=[d.pk for d in duellists]))
    quitters = [p for p in quitters if not state.duellist(p.engine_id).out]
    if not quitters:
        raise DuelError("already-out")
    window = selectors.open_window(duel) or duel.windows.order_by("-turn", "-phase").first()
    for participant in quitters:
        state, _events = rules.apply_forfeit(state, participant.engine_id)
        participant.forfeited, participant.forfeited_at, participant.forfeit_window = True, now, window
        participant.save(update_fields=["forfeited", "forfeited_at", "forfeit_window"])
    state_commit(duel=duel, state=state, now=now)
    audit_record(actor=by, action=AuditAction.FAULT, duel=duel, reason="forfeit",
                 data={"forfeit": [p.engine_id for p in quitters]})
    for participant in quitters:
        emit(ForfeitDeclared(duel=duel, participant=participant, now=now))
    return duel
