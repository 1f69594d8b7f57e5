"""Reads of a tournament for the pages and the staff: its bracket or standings as the engine computes them
from the recorded matches, and the rounds past their end date with what each open match waits for."""
from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from django.db.models import Prefetch
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from duels.models import DuelStatus, SlotStatus, WindowSlot, WindowState
from tournaments import engine
from tournaments.models import Match, Round, Stage, Tournament, TournamentFormat, TournamentStatus
from tournaments.services.common import result_of
from tournaments.services.draw import bracket_of

# What an open match waits for (code → French label).
WAITS = {
    "staff": _("une décision du staff (pas de duel en cours)"),
    "stale": _("une décision du staff (résultat corrigé en amont)"),
    "referee": _("un arbitre pour le duel"),
    "magic-types": _("le choix des types de magie"),
    "start": _("le signal de départ de l'arbitre"),
    "posts": _("les messages des duellistes"),
    "declaration": _("la déclaration de l'arbitre"),
}


@dataclass
class MatchWait:
    match: Match
    waits_for: str  # a WAITS code
    who: list[str] = field(default_factory=list)  # the duellists (or the referee) awaited
    deadline: dt.datetime | None = None  # the awaited posts' earliest deadline

    @property
    def label(self) -> str:
        return str(WAITS[self.waits_for])


@dataclass
class OverdueRound:
    round: Round
    waiting: list[MatchWait]


def match_wait(match: Match) -> MatchWait:
    """What `match` (open) waits for, read from its duel."""
    duel = match.duel
    if match.stale:
        return MatchWait(match, "stale")
    if duel is None or duel.status in (DuelStatus.CANCELLED, DuelStatus.FINISHED):
        return MatchWait(match, "staff")
    if duel.status == DuelStatus.MATCHED:
        return MatchWait(match, "referee")
    participants = list(duel.participants.all())
    if duel.status == DuelStatus.SETUP:
        return MatchWait(match, "magic-types", [p.duellist.forum_name for p in participants
                                                if len(p.magic_types) != p.types_needed])
    referee = [duel.referee.get_username()] if duel.referee_id else []
    if duel.status == DuelStatus.READY:
        return MatchWait(match, "start", referee)
    slots = [s for w in duel.windows.all() if w.state == WindowState.OPEN for s in w.slots.all()
             if s.status == SlotStatus.WAITING]
    if slots:
        return MatchWait(match, "posts", [s.participant.duellist.forum_name for s in slots],
                         min(s.deadline for s in slots))
    return MatchWait(match, "declaration", referee)


def overdue_rounds(*, tournament: Tournament | None = None, now: dt.datetime | None = None) -> list[OverdueRound]:
    """The rounds of running tournaments (one, or all of the club's) past their end date and not complete,
    oldest first, each with its open matches and what they wait for."""
    now = now or timezone.now()
    rounds = Round.objects.filter(completed_at__isnull=True, ends_at__lt=now,
                                  tournament__status=TournamentStatus.RUNNING).select_related("tournament")
    if tournament is not None:
        rounds = rounds.filter(tournament=tournament)
    slots = WindowSlot.objects.select_related("participant__duellist")
    open_matches = (Match.objects.filter(outcome="").select_related("duel__referee", "side_a", "side_b")
                    .prefetch_related("duel__participants__duellist",
                                      Prefetch("duel__windows__slots", queryset=slots))
                    .order_by("group", "slot", "replay"))
    rounds = rounds.prefetch_related(Prefetch("matches", queryset=open_matches, to_attr="open_matches"))
    return [OverdueRound(r, [match_wait(m) for m in r.open_matches]) for r in rounds.order_by("ends_at", "pk")]


def bracket(tournament: Tournament) -> engine.BracketState | None:
    """The elimination bracket as the recorded matches leave it (None before the elimination stage)."""
    if not tournament.elimination_order:
        return None
    matches = Match.objects.filter(tournament=tournament, round__stage=Stage.ELIMINATION, side_b__isnull=False)
    results = {engine.MatchKey(m.bracket_round, m.slot, m.replay): result_of(m) for m in matches if m.outcome}
    return engine.bracket_state(bracket_of(tournament), results)


def standings(tournament: Tournament) -> list[tuple[int, tuple[engine.Standing, ...]]]:
    """The tables: each group's (group number, rows) for groups; one table (0, rows) for a Swiss."""
    if tournament.format == TournamentFormat.SINGLE_ELIMINATION or not tournament.seed_order:
        return []
    stage = Stage.SWISS if tournament.format == TournamentFormat.SWISS else Stage.GROUP
    matches = list(Match.objects.filter(tournament=tournament, round__stage=stage))
    results = [result_of(m) for m in matches if m.outcome and m.side_b_id]
    if stage == Stage.SWISS:
        byes = [m.side_a_id for m in matches if m.side_b_id is None]
        return [(0, engine.swiss_standings(tournament.seed_order, results, byes))]
    groups = engine.snake_groups(tournament.seed_order, tournament.group_count)
    return [(number, engine.standings(group, [r for r in results if r.a in group and r.b in group]))
            for number, group in enumerate(groups, 1)]


def duellist_matches(duellist) -> list[Match]:
    """A duellist's tournament matches (as a player or a partner), newest first, with their tournament,
    round, sides and duel: the duellist's record lists them."""
    from django.db.models import Q

    mine = Q(side_a__duellist=duellist) | Q(side_a__partner=duellist) | Q(side_b__duellist=duellist) | Q(
        side_b__partner=duellist)
    return list(Match.objects.filter(mine).select_related(
        "tournament", "round", "duel", "side_a__duellist", "side_a__partner", "side_b__duellist", "side_b__partner",
    ).order_by("-round__drawn_at", "-pk"))
