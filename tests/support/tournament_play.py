"""Tournaments driven through their services in tests, and their duels ended through the duel services."""
from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils import timezone

from clubs.roles import staff_role_store
from duels.models import Duel, DuelStatus, Participant
from duels.services import duel_start, magic_types_choose, rules
from duels.services.common import duel_lock
from duels.services.faults import fault_record, forfeit
from duels.services.finish import duel_finish
from tests.factories.duels import TEST_SPELLS, DuellistFactory, RefereeFactory, UserFactory, magic_type
from tournaments.models import Match, Tournament
from tournaments.services import (
    entrant_check_in,
    entrant_register,
    tournament_checkin_open,
    tournament_create,
    tournament_draw,
    tournament_signup_open,
)

SLUGS = iter(f"tournoi-{n}" for n in range(10_000))


def staff_member():
    user = UserFactory()
    staff_role_store(user)
    return user


def running(*, entrants: int = 4, by=None, pairs: bool = False, referees: int = 2, **options):
    """A tournament drawn with `entrants` checked-in entrants (pairs in 2v2), a few club referees.
    Returns (tournament, staff, entrants in sign-up order)."""
    by = by or staff_member()
    for _ in range(referees):
        RefereeFactory()
    magic_type("malefices"), magic_type("soins")
    if pairs:
        options["team_format"] = "2v2"
    tournament = tournament_create(by=by, name="Coupe d'hiver", slug=next(SLUGS), **options)
    tournament_signup_open(tournament=tournament, by=by)
    made = []
    for _ in range(entrants):
        duellist = DuellistFactory()
        partner = DuellistFactory() if pairs else None
        made.append(entrant_register(tournament=tournament, duellist=duellist, partner=partner, by=duellist.user))
    tournament_checkin_open(tournament=tournament, by=by, closes_at=timezone.now() + dt.timedelta(days=2))
    for entrant in made:
        entrant_check_in(entrant=entrant, by=entrant.duellist.user)
    tournament_draw(tournament=tournament, by=by)
    tournament.refresh_from_db()
    return tournament, by, made


def start(duel: Duel) -> Duel:
    """Magic types chosen, the referee's start signal."""
    for participant in duel.participants.select_related("duellist__user"):
        magic_types_choose(participant=participant, types=["malefices"] if participant.year <= 5
                           else ["malefices", "soins"], by=participant.duellist.user)
    return duel_start(duel=duel, by=duel.referee, spells=TEST_SPELLS)


def end(duel: Duel, *, winner: int | None, how: str = "played") -> Duel:
    """End a duel through the duel services: the losing team knocked out by the referee's PF penalty
    (`played`), forfeiting, or disqualified; `winner=None`: both teams out at once (a draw)."""
    duel.refresh_from_db()
    if duel.status in ("matched", "setup", "ready"):
        start(duel)
    losers = list(Participant.objects.filter(duel=duel).exclude(team=winner).select_related("duellist__user"))
    if winner is None:  # a double knock-out: every duellist at 0 PF in the same declaration
        with transaction.atomic():
            locked = duel_lock(duel)
            data = dict(locked.state)
            data["duellists"] = [{**fighter, "pf": 0, "status": "knocked-out"} for fighter in data["duellists"]]
            duel_finish(duel=locked, state=rules.state_load(data, locked.spells), now=timezone.now())
    elif how == "forfeit":
        for participant in losers:
            duel.refresh_from_db()
            if duel.status != DuelStatus.FINISHED:
                forfeit(duel=duel, by=participant.duellist.user)
    elif how == "disqualification":
        with transaction.atomic():
            locked = duel_lock(duel)
            state = rules.state_load(locked.state)
            for participant in losers:
                state, _events = rules.apply_disqualification(state, participant.engine_id)
                participant.disqualified = True
                participant.save(update_fields=["disqualified"])
            from duels.services.sanctions import state_commit

            state_commit(duel=locked, state=state, now=timezone.now())
    else:
        for participant in losers:
            duel.refresh_from_db()
            if duel.status != DuelStatus.FINISHED:
                fault_record(duel=duel, participant=participant, by=duel.referee, note="Coup bas", pf_penalty=999)
    duel.refresh_from_db()
    assert duel.status == DuelStatus.FINISHED
    return duel


def open_matches(tournament: Tournament) -> list[Match]:
    return list(Match.objects.filter(tournament=tournament, outcome="").select_related("duel").order_by("pk"))


def play_round(tournament: Tournament, *, winner: int = 1) -> None:
    """End every open match's duel, side `winner` winning."""
    for match in open_matches(tournament):
        end(match.duel, winner=winner)


def won_by_declaration(duel: Duel):
    """Side A's fatal blow at the first declaration (the sequence of tests/support/corrections.finished):
    returns (declaration, hitter) for a correction to turn around."""
    from tests.support.duels import bet_for, declare, post

    start(duel)
    duel.refresh_from_db()
    a, b = list(duel.participants.select_related("duellist__user").order_by("team", "pk"))
    post(duel, a, [{"cast": "coup", "target": b.engine_id, "bet": bet_for(duel, order=1, win=True)}])
    post(duel, b, [])
    declaration = declare(duel, duel.referee)
    if duel.status != DuelStatus.FINISHED:
        post(duel, b, [{"nothing": True}])
        declaration = declare(duel, duel.referee)
    assert duel.status == DuelStatus.FINISHED and duel.winner_team == 1
    return declaration, a
