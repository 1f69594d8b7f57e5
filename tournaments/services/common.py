"""What the tournament services share: the staff check, the row lock, the audit entry, the engine's ids."""
from __future__ import annotations

from accounts.permissions import MANAGE_TOURNAMENTS
from audit.services import audit_record
from common.access import staff_may
from tournaments import engine
from tournaments.errors import TournamentRefused
from tournaments.models import Entrant, Match, Outcome, Tournament, TournamentStatus


def require_staff(user) -> None:
    if not staff_may(user, MANAGE_TOURNAMENTS):
        raise TournamentRefused("not-staff", status=403)


def tournament_lock(tournament: Tournament) -> Tournament:
    """Reload the tournament with its row locked: every service that changes a tournament (its entrants,
    rounds and matches) takes this lock first, so they serialize per tournament."""
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def require_status(tournament: Tournament, *statuses: str) -> None:
    if tournament.status not in statuses:
        raise TournamentRefused("wrong-status", status=409, state=TournamentStatus(tournament.status).label)


def audit(*, by, action: str, tournament: Tournament, duel=None, reason: str = "", **data) -> None:
    audit_record(actor=by, action=action, duel=duel, reason=reason, data={"tournament": tournament.pk, **data})


OUTCOME_TO_ENGINE = {Outcome.A: engine.A_WON, Outcome.B: engine.B_WON, Outcome.DRAW: engine.DRAW}
OUTCOME_FROM_ENGINE = {value: key for key, value in OUTCOME_TO_ENGINE.items()}


def result_of(match: Match) -> engine.Result:
    """A decided match (not a bye) as the engine's Result, sides by entrant id."""
    return engine.Result(match.side_a_id, match.side_b_id, OUTCOME_TO_ENGINE[match.outcome], str(match.how),
                         pf_left=(match.pf_left_a, match.pf_left_b), faults=(match.faults_a, match.faults_b))


def key_of(match: Match) -> engine.MatchKey:
    return engine.MatchKey(match.bracket_round, match.slot, match.replay)


def duellists_of(entrant: Entrant) -> list:
    return entrant.duellists


def forfeit_side(match: Match) -> str | None:
    """The side that forfeits at once because its entrant left the tournament (side b when both did)."""
    if match.side_b is not None and match.side_b.withdrawn_at is not None:
        return engine.B
    if match.side_a.withdrawn_at is not None:
        return engine.A
    return None


def decide(match: Match, *, outcome: str, how: str, now, pf_left=(0, 0), faults=(0, 0)) -> Match:
    match.outcome, match.how, match.decided_at = outcome, how, now
    match.pf_left_a, match.pf_left_b = pf_left
    match.faults_a, match.faults_b = faults
    match.save(update_fields=["outcome", "how", "decided_at", "pf_left_a", "pf_left_b", "faults_a", "faults_b"])
    return match

