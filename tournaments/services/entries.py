"""Entering a tournament: sign-up (a 2v2 pair together), check-in, and withdrawal.

Who may enter: what makes a member eligible for any duel of the club applies (accounts' eligibility, with
the club's house rules: forum age and posts). The combat year follows the tournament's year rule
(tournaments/models.py) and is frozen on the entrant. A duellist enters a tournament once, as a player or
as a partner. Other duels do not bar sign-up (the tournament's rounds come later); a duellist's wand rest
does not either: a tournament duel is arranged, not registered.
"""
from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from accounts.models import Duellist, User
from accounts.permissions import MANAGE_TOURNAMENTS
from accounts.services.members import eligibility
from audit.models import AuditAction
from common.access import staff_may
from duels.models import DuelKind
from tournaments.errors import TournamentRefused
from tournaments.models import Entrant, Tournament, TournamentStatus
from tournaments.services.common import audit, require_status, tournament_lock


def combat_year(tournament: Tournament, duellist: Duellist) -> int:
    """The year `duellist` fights at in `tournament` (the year rule), or a refusal saying why they cannot."""
    if tournament.duel_kind == DuelKind.RP:
        if duellist.rp_year is None:
            raise TournamentRefused("not-in-chronology", status=422, name=duellist.forum_name)
        return duellist.rp_year
    if tournament.combat_year is None:
        return duellist.homework_year
    if tournament.combat_year > duellist.homework_year:
        raise TournamentRefused("year-above-homework", status=422, name=duellist.forum_name,
                                year=tournament.combat_year, max=duellist.homework_year)
    return tournament.combat_year


def _check_eligible(duellist: Duellist, today: dt.date) -> None:
    reasons = eligibility(duellist, today)
    if reasons:
        raise TournamentRefused("not-eligible", status=422, name=duellist.forum_name,
                                reasons=" ".join(str(r) for r in reasons))


def _already_in(tournament: Tournament, duellist: Duellist) -> bool:
    return Entrant.objects.filter(Q(duellist=duellist) | Q(partner=duellist), tournament=tournament).exists()


@transaction.atomic
def entrant_register(*, tournament: Tournament, duellist: Duellist, by: User, partner: Duellist | None = None,
                     today: dt.date | None = None, now: dt.datetime | None = None) -> Entrant:
    """`duellist` (the member's own, or anyone's for staff) enters `tournament` while sign-up is open;
    in 2v2 with `partner`, who must be eligible and not in the tournament either."""
    tournament = tournament_lock(tournament)  # serializes the "entered once" checks of one tournament
    if duellist.user_id != by.pk and not staff_may(by, MANAGE_TOURNAMENTS):
        raise TournamentRefused("not-your-duellist", status=403)
    if tournament.status != TournamentStatus.SIGNUP:
        raise TournamentRefused("signup-closed", status=409)
    if tournament.is_two_v_two and partner is None:
        raise TournamentRefused("partner-required", status=422)
    if not tournament.is_two_v_two and partner is not None:
        raise TournamentRefused("partner-only-2v2", status=422)
    if partner is not None and partner.pk == duellist.pk:
        raise TournamentRefused("partner-self", status=422)
    now = now or timezone.now()
    today = today or timezone.localdate(now)
    years = []
    for member in (duellist, partner) if partner is not None else (duellist,):
        if _already_in(tournament, member):
            raise TournamentRefused("already-entered", status=409, name=member.forum_name)
        _check_eligible(member, today)
        years.append(combat_year(tournament, member))
    entrant = Entrant.objects.create(tournament=tournament, duellist=duellist, partner=partner, year=years[0],
                                     partner_year=years[1] if partner is not None else None, registered_at=now)
    audit(by=by, action=AuditAction.TOURNAMENT_ENTRANT, tournament=tournament, entrant=entrant.pk, change="register")
    return entrant


def _require_own_or_staff(entrant: Entrant, by: User) -> None:
    own = by.is_authenticated and by.pk in {entrant.duellist.user_id, entrant.partner.user_id if entrant.partner_id else None}
    if not own and not staff_may(by, MANAGE_TOURNAMENTS):
        raise TournamentRefused("not-your-entry", status=403)


@transaction.atomic
def entrant_check_in(*, entrant: Entrant, by: User, now: dt.datetime | None = None) -> Entrant:
    """The entrant (either member of a pair) confirms they play, during check-in and before it closes."""
    tournament = tournament_lock(entrant.tournament)
    entrant = Entrant.objects.select_related("duellist", "partner").get(pk=entrant.pk)
    _require_own_or_staff(entrant, by)
    now = now or timezone.now()
    if entrant.withdrawn_at is not None:
        raise TournamentRefused("already-withdrawn", status=409)
    if tournament.status != TournamentStatus.CHECKIN or (
            tournament.checkin_closes_at is not None and now > tournament.checkin_closes_at):
        raise TournamentRefused("checkin-closed", status=409)
    if entrant.checked_in_at is None:
        entrant.checked_in_at = now
        entrant.save(update_fields=["checked_in_at"])
        audit(by=by, action=AuditAction.TOURNAMENT_ENTRANT, tournament=tournament, entrant=entrant.pk,
              change="check-in")
    return entrant


@transaction.atomic
def entrant_withdraw(*, entrant: Entrant, by: User, now: dt.datetime | None = None) -> Entrant:
    """The entrant (either member of a pair) withdraws during sign-up and check-in; once the tournament runs
    only staff withdraw it, and it forfeits its open match (its duel ends as a forfeit, or is called off when
    not started) and every later one: the opponent advances."""
    tournament = tournament_lock(entrant.tournament)
    entrant = Entrant.objects.select_related("duellist", "partner").get(pk=entrant.pk)
    _require_own_or_staff(entrant, by)
    require_status(tournament, TournamentStatus.SIGNUP, TournamentStatus.CHECKIN, TournamentStatus.RUNNING)
    if tournament.status == TournamentStatus.RUNNING and not staff_may(by, MANAGE_TOURNAMENTS):
        raise TournamentRefused("withdraw-running", status=409)
    if entrant.withdrawn_at is not None:
        raise TournamentRefused("already-withdrawn", status=409)
    now = now or timezone.now()
    entrant.withdrawn_at = now
    entrant.save(update_fields=["withdrawn_at"])
    audit(by=by, action=AuditAction.TOURNAMENT_ENTRANT, tournament=tournament, entrant=entrant.pk, change="withdraw")
    if tournament.status == TournamentStatus.RUNNING:
        from tournaments.services.progress import entrant_forfeit_open_match

        entrant_forfeit_open_match(tournament=tournament, entrant=entrant, by=by, now=now)
    return entrant
