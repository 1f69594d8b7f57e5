"""A finished duel's result corrected after its match was recorded (the duel's ResultReopened, then its
DuelFinished again in the same transaction).

The match takes the corrected result. Nothing after it is rewritten: in elimination, the engine's
`correction_impact` says which later duels no longer count (played between sides the bracket no longer
puts there) and the matches drawn since with a side that should now be another; those are marked
`stale`. In groups or a Swiss, a changed winner marks the undecided matches of the rounds drawn since
stale (they were drawn on the old standings). In every case the tournament's staff get a notice
and a `TournamentMatchesStale` event; they decide (record a result, replay, keep).
"""
from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from audit.models import AuditAction
from duels.events import emit
from duels.models import DuelStatus
from duels.services.arranged import duel_call_off
from tournaments import engine
from tournaments.errors import TournamentRefused
from tournaments.events import TournamentMatchesStale
from tournaments.models import Match, Stage, Tournament, TournamentStatus
from tournaments.services.common import (
    OUTCOME_TO_ENGINE,
    audit,
    decide,
    key_of,
    require_staff,
    result_of,
    tournament_lock,
)
from tournaments.services.draw import bracket_of, entrants_by_id, match_arm
from tournaments.services.progress import advance, duel_result, elimination_state, match_duel_finished


def _elimination_stale(tournament: Tournament, match: Match, new: engine.Result) -> list[Match]:
    rows = list(Match.objects.filter(tournament=tournament, round__stage=Stage.ELIMINATION)
                .select_related("side_a", "side_b"))
    results = {key_of(m): result_of(m) for m in rows if m.outcome and m.side_b_id}
    impact = engine.correction_impact(bracket_of(tournament), results, key_of(match), new)
    affected = set(impact.affected)
    depends = {key.match for key in impact.depends}
    stale = []
    for row in rows:
        key = key_of(row)
        if key in affected:
            stale.append(row)
        elif key.match in depends and not row.outcome:
            now_playing = impact.after.match(key)
            if (now_playing.a, now_playing.b) != (row.side_a_id, row.side_b_id):
                stale.append(row)
    return stale


def _later_undecided(tournament: Tournament, match: Match) -> list[Match]:
    return list(Match.objects.filter(tournament=tournament, round__number__gt=match.round.number, outcome=""))


def match_correct(*, tournament: Tournament, match: Match, outcome: str, how: str, pf_left, faults,
                  now: dt.datetime) -> Match:
    """Record the corrected result of a decided match (tournament locked) and tell staff what it touches."""
    new = engine.Result(match.side_a_id, match.side_b_id, OUTCOME_TO_ENGINE[outcome], how, pf_left=tuple(pf_left),
                        faults=tuple(faults))
    if (outcome, how, tuple(pf_left), tuple(faults)) == (match.outcome, match.how, (match.pf_left_a, match.pf_left_b),
                                                         (match.faults_a, match.faults_b)):
        return match
    changed_winner = outcome != match.outcome
    if match.round.stage == Stage.ELIMINATION:
        stale = _elimination_stale(tournament, match, new)
    elif changed_winner and tournament.rounds.filter(number__gt=match.round.number).exists():
        stale = _later_undecided(tournament, match)
    else:
        stale = []
    before = {"outcome": match.outcome, "how": match.how}
    decide(match, outcome=outcome, how=how, now=now, pf_left=tuple(pf_left), faults=tuple(faults))
    if stale:
        Match.objects.filter(pk__in=[m.pk for m in stale]).update(stale=True)
    audit(by=None, action=AuditAction.TOURNAMENT_RESULT, tournament=tournament, duel=match.duel, match=match.pk,
          correction=True, before=before, after={"outcome": outcome, "how": how}, stale=[m.pk for m in stale])
    if stale or (changed_winner and tournament.winner_id is not None):
        from tournaments.notices import staff_told_correction

        staff_told_correction(tournament=tournament, match=match, stale=stale)
    emit(TournamentMatchesStale(tournament=tournament, changed=match, matches=tuple(stale), now=now))
    return match


@transaction.atomic
def match_stale_resolve(*, match: Match, by, now: dt.datetime | None = None) -> Match:
    """Staff settle a match marked stale and not played yet. In elimination it is drawn again between the
    sides the bracket now puts there (its duel called off if not started; a running duel must end or be
    cancelled first); in groups or a Swiss it is kept as drawn (the flag cleared)."""
    require_staff(by)
    tournament = tournament_lock(match.tournament)
    match = Match.objects.select_related("round", "duel").get(pk=match.pk)
    if tournament.status != TournamentStatus.RUNNING:
        raise TournamentRefused("not-running", status=409)
    if not match.stale or match.outcome:
        raise TournamentRefused("not-stale", status=409)
    now = now or timezone.now()
    if match.round.stage == Stage.ELIMINATION:
        target = elimination_state(tournament).match(key_of(match))
        if target.a is None or target.b is None:
            raise TournamentRefused("sides-unknown", status=409)
        duel = match.duel
        if duel is not None and duel.is_running:
            raise TournamentRefused("duel-running", status=409)
        if duel is not None and duel.status not in (DuelStatus.CANCELLED, DuelStatus.FINISHED):
            duel_call_off(duel=duel, by=by, reason=str(_("Rencontre tirée à nouveau après une correction.")), now=now)
        entrants = entrants_by_id(tournament)
        match.side_a, match.side_b, match.duel, match.stale = entrants[target.a], entrants[target.b], None, False
        match.save(update_fields=["side_a", "side_b", "duel", "stale"])
        match = match_arm(tournament, match, by=by, now=now)
        advance(tournament=tournament, round=match.round, by=by, now=now)  # decided at once by a forfeit
    else:
        match.stale = False
        match.save(update_fields=["stale"])
    audit(by=by, action=AuditAction.TOURNAMENT_DRAW, tournament=tournament, match=match.pk, stale_resolved=True)
    return match


@transaction.atomic
def match_duel_again(*, match: Match, by, now: dt.datetime | None = None) -> Match:
    """Staff give an open match a new duel when its duel was cancelled (its referee called it off before
    the start): the same sides, a referee by the tournament's rule."""
    require_staff(by)
    tournament = tournament_lock(match.tournament)
    match = Match.objects.select_related("round", "duel", "side_a__duellist", "side_a__partner",
                                         "side_b__duellist", "side_b__partner").get(pk=match.pk)
    if tournament.status != TournamentStatus.RUNNING:
        raise TournamentRefused("not-running", status=409)
    if match.outcome or match.side_b_id is None:
        raise TournamentRefused("match-decided", status=409)
    if match.duel is not None and match.duel.status != DuelStatus.CANCELLED:
        raise TournamentRefused("duel-not-cancelled", status=409)
    now = now or timezone.now()
    previous = match.duel_id
    match.duel = None
    match.save(update_fields=["duel"])
    match = match_arm(tournament, match, by=by, now=now)
    audit(by=by, action=AuditAction.TOURNAMENT_DRAW, tournament=tournament, match=match.pk, previous_duel=previous)
    advance(tournament=tournament, round=match.round, by=by, now=now)  # a side that left forfeits at once
    return match


@transaction.atomic
def match_duel_ended(*, duel, now: dt.datetime | None = None) -> Match | None:
    """The DuelFinished subscriber's work: the duel's match takes its result (progress.match_duel_finished).
    A match already decided was decided by this very duel: a match is decided without its duel only once
    that duel is called off, and a called-off duel never ends. So this end is the duel's result corrected
    by its referee (ResultReopened, then DuelFinished again, in this process or another): the match is
    corrected and staff are told what it touches."""
    match = Match.objects.filter(duel=duel).select_related("tournament").first()
    if match is None or not match.outcome:
        return match_duel_finished(duel=duel, now=now)
    tournament = tournament_lock(match.tournament)
    match = Match.objects.select_related("round", "side_a", "side_b").get(pk=match.pk)
    if not match.outcome:
        return match
    return match_correct(tournament=tournament, match=match, now=now or timezone.now(), **duel_result(duel))
