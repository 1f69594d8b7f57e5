"""Drawing a tournament: the seeds frozen, the first round's duels made (tournaments.services.draw builds
them), and a first round of byes and forfeits moved on at once (tournaments.services.progress)."""
from __future__ import annotations

import datetime as dt
import random

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from tournaments import engine
from tournaments.errors import TournamentRefused
from tournaments.models import Entrant, Round, Stage, Tournament, TournamentFormat, TournamentStatus
from tournaments.services.common import require_staff, tournament_lock
from tournaments.services.draw import (
    MINIMUM,
    elimination_first_round,
    group_round,
    round_open,
    seed_order,
    swiss_round,
)
from tournaments.services.progress import advance


@transaction.atomic
def tournament_draw(*, tournament: Tournament, by: User, now: dt.datetime | None = None,
                    rng: random.Random | None = None) -> Round:
    """Staff draw the first round once check-in is open: the checked-in entrants (not withdrawn) get their
    seeds, the seed order is frozen, and the first round's duels are created. Refused (nothing stored)
    with too few entrants for the format."""
    require_staff(by)
    tournament = tournament_lock(tournament)
    if tournament.status != TournamentStatus.CHECKIN:
        raise TournamentRefused("wrong-status", status=409, state=TournamentStatus(tournament.status).label)
    now = now or timezone.now()
    present = list(tournament.entrants.filter(checked_in_at__isnull=False, withdrawn_at__isnull=True)
                   .select_related("duellist", "partner").order_by("registered_at", "pk"))
    groups, per_group = tournament.group_count or 1, tournament.qualifiers_per_group or 1
    minimum = MINIMUM.get(tournament.format, max(2 * groups, groups * per_group))
    if tournament.third_place and tournament.format != TournamentFormat.SWISS:
        minimum = max(minimum, 4)
    if len(present) < minimum:
        raise TournamentRefused("too-few-entrants", status=422, min=minimum, count=len(present))
    if len(present) > engine.MAX_ENTRANTS:
        raise TournamentRefused("too-many-entrants", status=422, max=engine.MAX_ENTRANTS)
    ordered = seed_order(tournament, present, rng)
    for seed, entrant in enumerate(ordered, 1):
        entrant.seed = seed
    Entrant.objects.bulk_update(ordered, ["seed"])
    tournament.seed_order = [e.pk for e in ordered]
    tournament.status, tournament.started_at, tournament.updated_at = TournamentStatus.RUNNING, now, now
    by_id = {e.pk: e for e in ordered}
    if tournament.format == TournamentFormat.SINGLE_ELIMINATION:
        tournament.elimination_order = list(tournament.seed_order)
        stage, plans = Stage.ELIMINATION, None
    elif tournament.format == TournamentFormat.GROUPS_THEN_ELIMINATION:
        stage, plans = Stage.GROUP, group_round(tournament, by_id, 1)
    else:
        stage, plans = Stage.SWISS, swiss_round(tournament, by_id, 1, [], [])
    tournament.save(update_fields=["seed_order", "elimination_order", "status", "started_at", "updated_at"])
    if plans is None:
        plans = elimination_first_round(tournament, by_id)
    first = round_open(tournament, stage, plans, by=by, now=now)
    advance(tournament=tournament, round=first, by=by, now=now)  # a round of byes and forfeits only moves on
    return first
