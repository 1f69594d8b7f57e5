"""A tournament before its draw: staff create and edit it (a draft), choose its referees, open the
sign-up, close it into check-in, or cancel it. Each service: staff only, one transaction, audited."""
from __future__ import annotations

import datetime as dt
import re

from django.db import transaction
from django.utils import timezone

from accounts.models import User, has_referee_role
from audit.models import AuditAction
from duels.events import emit
from duels.models import DuelFormat, DuelKind
from tournaments.errors import TournamentRefused
from tournaments.events import TournamentCancelled, TournamentCheckinOpened, TournamentSignupOpened
from tournaments.models import (
    DrawRule,
    Seeding,
    Tournament,
    TournamentFormat,
    TournamentReferee,
    TournamentStatus,
)
from tournaments.services.common import audit, require_staff, require_status, tournament_lock

SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
OPTIONS = ("name", "slug", "description", "format", "team_format", "duel_kind", "combat_year", "draw_rule",
           "third_place", "group_count", "qualifiers_per_group", "swiss_rounds", "seeding", "counts_for_rest",
           "round_days", "forum_topic_url")
CHOICES = {"format": TournamentFormat, "team_format": DuelFormat, "duel_kind": DuelKind, "draw_rule": DrawRule,
           "seeding": Seeding}


def _check(tournament: Tournament) -> None:
    """The options hold together (each refusal names what to fix; nothing is stored)."""
    tournament.name = (tournament.name or "").strip()
    if not tournament.name:
        raise TournamentRefused("name-required", status=422)
    tournament.slug = (tournament.slug or "").strip()
    if not SLUG.match(tournament.slug) or len(tournament.slug) > 60:
        raise TournamentRefused("slug-invalid", status=422)
    if Tournament.objects.filter(slug=tournament.slug).exclude(pk=tournament.pk).exists():
        raise TournamentRefused("slug-taken", status=422)
    for field, choices in CHOICES.items():
        if getattr(tournament, field) not in choices.values:
            raise TournamentRefused("invalid-option", status=422, field=field)
    if tournament.combat_year is not None:
        if tournament.duel_kind == DuelKind.RP:
            raise TournamentRefused("rp-fixed-year", status=422)
        if not 1 <= tournament.combat_year <= 8:
            raise TournamentRefused("invalid-option", status=422, field="combat_year")
    if tournament.format == TournamentFormat.GROUPS_THEN_ELIMINATION:
        if not (tournament.group_count or 0) >= 1 or not (tournament.qualifiers_per_group or 0) >= 1:
            raise TournamentRefused("groups-options", status=422)
        if tournament.group_count * tournament.qualifiers_per_group < (4 if tournament.third_place else 2):
            raise TournamentRefused("groups-too-few-qualifiers", status=422)
    if tournament.format == TournamentFormat.SWISS and not (tournament.swiss_rounds or 0) >= 1:
        raise TournamentRefused("swiss-rounds", status=422)
    if tournament.third_place and tournament.format == TournamentFormat.SWISS:
        tournament.third_place = False  # a Swiss has no final
    if not 1 <= (tournament.round_days or 0) <= 60:
        raise TournamentRefused("round-days", status=422)


@transaction.atomic
def tournament_create(*, by: User, name: str, slug: str, now: dt.datetime | None = None, **options) -> Tournament:
    """A new draft. `options`: any of OPTIONS (format, team_format, duel_kind, combat_year, draw_rule,
    third_place, group_count, qualifiers_per_group, swiss_rounds, seeding, counts_for_rest, round_days,
    description, forum_topic_url); the model's defaults otherwise."""
    require_staff(by)
    unknown = set(options) - set(OPTIONS)
    if unknown:
        raise TournamentRefused("invalid-option", status=422, field=", ".join(sorted(unknown)))
    now = now or timezone.now()
    tournament = Tournament(name=name, slug=slug, created_by=by, created_at=now, updated_at=now, **options)
    _check(tournament)
    tournament.save()
    audit(by=by, action=AuditAction.TOURNAMENT_CREATE, tournament=tournament, name=tournament.name)
    return tournament


@transaction.atomic
def tournament_update(*, tournament: Tournament, by: User, now: dt.datetime | None = None, **changes) -> Tournament:
    """Change a draft's options (the same names as tournament_create). Refused once sign-up opened."""
    require_staff(by)
    tournament = tournament_lock(tournament)
    unknown = set(changes) - set(OPTIONS)
    if unknown:
        raise TournamentRefused("invalid-option", status=422, field=", ".join(sorted(unknown)))
    if tournament.status != TournamentStatus.DRAFT and set(changes) - {"name", "description", "forum_topic_url"}:
        raise TournamentRefused("not-draft", status=409)
    before = {field: getattr(tournament, field) for field in changes}
    for field, value in changes.items():
        setattr(tournament, field, value)
    _check(tournament)
    tournament.updated_at = now or timezone.now()
    tournament.save()
    audit(by=by, action=AuditAction.TOURNAMENT_CHANGE, tournament=tournament,
          changed={field: [str(before[field]), str(value)] for field, value in changes.items()
                   if before[field] != value})
    return tournament


@transaction.atomic
def tournament_referees_set(*, tournament: Tournament, by: User, referees: list[User]) -> list[TournamentReferee]:
    """The referees of the tournament's duels (empty: a rotation among the club's referees). Each must be
    a referee of the club (or its staff). Applies to the duels drawn from now on."""
    require_staff(by)
    tournament = tournament_lock(tournament)
    require_status(tournament, TournamentStatus.DRAFT, TournamentStatus.SIGNUP, TournamentStatus.CHECKIN,
                   TournamentStatus.RUNNING)
    for referee in referees:
        if not has_referee_role(referee):
            raise TournamentRefused("referee-not-referee", status=422, name=referee.get_username())
    TournamentReferee.objects.filter(tournament=tournament).delete()
    rows = [TournamentReferee.objects.create(tournament=tournament, user=referee)
            for referee in dict.fromkeys(referees)]
    audit(by=by, action=AuditAction.TOURNAMENT_CHANGE, tournament=tournament, referees=[r.user_id for r in rows])
    return rows


def _move(tournament: Tournament, by: User, status: str, now: dt.datetime, **fields) -> Tournament:
    before = tournament.status
    tournament.status, tournament.updated_at = status, now
    for field, value in fields.items():
        setattr(tournament, field, value)
    tournament.save(update_fields=["status", "updated_at", *fields])
    audit(by=by, action=AuditAction.TOURNAMENT_STATUS, tournament=tournament, before=before, after=status)
    return tournament


@transaction.atomic
def tournament_signup_open(*, tournament: Tournament, by: User, now: dt.datetime | None = None) -> Tournament:
    """Draft → sign-up: the options are frozen, members may enter."""
    require_staff(by)
    tournament = tournament_lock(tournament)
    require_status(tournament, TournamentStatus.DRAFT)
    now = now or timezone.now()
    _move(tournament, by, TournamentStatus.SIGNUP, now)
    emit(TournamentSignupOpened(tournament=tournament, now=now))
    return tournament


@transaction.atomic
def tournament_checkin_open(*, tournament: Tournament, by: User, closes_at: dt.datetime,
                            now: dt.datetime | None = None) -> Tournament:
    """Sign-up → check-in: no new entrant; each confirms they play before `closes_at` (then staff draw)."""
    require_staff(by)
    tournament = tournament_lock(tournament)
    require_status(tournament, TournamentStatus.SIGNUP)
    now = now or timezone.now()
    if closes_at is None or closes_at <= now:
        raise TournamentRefused("checkin-date", status=422)
    _move(tournament, by, TournamentStatus.CHECKIN, now, checkin_closes_at=closes_at)
    emit(TournamentCheckinOpened(tournament=tournament, now=now))
    return tournament


@transaction.atomic
def tournament_cancel(*, tournament: Tournament, by: User, reason: str, now: dt.datetime | None = None) -> Tournament:
    """Staff cancel a tournament not finished. Its duels already created run on as ordinary duels (their
    referees may cancel those not started); no match is recorded afterwards."""
    require_staff(by)
    tournament = tournament_lock(tournament)
    require_status(tournament, TournamentStatus.DRAFT, TournamentStatus.SIGNUP, TournamentStatus.CHECKIN,
                   TournamentStatus.RUNNING)
    now = now or timezone.now()
    _move(tournament, by, TournamentStatus.CANCELLED, now)
    audit(by=by, action=AuditAction.TOURNAMENT_STATUS, tournament=tournament, reason=(reason or "").strip())
    emit(TournamentCancelled(tournament=tournament, now=now))
    return tournament
