"""Points given or taken by hand: a prefect (their own house only when the club says so) or the club's
staff, always with a reason, each entry in the audit log. A mistaken entry is cancelled by its reversal."""
from __future__ import annotations

import datetime as dt

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from audit.models import AuditAction
from audit.services import audit_record
from cup.models import Cause, House, LedgerEntry
from cup.selectors import cup_settings, prefect_house_ids
from cup.services.common import CupRefused, may_manage_cup
from cup.services.ledger import _reversal, _written

MAX_POINTS = 1000  # one award, either way
REASON_LENGTH = LedgerEntry._meta.get_field("reason").max_length


def may_award(user, house: House) -> bool:
    """Staff: every house. A prefect: their houses, or every house when the club lets prefects do so."""
    if may_manage_cup(user):
        return True
    mine = prefect_house_ids(user)
    if not mine:
        return False
    return house.pk in mine or not cup_settings().prefects_own_house_only


def _reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise CupRefused(_("Donnez le motif des points."), "reason-missing")
    if len(reason) > REASON_LENGTH:
        raise CupRefused(_("Le motif tient en %(n)s caractères au plus.") % {"n": REASON_LENGTH}, "reason-too-long")
    return reason


@transaction.atomic
def points_award(*, by, house: House, points, reason: str, now: dt.datetime | None = None) -> LedgerEntry:
    """Give (points > 0) or take (points < 0) a house's points, with a reason."""
    if not may_award(by, house):
        raise CupRefused(_("Vous ne pouvez pas donner ni retirer de points à %(house)s.") % {"house": house.name},
                         "not-allowed")
    if isinstance(points, bool) or not isinstance(points, int) or points == 0 or abs(points) > MAX_POINTS:
        raise CupRefused(_("Un nombre de points entre -%(max)s et %(max)s, sans zéro.") % {"max": MAX_POINTS},
                         "points-invalid")
    reason = _reason(reason)
    now = now or timezone.now()
    entry = LedgerEntry(club_id=house.club_id, house=house, points=points, reason=reason, cause=Cause.MANUAL,
                        created_by=by, created_at=now, occurred_at=now)
    _written([entry], now)
    audit_record(actor=by, action=AuditAction.CUP_POINTS, reason=reason,
                 data={"house": house.name, "points": points, "entry": entry.pk})
    return entry


@transaction.atomic
def award_cancel(*, by, entry: LedgerEntry, reason: str, now: dt.datetime | None = None) -> LedgerEntry:
    """Cancel a hand-given entry by its reversal (once): whoever may award to its house."""
    if entry.cause != Cause.MANUAL:
        raise CupRefused(_("Seuls les points donnés à la main s'annulent ici : un duel se corrige par sa "
                           "déclaration."), "not-manual")
    if not may_award(by, entry.house):
        raise CupRefused(_("Vous ne pouvez pas donner ni retirer de points à %(house)s.") % {"house": entry.house.name},
                         "not-allowed")
    reason = _reason(reason)
    now = now or timezone.now()
    reversal = _reversal(entry, now=now, by=by, reason=reason)
    try:
        with transaction.atomic():
            _written([reversal], now)
    except IntegrityError:  # reversed meanwhile (reverses is unique)
        raise CupRefused(_("Ces points sont déjà annulés."), "already-cancelled") from None
    audit_record(actor=by, action=AuditAction.CUP_POINTS, reason=reason,
                 data={"house": entry.house.name, "points": reversal.points, "entry": reversal.pk,
                       "cancels": entry.pk})
    return reversal
