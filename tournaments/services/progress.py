"""A tournament moving on: a match's result (its duel's end, a forfeit, staff's decision), the next round
drawn when a round is complete, the winner when the last one is.

Every path takes the tournament's row lock first (`tournament_lock`), so two matches of a round finishing
at once are recorded one after the other and exactly one of them sees the round complete and draws the
next. Rounds follow the format:
- elimination: the bracket is recomputed from the recorded duels (engine.bracket_state); a drawn duel
  under REMATCH adds its rematch to the same round at once; under HIGHER_SEED the better seed advances;
- groups: the group rounds one after the other, then the elimination stage from the standings
  (the qualifiers cross-seeded, frozen in `elimination_order`);
- Swiss: `swiss_rounds` rounds paired without rematch; the winner tops the Swiss standings.
"""
from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from audit.models import AuditAction
from duels.events import emit
from duels.models import Duel, DuelStatus, Fault
from duels.services.arranged import duel_call_off, duel_forfeit_for
from tournaments import engine
from tournaments.errors import TournamentRefused
from tournaments.events import TournamentFinished, TournamentMatchDecided
from tournaments.models import (
    Entrant,
    How,
    Match,
    Outcome,
    Round,
    Stage,
    Tournament,
    TournamentStatus,
)
from tournaments.services.common import (
    audit,
    decide,
    key_of,
    require_staff,
    result_of,
    tournament_lock,
)
from tournaments.services.draw import (
    bracket_of,
    elimination_first_round,
    entrants_by_id,
    group_round,
    group_rounds,
    round_open,
    swiss_round,
)


def stage_matches(tournament: Tournament, stage: str):
    return Match.objects.filter(tournament=tournament, round__stage=stage).select_related("side_a", "side_b")


def stage_results(tournament: Tournament, stage: str) -> list[tuple[Match, engine.Result]]:
    return [(m, result_of(m)) for m in stage_matches(tournament, stage) if m.outcome and m.side_b_id]


def elimination_state(tournament: Tournament) -> engine.BracketState:
    results = {key_of(m): r for m, r in stage_results(tournament, Stage.ELIMINATION)}
    return engine.bracket_state(bracket_of(tournament), results)


def _finish(tournament: Tournament, winner_id: int | None, *, by, now: dt.datetime) -> None:
    tournament.status, tournament.finished_at, tournament.updated_at = TournamentStatus.FINISHED, now, now
    tournament.winner_id = winner_id
    tournament.save(update_fields=["status", "finished_at", "updated_at", "winner"])
    audit(by=by, action=AuditAction.TOURNAMENT_STATUS, tournament=tournament, after=TournamentStatus.FINISHED,
          winner=winner_id)
    emit(TournamentFinished(tournament=tournament, now=now))


def _advance_elimination(tournament: Tournament, round: Round, *, by, now) -> Round | None:
    state = elimination_state(tournament)
    entrants = entrants_by_id(tournament)
    existing = set(Match.objects.filter(round__tournament=tournament, round__stage=Stage.ELIMINATION)
                   .values_list("bracket_round", "slot", "replay"))
    current = round.matches.values_list("bracket_round", flat=True).first()
    from tournaments.services.draw import match_open

    for match in state.ready:  # rematches of drawn duels: in this same round, at once
        key = match.next_duel
        if key.round == current and (key.round, key.slot, key.replay) not in existing:
            match_open(tournament, round, (0, key.round, key.slot, key.replay, entrants[match.a], entrants[match.b]),
                       by=by, now=now)
    if round.matches.filter(outcome="").exists():
        return None
    round.completed_at = now
    round.save(update_fields=["completed_at"])
    if state.finished:
        _finish(tournament, state.champion, by=by, now=now)
        return None
    plans = [(0, m.next_duel.round, m.next_duel.slot, m.next_duel.replay, entrants[m.a], entrants[m.b])
             for m in state.ready if (m.next_duel.round, m.next_duel.slot, m.next_duel.replay) not in existing]
    return round_open(tournament, Stage.ELIMINATION, plans, by=by, now=now) if plans else None


def _advance_groups(tournament: Tournament, round: Round, *, by, now) -> Round | None:
    if round.matches.filter(outcome="").exists():
        return None
    round.completed_at = now
    round.save(update_fields=["completed_at"])
    entrants = entrants_by_id(tournament)
    played = tournament.rounds.filter(stage=Stage.GROUP).count()
    if played < group_rounds(tournament):
        return round_open(tournament, Stage.GROUP, group_round(tournament, entrants, played + 1), by=by, now=now)
    results = [r for _m, r in stage_results(tournament, Stage.GROUP)]
    tables = [engine.standings(group, [r for r in results if r.a in group and r.b in group])
              for group in engine.snake_groups(tournament.seed_order, tournament.group_count)]
    bracket = engine.elimination_from_groups(tables, tournament.qualifiers_per_group,
                                             third_place=tournament.third_place, draw_rule=tournament.draw_rule)
    tournament.elimination_order = list(bracket.seed_order)
    tournament.save(update_fields=["elimination_order"])
    return round_open(tournament, Stage.ELIMINATION, elimination_first_round(tournament, entrants), by=by, now=now)


def swiss_inputs(tournament: Tournament) -> tuple[list[engine.Result], list[int]]:
    matches = list(stage_matches(tournament, Stage.SWISS))
    results = [result_of(m) for m in matches if m.outcome and m.side_b_id]
    byes = [m.side_a_id for m in matches if m.side_b_id is None]
    return results, byes


def _advance_swiss(tournament: Tournament, round: Round, *, by, now) -> Round | None:
    if round.matches.filter(outcome="").exists():
        return None
    round.completed_at = now
    round.save(update_fields=["completed_at"])
    results, byes = swiss_inputs(tournament)
    played = tournament.rounds.filter(stage=Stage.SWISS).count()
    if played >= tournament.swiss_rounds:
        table = engine.swiss_standings(tournament.seed_order, results, byes)
        _finish(tournament, table[0].entrant, by=by, now=now)
        return None
    plans = swiss_round(tournament, entrants_by_id(tournament), played + 1, results, byes)
    return round_open(tournament, Stage.SWISS, plans, by=by, now=now)


def advance(*, tournament: Tournament, round: Round, by=None, now: dt.datetime | None = None) -> None:
    """After a result in `round` (tournament locked): rematches, the round complete, the next drawn —
    again while a new round is decided at once (byes and forfeits only)."""
    now = now or timezone.now()
    while round is not None and tournament.status == TournamentStatus.RUNNING and round.completed_at is None:
        if round.stage == Stage.ELIMINATION:
            round = _advance_elimination(tournament, round, by=by, now=now)
        elif round.stage == Stage.GROUP:
            round = _advance_groups(tournament, round, by=by, now=now)
        else:
            round = _advance_swiss(tournament, round, by=by, now=now)


def advance_safely(*, tournament: Tournament, round: Round, by=None, now: dt.datetime | None = None) -> bool:
    """`advance` from a duel's end: if the next round cannot be drawn (no pairing without a rematch…),
    the duel's end still stands; the round stays open for staff (told by a notice) to move on by hand
    (`tournament_advance`). True when it moved on."""
    try:
        with transaction.atomic():
            advance(tournament=tournament, round=round, by=by, now=now)
    except (TournamentRefused, engine.TournamentError) as exc:
        from tournaments.notices import staff_told_draw_failed

        staff_told_draw_failed(tournament=tournament, round=round, code=getattr(exc, "code", "refused"))
        return False
    return True


def _announce(tournament: Tournament, match: Match, now) -> None:
    qualified = eliminated = None
    if match.round.stage == Stage.ELIMINATION:
        decided = elimination_state(tournament).match(key_of(match))
        if decided.status == engine.DECIDED:
            qualified, eliminated = decided.winner, decided.loser
    emit(TournamentMatchDecided(tournament=tournament, match=match, qualified=qualified, eliminated=eliminated,
                                now=now))


def duel_result(duel: Duel) -> dict:
    """A finished duel as a match's result: team 1 is side A; a losing side that forfeited or was
    disqualified says so; PF left and faults summed per side."""
    participants = list(duel.participants.all())
    if duel.is_draw:
        outcome, how = Outcome.DRAW, How.PLAYED
    else:
        outcome = Outcome.A if duel.winner_team == 1 else Outcome.B
        losers = [p for p in participants if p.team != duel.winner_team]
        how = (How.DISQUALIFICATION if any(p.disqualified for p in losers)
               else How.FORFEIT if any(p.forfeited for p in losers) else How.PLAYED)
    pf = {1: 0, 2: 0}
    for fighter in (duel.state or {}).get("duellists", []):
        if fighter.get("team") in pf:
            pf[fighter["team"]] += max(0, int(fighter.get("pf") or 0))
    faults = {1: 0, 2: 0}
    for team in Fault.objects.filter(participant__duel=duel).values_list("participant__team", flat=True):
        faults[team] += 1
    return {"outcome": outcome, "how": how, "pf_left": (pf[1], pf[2]), "faults": (faults[1], faults[2])}


@transaction.atomic
def match_duel_finished(*, duel: Duel, now: dt.datetime | None = None) -> Match | None:
    """The DuelFinished subscriber's work: record the result of the tournament match of `duel` (if it has
    one) and move the tournament on. A duel being corrected goes to corrections.match_duel_corrected."""
    match = Match.objects.filter(duel=duel).select_related("tournament").first()
    if match is None:
        return None
    now = now or timezone.now()
    tournament = tournament_lock(match.tournament)
    match = Match.objects.select_related("round", "side_a", "side_b").get(pk=match.pk)
    if match.outcome:
        return match  # decided without this duel (staff, a forfeit): the duel's end records nothing more
    result = duel_result(duel)
    if tournament.status != TournamentStatus.RUNNING:
        return match
    decide(match, now=now, **result)
    audit(by=None, action=AuditAction.TOURNAMENT_RESULT, tournament=tournament, duel=duel, match=match.pk,
          outcome=match.outcome, how=match.how)
    _announce(tournament, match, now)
    advance_safely(tournament=tournament, round=match.round, by=None, now=now)
    return match


@transaction.atomic
def match_record(*, match: Match, by, outcome: str, how: str = How.PLAYED, pf_left=(0, 0), faults=(0, 0),
                 now: dt.datetime | None = None) -> Match:
    """Staff decide an open match without its duel (a duel cancelled, both sides absent): the result is
    recorded and the tournament moves on as after a duel. The match's duel must not be able to record
    it again: a duel not started is called off in the same step; a running duel is refused (it ends by
    the rules — a forfeit — and records the match itself)."""
    require_staff(by)
    tournament = tournament_lock(match.tournament)
    match = Match.objects.select_related("round", "side_a", "side_b", "duel").get(pk=match.pk)
    if tournament.status != TournamentStatus.RUNNING:
        raise TournamentRefused("not-running", status=409)
    if match.outcome or match.side_b_id is None:
        raise TournamentRefused("match-decided", status=409)
    if outcome not in Outcome.values or how not in How.values or (outcome == Outcome.DRAW and how != How.PLAYED):
        raise TournamentRefused("invalid-result", status=422)
    duel = match.duel
    if duel is not None and duel.is_running:
        raise TournamentRefused("duel-running", status=409)
    now = now or timezone.now()
    if duel is not None and duel.status not in (DuelStatus.CANCELLED, DuelStatus.FINISHED):
        duel_call_off(duel=duel, by=by, reason=str(_("Rencontre décidée par l'équipe du club.")), now=now)
    decide(match, outcome=outcome, how=how, now=now, pf_left=pf_left, faults=faults)
    audit(by=by, action=AuditAction.TOURNAMENT_RESULT, tournament=tournament, match=match.pk, outcome=outcome, how=how)
    _announce(tournament, match, now)
    advance(tournament=tournament, round=match.round, by=by, now=now)
    return match


@transaction.atomic
def entrant_forfeit_open_match(*, tournament: Tournament, entrant: Entrant, by, now: dt.datetime) -> None:
    """An entrant left a running tournament (tournament locked): its open match is forfeited. A running
    duel ends by their forfeit (its DuelFinished records the match); a duel not started is called off
    and the match recorded as a forfeit. Later matches are forfeited as they are drawn."""
    open_match = (Match.objects.filter(tournament=tournament, outcome="").filter(side_a=entrant)
                  | Match.objects.filter(tournament=tournament, outcome="").filter(side_b=entrant)).select_related(
        "round", "duel").first()
    if open_match is None:
        return
    duel = open_match.duel
    if duel is not None and duel.is_running:
        duel_forfeit_for(duel=duel, duellists=entrant.duellists, by=by, now=now)
        return
    if duel is not None and duel.status not in (DuelStatus.CANCELLED, DuelStatus.FINISHED):
        duel_call_off(duel=duel, by=by, duellists=entrant.duellists, now=now)
    outcome = Outcome.B if open_match.side_a_id == entrant.pk else Outcome.A
    decide(open_match, outcome=outcome, how=How.FORFEIT, now=now)
    audit(by=by, action=AuditAction.TOURNAMENT_RESULT, tournament=tournament, match=open_match.pk,
          outcome=outcome, how=How.FORFEIT)
    _announce(tournament, open_match, now)
    advance_safely(tournament=tournament, round=open_match.round, by=by, now=now)


@transaction.atomic
def tournament_advance(*, tournament: Tournament, by, now: dt.datetime | None = None) -> None:
    """Staff move a tournament on by hand (after a draw that could not be made at a duel's end)."""
    require_staff(by)
    tournament = tournament_lock(tournament)
    if tournament.status != TournamentStatus.RUNNING:
        raise TournamentRefused("not-running", status=409)
    last = tournament.rounds.order_by("-number").first()
    if last is not None and last.completed_at is None:
        advance(tournament=tournament, round=last, by=by, now=now)
