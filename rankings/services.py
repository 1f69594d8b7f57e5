"""Rewards of a finished duel (RULES.md §3.3.2)."""
from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils import timezone

from rankings.models import Outcome, Result, SalaryScale, Season
from rankings.standings import standings_apply, standings_rebuild, table_revision_bump

WIN_POINTS = 1
WIN_SALARY_DAYS = 4
DRAW_SALARY_DAYS = 2


def daily_salary(year: int) -> int:
    """The staff-edited daily salary for a year (0 when staff removed the row)."""
    return SalaryScale.objects.filter(year=year).values_list("daily_salary", flat=True).first() or 0


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
    of the year fought at; a draw 2 days of salary and no point; a loss a chocogrenouille.
    Idempotent: a duel's results are recorded once. The champions table (Standing rows) is updated in
    the same transaction."""
    existing = list(duel.results.all())
    if existing:
        return existing
    now = now or timezone.now()
    results = []
    for participant in duel.participants.select_related("duellist").order_by("team", "pk"):
        outcome = participant_outcome(participant, duel)
        salary = daily_salary(participant.year)
        results.append(
            Result(
                duel=duel, participant=participant, duellist=participant.duellist, year=participant.year,
                outcome=outcome,
                champion_points=WIN_POINTS if outcome == Outcome.WIN else 0,
                purse={Outcome.WIN: WIN_SALARY_DAYS, Outcome.DRAW: DRAW_SALARY_DAYS}.get(outcome, 0) * salary,
                chocogrenouille=outcome == Outcome.LOSS,
                recorded_at=now,
            )
        )
    created = Result.objects.bulk_create(results)
    standings_apply(results=created, kind=duel.kind, format=duel.format)
    return created


@transaction.atomic
def season_save(*, season: Season) -> Season:
    """Create or change a season (validated like the admin form) and rebuild its table at once."""
    season.full_clean()
    season.save()
    standings_rebuild(season=season, fix=True)
    table_revision_bump()
    return season


@transaction.atomic
def season_delete(*, season: Season) -> None:
    season.delete()  # its table goes with it (cascade)
    table_revision_bump()
