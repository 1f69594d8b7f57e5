"""A forum's staff open their club themselves, then prove the forum is theirs; the operator may suspend one.

- `club_open`: a signed-in member creates a club and becomes its owner (and staff). Limits against abuse:
  a member owns at most MAX_CLUBS_OWNED clubs and opens at most one an hour; the site opens at most
  MAX_OPENINGS_PER_HOUR an hour. A forum address already proven by another club is refused.
- `club_verify`: the club's verification script (served by Estrade, pasted into the forum's « HTML &
  JavaScript » module) reports from the page it runs in: the browser sets the report's `Origin` to the
  forum's. The club is verified when that origin is its forum's and the key its own; one forum origin
  belongs to one verified club. Until then the club's forum publishing and PM batches stay off.
- `club_suspend` / `club_reinstate`: the operator's; a suspended club's pages say so, nothing is deleted.
"""
from __future__ import annotations

import datetime as dt
import hmac

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.models import Club, Membership, origin_of
from common.errors import RefusedError

MAX_CLUBS_OWNED = 3
MAX_OPENINGS_PER_HOUR = 20  # the whole site: a burst of sign-ups is a script, not twenty forums
HOUR = dt.timedelta(hours=1)


class ClubRefused(RefusedError):
    """A refused opening, verification or suspension: a stable code, a French message, an HTTP status."""

    def __init__(self, code: str, message, status: int = 400, **params):
        super().__init__(code, str(message) % params if params else str(message), status=status)


def verified_club_of(origin: str, *, other_than: Club | None = None) -> Club | None:
    """The verified club whose forum is at `origin` (one forum origin belongs to one club)."""
    clubs = Club.objects.filter(verified_at__isnull=False).filter(
        Q(forum_url__iexact=origin) | Q(forum_url__istartswith=origin + "/"))
    if other_than is not None:
        clubs = clubs.exclude(pk=other_than.pk)
    return clubs.first()


@transaction.atomic
def club_open(*, by, name: str, slug: str, forum_url: str, duel_section: int = 0, language: str = "fr",
              time_zone: str = "Europe/Paris", is_public: bool = True, now: dt.datetime | None = None) -> Club:
    """Open a club owned by `by`. Raises ClubRefused (limits, a forum already proven) or ValidationError
    (a field: a reserved or taken identifier, an address that is not one)."""
    now = now or timezone.now()
    if not (by.is_authenticated and by.is_active):
        raise ClubRefused("login-required", _("Connectez-vous pour ouvrir un club."), 403)
    get_user_model().objects.select_for_update().filter(pk=by.pk).first()  # one opening at a time per member
    owned = Membership.objects.filter(user=by, is_owner=True).count()
    if owned >= MAX_CLUBS_OWNED:
        raise ClubRefused("too-many-clubs", _("Vous êtes déjà propriétaire de %(count)d clubs : c'est le maximum."),
                          count=owned)
    recent = Club.objects.filter(created_at__gte=now - HOUR)
    if recent.filter(opened_by=by).exists():
        raise ClubRefused("opening-too-soon", _("Vous avez ouvert un club il y a moins d'une heure : réessayez plus tard."),
                          429)
    if recent.count() >= MAX_OPENINGS_PER_HOUR:
        raise ClubRefused("openings-busy", _("Trop de clubs ouverts cette heure-ci : réessayez dans une heure."), 429)
    origin = origin_of(forum_url)
    if origin and verified_club_of(origin) is not None:
        raise ClubRefused("forum-taken", _("Ce forum a déjà son club sur Estrade : demandez à son staff de vous y "
                                           "inviter."), 409)
    club = Club(name=name.strip(), slug=slug, forum_url=origin, duel_section=duel_section, language=language,
                time_zone=time_zone, is_public=is_public, opened_by=by, created_at=now)
    club.full_clean()
    try:
        with transaction.atomic():
            club.save()
    except IntegrityError:  # the same identifier taken between the check and the insert
        raise ValidationError({"slug": _("Cet identifiant est déjà pris.")}) from None
    Membership.objects.create(user=by, club=club, is_owner=True, is_staff=True, joined_at=now)
    return club


@transaction.atomic
def club_verify(*, club: Club, origin: str, key: str, now: dt.datetime | None = None) -> bool:
    """The verification script's report. True when it verified the club now, False when it already was."""
    club = Club.objects.select_for_update().get(pk=club.pk)
    if not hmac.compare_digest(key or "", club.verification_key):
        raise ClubRefused("wrong-key", _("Clé de vérification inconnue pour ce club."), 403)
    if club.is_verified:
        return False
    if not club.forum_origin:
        raise ClubRefused("no-forum", _("Donnez d'abord l'adresse du forum du club."), 409)
    if origin_of(origin) != club.forum_origin:
        raise ClubRefused("wrong-origin", _("Le rapport ne vient pas du forum du club (%(origin)s)."), 403,
                          origin=club.forum_origin)
    if verified_club_of(club.forum_origin, other_than=club) is not None:
        raise ClubRefused("forum-taken", _("Ce forum a déjà son club sur Estrade."), 409)
    club.verified_at = now or timezone.now()
    club.save(update_fields=["verified_at"])
    return True


def club_suspend(*, club: Club, by, reason: str, now: dt.datetime | None = None) -> None:
    """The operator suspends a club: its pages say so and refuse everything else; nothing is deleted."""
    if not (by.is_active and by.is_superuser):
        raise ClubRefused("operator-only", _("Seul l'opérateur du site suspend un club."), 403)
    if not (reason or "").strip():
        raise ClubRefused("reason-required", _("Donnez le motif de la suspension."))
    club.suspended_at, club.suspension_reason = now or timezone.now(), reason.strip()[:300]
    club.save(update_fields=["suspended_at", "suspension_reason"])


def club_reinstate(*, club: Club, by) -> None:
    if not (by.is_active and by.is_superuser):
        raise ClubRefused("operator-only", _("Seul l'opérateur du site suspend un club."), 403)
    club.suspended_at, club.suspension_reason = None, ""
    club.save(update_fields=["suspended_at", "suspension_reason"])
