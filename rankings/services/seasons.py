"""The club's seasons, written by its staff from the control panel (/<club>/gestion/saisons/): each change is
checked against the club's staff role, validated like the admin's (no overlap: a day belongs to one season at
most, since the duellist's season chart and the season "now" read one), rebuilds the season's table at once and
is written to the audit log. Deleting a season keeps every result: only the date range and its table go."""
from __future__ import annotations

import datetime as dt

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from accounts.permissions import MANAGE_SEASONS
from audit.models import AuditAction
from audit.services import audit_record
from clubs.models import Club
from clubs.scoping import current_club
from common.access import staff_may
from rankings.models import Season
from rankings.services.rewards import season_delete, season_save

FIELDS = ("name", "slug", "starts_on", "ends_on")


def _facts(season: Season) -> dict:
    return {name: (value.isoformat() if isinstance(value, dt.date) else value)
            for name in FIELDS for value in [getattr(season, name)]}


def _checked(by) -> None:
    """The club's staff only; the club's row locked, so that two staff members saving seasons at once are
    checked one after the other (two overlapping seasons cannot both pass the overlap check)."""
    if not staff_may(by, MANAGE_SEASONS):
        raise PermissionDenied
    Club.objects.select_for_update().filter(pk=current_club().pk).exists()


@transaction.atomic
def season_create(*, by, name: str, slug: str, starts_on: dt.date, ends_on: dt.date) -> Season:
    """A new season of the club (ValidationError, in French, when it overlaps, ends before it starts or takes
    a name or identifier of another season)."""
    _checked(by)
    season = season_save(season=Season(name=name, slug=slug, starts_on=starts_on, ends_on=ends_on))
    audit_record(actor=by, action=AuditAction.SEASON_CREATE, data={"season": season.pk, **_facts(season)})
    return season


@transaction.atomic
def season_change(*, by, season: Season, name: str, slug: str, starts_on: dt.date, ends_on: dt.date) -> bool:
    """New name, identifier or dates for a season of the club; False when nothing changed."""
    _checked(by)
    season = Season.objects.select_for_update().filter(pk=season.pk).first()
    if season is None:
        raise ValidationError(_("Cette saison vient d'être supprimée."))
    before = _facts(season)
    season.name, season.slug, season.starts_on, season.ends_on = name, slug, starts_on, ends_on
    if _facts(season) == before:
        return False
    season_save(season=season)
    audit_record(actor=by, action=AuditAction.SEASON_CHANGE,
                 data={"season": season.pk, "before": before, "after": _facts(season)})
    return True


@transaction.atomic
def season_remove(*, by, season: Season) -> None:
    """The season is deleted with its table; the results of its duels stay (all-time table, duellists' pages)."""
    _checked(by)
    season = Season.objects.select_for_update().filter(pk=season.pk).first()
    if season is None:
        return  # deleted meanwhile
    facts = {"season": season.pk, **_facts(season)}
    season_delete(season=season)
    audit_record(actor=by, action=AuditAction.SEASON_DELETE, data=facts)
