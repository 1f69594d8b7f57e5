"""Registrations (RULES.md §1.1–1.2, §2.1 wand rest)."""
from __future__ import annotations

import datetime as dt

from django.db import transaction
from django.utils import timezone

from accounts.models import Duellist, User
from accounts.services.members import eligibility
from common.access import staff_may
from duels.models import RUNNING, Duel, DuelFormat, DuelKind, Registration, RegistrationStatus
from duels.models.duel import NOT_STARTED
from duels.selectors.wand_rest import wand_rest_remaining
from duels.services.errors import DuelError


def registration_refusal(duellist: Duellist, today: dt.date | None = None) -> DuelError | None:
    """Why `duellist` may not register for any duel right now (not eligible, a registration already
    waiting, a duel not over, wand rest), or None. The check registration_create makes, in its order;
    what depends on the duel asked for (kind, format, year, names) comes after."""
    reasons = eligibility(duellist, today or timezone.localdate())
    if reasons:
        return DuelError("not-eligible", reasons=" ".join(str(r) for r in reasons))
    if Registration.objects.filter(duellist=duellist, status=RegistrationStatus.WAITING).exists():
        return DuelError("already-registered")
    if Duel.objects.filter(
        participants__duellist=duellist, status__in=[*NOT_STARTED, *RUNNING]
    ).exists():
        return DuelError("already-in-duel")
    remaining = wand_rest_remaining(duellist=duellist)
    if remaining:
        return DuelError("wand-rest", remaining=remaining)
    return None


def _year_for(*, duellist: Duellist, kind: str, year: int | None) -> int:
    if kind == DuelKind.RP:
        if duellist.rp_year is None:
            raise DuelError("not-in-chronology")
        return duellist.rp_year  # §1.2: an RP duellist fights at their RP year
    if year is None:
        raise DuelError("year-required")
    if not 1 <= year <= 8:
        raise DuelError("invalid-year")
    if year > duellist.homework_year:
        raise DuelError("year-above-homework", max=duellist.get_homework_year_display())
    return year


def _check_named(*, duellist: Duellist, format: str, opponent: Duellist | None, partner: Duellist | None) -> None:
    if duellist in (opponent, partner):
        raise DuelError("named-self")
    if partner is not None and format != DuelFormat.TWO_V_TWO:
        raise DuelError("partner-only-2v2")
    if partner is not None and partner == opponent:
        raise DuelError("partner-is-opponent")
    if opponent is not None and format == DuelFormat.TWO_V_TWO and partner is None:
        raise DuelError("opponent-needs-partner")


@transaction.atomic
def registration_create(
    *,
    duellist: Duellist,
    kind: str,
    format: str,
    year: int | None = None,
    named_opponent: Duellist | None = None,
    named_partner: Duellist | None = None,
    today: dt.date | None = None,
) -> Registration:
    """Register `duellist` for a duel. RP duels use the character's RP year (`year` is ignored);
    non-RP duels need a year <= the homework year. Refusals raise DuelError with a French reason."""
    if kind not in DuelKind.values:
        raise DuelError("invalid-kind")
    if format not in DuelFormat.values:
        raise DuelError("invalid-format")
    # One registration at a time per duellist: serialize on their row (the partial unique index backs it).
    duellist = Duellist.objects.select_for_update().get(pk=duellist.pk)
    refusal = registration_refusal(duellist, today)
    if refusal is not None:
        raise refusal
    fight_year = _year_for(duellist=duellist, kind=kind, year=year)
    _check_named(duellist=duellist, format=format, opponent=named_opponent, partner=named_partner)
    return Registration.objects.create(
        duellist=duellist, kind=kind, format=format, year=fight_year,
        named_opponent=named_opponent, named_partner=named_partner, created_at=timezone.now(),
    )


@transaction.atomic
def registration_withdraw(*, registration: Registration, user: User) -> Registration:
    """The player takes back a registration that is still waiting (or staff allowed to change registrations)."""
    registration = Registration.objects.select_for_update().select_related("duellist").get(pk=registration.pk)
    if registration.duellist.user_id != user.pk and not staff_may(user, "duels.change_registration"):
        raise DuelError("not-your-registration")
    if registration.status != RegistrationStatus.WAITING:
        raise DuelError("registration-not-waiting")
    registration.status = RegistrationStatus.WITHDRAWN
    registration.save(update_fields=["status"])
    return registration
