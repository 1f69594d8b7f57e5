"""Drawing rounds: the seed order (the club's champions table, or at random), each round's matches from
the engine, and each match's duel created through the duel services with its referee.

Referees: the tournament's own (TournamentReferee) if staff chose some, else a rotation among the club's
referees (its staff when it has none): the one with the fewest duels of this tournament so far, then the
oldest account; never a duellist of the match. When nobody may referee it, the duel waits in the
referees' queue (the draw never stops for it). A side whose entrant left forfeits at once; a bye is won
at once; neither makes a duel.
"""
from __future__ import annotations

import datetime as dt
import random
from collections import Counter
from collections.abc import Iterable

from accounts.models import User, has_referee_role
from audit.models import AuditAction
from clubs.roles import club_referee_ids, club_staff_ids
from duels.events import emit
from duels.services.arranged import Seat, duel_arrange
from rankings.models import Standing
from tournaments import engine
from tournaments.errors import TournamentRefused
from tournaments.events import TournamentRoundDrawn
from tournaments.models import (
    Entrant,
    How,
    Match,
    Outcome,
    Round,
    Seeding,
    Tournament,
    TournamentFormat,
)
from tournaments.services.common import audit, decide, forfeit_side

# One planned match: (group, bracket round, slot, replay, side a, side b or None for a bye).
Plan = tuple[int, int, int, int, Entrant, Entrant | None]


def seed_order(tournament: Tournament, entrants: list[Entrant], rng: random.Random | None = None) -> list[Entrant]:
    """Seed 1 first. Champions table: the all-time line of every kind, format and year (a pair: the sum
    of both), more points first, then fewer duels, then the earlier sign-up; random: shuffled."""
    if tournament.seeding == Seeding.RANDOM:
        shuffled = list(entrants)
        (rng or random.SystemRandom()).shuffle(shuffled)
        return shuffled
    ids = {d.pk for e in entrants for d in e.duellists}
    lines = {row.duellist_id: row for row in Standing.objects.filter(
        duellist_id__in=ids, season__isnull=True, kind="", format="", year=0)}

    def key(entrant: Entrant):
        rows = [lines[d.pk] for d in entrant.duellists if d.pk in lines]
        return (-sum(r.points for r in rows), sum(r.duels for r in rows), entrant.registered_at, entrant.pk)

    return sorted(entrants, key=key)


def referee_for(tournament: Tournament, duellists: Iterable) -> User | None:
    players = {d.user_id for d in duellists if d.user_id}
    chosen = [r.user for r in tournament.referees.select_related("user").order_by("user_id")]
    pool = [u for u in chosen if u.is_active and u.pk not in players and has_referee_role(u)]
    if not pool and not chosen:
        for ids in (club_referee_ids(), club_staff_ids()):
            pool = list(User.objects.filter(is_active=True, pk__in=ids).exclude(pk__in=players).order_by("pk"))
            if pool:
                break
    if not pool:
        return None
    load = Counter(Match.objects.filter(tournament=tournament, duel__referee__in=pool)
                   .values_list("duel__referee_id", flat=True))
    return min(pool, key=lambda user: (load[user.pk], user.pk))


def _seats(entrant: Entrant) -> list[Seat]:
    seats = [Seat(entrant.duellist, entrant.year)]
    if entrant.partner_id:
        seats.append(Seat(entrant.partner, entrant.partner_year or entrant.year))
    return seats


def match_open(tournament: Tournament, round: Round, plan: Plan, *, by, now: dt.datetime) -> Match:
    """Create one match: a bye or a forfeit is decided at once; otherwise its duel is created."""
    group, bracket_round, slot, replay, side_a, side_b = plan
    match = Match.objects.create(tournament=tournament, round=round, group=group, bracket_round=bracket_round,
                                 slot=slot, replay=replay, side_a=side_a, side_b=side_b)
    return match_arm(tournament, match, by=by, now=now)


def match_arm(tournament: Tournament, match: Match, *, by, now: dt.datetime) -> Match:
    """A match between its sides: a bye or a forfeit decided at once, else its duel created."""
    side_a, side_b = match.side_a, match.side_b
    if side_b is None:
        return decide(match, outcome=Outcome.A, how=How.PLAYED, now=now)
    quitter = forfeit_side(match)
    if quitter is not None:
        return decide(match, outcome=Outcome.B if quitter == engine.A else Outcome.A, how=How.FORFEIT, now=now)
    everyone = [*side_a.duellists, *side_b.duellists]
    match.duel = duel_arrange(kind=tournament.duel_kind, format=tournament.team_format, team1=_seats(side_a),
                              team2=_seats(side_b), referee=referee_for(tournament, everyone),
                              counts_for_rest=tournament.counts_for_rest, by=by, now=now)
    match.save(update_fields=["duel"])
    return match


def round_open(tournament: Tournament, stage: str, plans: list[Plan], *, by, now: dt.datetime) -> Round:
    """A new round with these matches, due `round_days` from now; announced (TournamentRoundDrawn)."""
    last = tournament.rounds.order_by("-number").values_list("number", flat=True).first() or 0
    round = Round.objects.create(tournament=tournament, number=last + 1, stage=stage, drawn_at=now,
                                 ends_at=now + dt.timedelta(days=tournament.round_days))
    for plan in plans:
        match_open(tournament, round, plan, by=by, now=now)
    audit(by=by, action=AuditAction.TOURNAMENT_DRAW, tournament=tournament, round=round.number, stage=stage)
    emit(TournamentRoundDrawn(tournament=tournament, round=round, now=now))
    return round


def entrants_by_id(tournament: Tournament) -> dict[int, Entrant]:
    return {e.pk: e for e in tournament.entrants.select_related("duellist", "partner")}


def bracket_of(tournament: Tournament) -> engine.Bracket:
    return engine.build_bracket(tournament.elimination_order, third_place=tournament.third_place,
                                draw_rule=tournament.draw_rule)


def elimination_first_round(tournament: Tournament, entrants: dict[int, Entrant]) -> list[Plan]:
    bracket = bracket_of(tournament)
    plans = []
    for slot in range(1, bracket.matches_in_round(1) + 1):
        a, b = bracket.first_round_sides(slot)
        plans.append((0, 1, slot, 0, entrants[a], entrants[b] if b is not None else None))
    return plans


def group_round(tournament: Tournament, entrants: dict[int, Entrant], number: int) -> list[Plan]:
    """Round `number` of every group still playing (an odd group plays one round more)."""
    plans = []
    for group_number, group in enumerate(engine.snake_groups(tournament.seed_order, tournament.group_count), 1):
        schedule = engine.round_robin_schedule(group)
        if number <= len(schedule):
            plans += [(group_number, number, slot, 0, entrants[a], entrants[b])
                      for slot, (a, b) in enumerate(schedule[number - 1].pairs, 1)]
    return plans


def group_rounds(tournament: Tournament) -> int:
    return max(len(engine.round_robin_schedule(group))
               for group in engine.snake_groups(tournament.seed_order, tournament.group_count))


def swiss_round(tournament: Tournament, entrants: dict[int, Entrant], number: int, results, byes) -> list[Plan]:
    try:
        pairing = engine.swiss_pairings(tournament.seed_order, results, byes)
    except engine.TournamentError as exc:
        raise TournamentRefused("no-valid-pairing", status=409) from exc
    plans = [(0, number, slot, 0, entrants[a], entrants[b]) for slot, (a, b) in enumerate(pairing.pairs, 1)]
    if pairing.bye is not None:
        plans.append((0, number, len(plans) + 1, 0, entrants[pairing.bye], None))
    return plans


MINIMUM = {TournamentFormat.SINGLE_ELIMINATION: 2, TournamentFormat.SWISS: 2}
