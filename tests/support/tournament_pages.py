"""Stored tournaments for the page, picture and API tests: rows written directly (the services are tested
on their own), drawn from the engine the way the services draw them."""
from __future__ import annotations

import datetime as dt

from django.utils import timezone

from accounts.models import Duellist
from duels.models import DuelStatus
from tests.factories.accounts import DuellistFactory
from tests.factories.duels import DuelFactory
from tournaments import engine
from tournaments.models import (
    Entrant,
    Match,
    Outcome,
    Round,
    Stage,
    Tournament,
    TournamentFormat,
    TournamentStatus,
)


def stored_tournament(*, field: int = 4, slug: str = "coupe", name: str = "Coupe d'hiver",
                      format: str = TournamentFormat.SINGLE_ELIMINATION, status: str = TournamentStatus.RUNNING,
                      drawn: bool = True, **options) -> Tournament:
    """A tournament of `field` entrants ("Sorcier 1"… in seed order); drawn: its first round stored, each
    match with a duel waiting for its duellists (a bye has none)."""
    tournament = Tournament.objects.create(name=name, slug=slug, format=format, status=status, **options)
    entrants = []
    for number in range(1, field + 1):
        name = f"Sorcier {number}"  # the same people in each tournament of a test
        duellist = Duellist.objects.filter(forum_name=name).first() or DuellistFactory(forum_name=name)
        entrants.append(Entrant.objects.create(tournament=tournament, duellist=duellist, year=5,
                                               seed=number if drawn else None))
    if drawn:
        tournament.seed_order = [e.pk for e in entrants]
        if format == TournamentFormat.SINGLE_ELIMINATION:
            tournament.elimination_order = tournament.seed_order
        tournament.started_at = timezone.now()
        tournament.save(update_fields=["seed_order", "elimination_order", "started_at"])
        if format == TournamentFormat.SINGLE_ELIMINATION:
            draw_elimination_round(tournament, 1)
        elif format == TournamentFormat.SWISS:
            pairing = engine.swiss_pairings(tournament.seed_order, [], [])
            round_ = _round(tournament, 1, Stage.SWISS)
            for slot, (a, b) in enumerate(pairing.pairs, start=1):
                _match(round_, bracket_round=1, slot=slot, a=a, b=b)
            if pairing.bye is not None:
                _match(round_, bracket_round=1, slot=len(pairing.pairs) + 1, a=pairing.bye, b=None)
        else:
            round_ = _round(tournament, 1, Stage.GROUP)
            groups = engine.snake_groups(tournament.seed_order, tournament.group_count)
            for number, group in enumerate(groups, start=1):
                first = engine.round_robin_schedule(group)[0]
                for slot, (a, b) in enumerate(first.pairs, start=1):
                    _match(round_, bracket_round=1, slot=slot, a=a, b=b, group=number)
    return tournament


def _round(tournament: Tournament, number: int, stage: str) -> Round:
    return Round.objects.create(tournament=tournament, number=number, stage=stage,
                                ends_at=timezone.now() + dt.timedelta(days=tournament.round_days))


def _match(round_: Round, *, bracket_round: int, slot: int, a: int, b: int | None, group: int = 0) -> Match:
    duel = DuelFactory(status=DuelStatus.MATCHED) if b is not None else None
    return Match.objects.create(tournament=round_.tournament, round=round_, group=group, bracket_round=bracket_round,
                                slot=slot, side_a_id=a, side_b_id=b, duel=duel)


def bracket_of(tournament: Tournament) -> engine.BracketState:
    results = {engine.MatchKey(m.bracket_round, m.slot, m.replay): engine.Result(
        m.side_a_id, m.side_b_id, {Outcome.A: engine.A_WON, Outcome.B: engine.B_WON}[m.outcome])
        for m in Match.objects.filter(tournament=tournament).exclude(outcome="").exclude(side_b=None)}
    bracket = engine.build_bracket(tournament.seed_order, third_place=tournament.third_place)
    return engine.bracket_state(bracket, results)


def draw_elimination_round(tournament: Tournament, number: int) -> Round:
    """Store the round's matches of the bracket (byes included) as the results leave it."""
    round_ = _round(tournament, number, Stage.ELIMINATION)
    for match in bracket_of(tournament).matches:
        if match.key.round == number and match.status in (engine.READY, engine.BYE):
            _match(round_, bracket_round=number, slot=match.key.slot, a=match.a, b=match.b)
    return round_


def play_round(tournament: Tournament, *, outcome: str = Outcome.A) -> None:
    """Every open match of the current round won by side `outcome`, the round completed, the next drawn."""
    round_ = Round.objects.filter(tournament=tournament, completed_at=None).order_by("number").first()
    for match in Match.objects.filter(round=round_, outcome="").exclude(side_b=None):
        match.outcome, match.how, match.decided_at = outcome, "played", timezone.now()
        match.save()
    round_.completed_at = timezone.now()
    round_.save(update_fields=["completed_at"])
    state = bracket_of(tournament)
    if state.champion is not None:
        tournament.status, tournament.winner_id = TournamentStatus.FINISHED, state.champion
        tournament.save(update_fields=["status", "winner"])
    elif tournament.format == TournamentFormat.SINGLE_ELIMINATION:
        draw_elimination_round(tournament, round_.number + 1)
