"""Rewards of a finished duel (RULES.md §3.3.2)."""
from __future__ import annotations

import datetime as dt

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from accounts.permissions import PAY_REWARDS
from common.access import staff_may
from duels.engine.house_rules import RULEBOOK
from duels.models import DuelKind
from duels.selectors.house_rules import rules_of
from rankings.models import Outcome, Result, SalaryScale, Season
from rankings.services.rebuild import standings_rebuild
from rankings.services.standings import standings_apply, table_revision_bump

# The rulebook's rewards (§3.3.2); a duel's own come from its house rules (§8).
WIN_POINTS = RULEBOOK.win_points
WIN_SALARY_DAYS = RULEBOOK.win_salary_days
DRAW_SALARY_DAYS = RULEBOOK.draw_salary_days


def daily_salary(year: int) -> int:
    """The staff-edited daily salary for a year (0 when staff removed the row)."""
    return SalaryScale.objects.filter(year=year).values_list("daily_salary", flat=True).first() or 0


def study_year(participant, duel) -> int:
    """The year the purse follows ("selon l'année d'étude du duelliste", RULES.md §3.3.2): the
    character's RP year in an RP duel, the homework year in a non-RP duel (not the lower year a
    non-RP duel may be fought at)."""
    if duel.kind == DuelKind.RP:
        return participant.duellist.rp_year or participant.year
    return participant.duellist.homework_year


def participant_outcome(participant, duel) -> str:
    """Disqualified duellists get nothing, even on a winning team; one who forfeited has lost."""
    if participant.disqualified:
        return Outcome.DISQUALIFIED
    if duel.is_draw:
        return Outcome.DRAW
    if participant.team == duel.winner_team and not participant.forfeited:
        return Outcome.WIN
    return Outcome.LOSS


@transaction.atomic
def results_record(*, duel, now: dt.datetime | None = None) -> list[Result]:
    """One Result per duellist of a finished duel: a win gives 1 champion point and 4 days of the salary
    of the duellist's year of study; a draw 2 days of salary and no point; every loser (knocked out,
    forfeited or disqualified) a chocogrenouille.
    Idempotent: a duel's results are recorded once. The champions table (Standing rows) is updated in
    the same transaction."""
    existing = list(duel.results.all())
    if existing:
        return existing
    now = now or timezone.now()
    house = rules_of(duel)  # the rewards the duel started with (RULES.md §8)
    results = []
    for participant in duel.participants.select_related("duellist").order_by("team", "pk"):
        outcome = participant_outcome(participant, duel)
        salary_year = study_year(participant, duel)
        results.append(
            Result(
                duel=duel, participant=participant, duellist=participant.duellist, year=participant.year,
                outcome=outcome,
                champion_points=house.win_points if outcome == Outcome.WIN else 0,
                purse={Outcome.WIN: house.win_salary_days, Outcome.DRAW: house.draw_salary_days}.get(outcome, 0)
                * daily_salary(salary_year),
                salary_year=salary_year,
                # "Une défaite … chocogrenouille sera néanmoins offerte": every loser, disqualified too
                chocogrenouille=house.chocogrenouille and outcome in (Outcome.LOSS, Outcome.DISQUALIFIED),
                recorded_at=now,
            )
        )
    created = Result.objects.bulk_create(results)
    standings_apply(results=created, kind=duel.kind, format=duel.format)
    return created


@transaction.atomic
def season_save(*, season: Season) -> Season:
    """Create or change a season (validated like the admin form) and rebuild its table at once."""
    if season.club_id is None:  # its club before the checks: a taken name or identifier is one of its club's
        season.club_id = season.club_id_to_use()
    season.full_clean()
    season.save()
    standings_rebuild(season=season, fix=True)
    table_revision_bump()
    return season


@transaction.atomic
def season_delete(*, season: Season) -> None:
    season.delete()  # its table goes with it (cascade)
    table_revision_bump()


def rewards_to_pay():
    """Results whose purse or chocogrenouille has not been handed out on the forum yet, oldest first."""
    return (Result.objects.filter(paid_at__isnull=True).filter(Q(purse__gt=0) | Q(chocogrenouille=True))
            .select_related("duellist", "duel").defer("duel__spells", "duel__state", "duel__seed")
            .order_by("recorded_at", "pk"))


@transaction.atomic
def rewards_mark_paid(*, result_ids, by, now: dt.datetime | None = None) -> int:
    """Staff mark rewards paid on the forum ("payé"). Rewards already marked keep their first mark
    (two staff clicking at once never overwrite each other). Returns how many were marked now."""
    if not staff_may(by, PAY_REWARDS):
        raise PermissionDenied
    now = now or timezone.now()
    ids = list(Result.objects.select_for_update().filter(pk__in=list(result_ids), paid_at__isnull=True)
               .filter(Q(purse__gt=0) | Q(chocogrenouille=True)).values_list("pk", flat=True))
    return Result.objects.filter(pk__in=ids).update(paid_at=now, paid_by=by)
